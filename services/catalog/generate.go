// Package catalog is the catalog service: building, apartments, semesters and prices.
package catalog

//go:generate go tool -modfile=../../tools/go.mod sqlc generate
//go:generate go tool gqlgen generate
