// Package document is the document service: identity card copies, enrollment certificates and
// (later) contracts.
package document

//go:generate go tool -modfile=../../tools/go.mod sqlc generate
//go:generate go tool gqlgen generate
