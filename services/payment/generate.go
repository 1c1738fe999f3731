// Package payment is the payment service: one payment per renting, its checkout link and the
// provider's reports.
package payment

//go:generate go tool -modfile=../../tools/go.mod sqlc generate
//go:generate go tool gqlgen generate
