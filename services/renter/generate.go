// Package renter is the renter service: renters' personal data, e-mail confirmation and mails.
package renter

//go:generate go tool -modfile=../../tools/go.mod sqlc generate
//go:generate go tool gqlgen generate
