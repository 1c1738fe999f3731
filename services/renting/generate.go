// Package renting is the renting service: rentings and their log, availability per semester and the
// booking saga.
package renting

//go:generate go tool -modfile=../../tools/go.mod sqlc generate
//go:generate go tool gqlgen generate
