// Package testgraph is a gqlgen schema for the graphqlx tests. Its resolvers misbehave on purpose.
package testgraph

//go:generate go tool gqlgen generate

import (
	"context"
	"errors"
	"fmt"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/identity"
)

// Resolver implements the schema.
type Resolver struct{}

// Query implements ResolverRoot.
func (r *Resolver) Query() QueryResolver { return r }

// Secret is the detail an internal error must not show to a client.
const Secret = "password=hunter2"

// ErrDatabase is the internal error InternalFailure wraps.
var ErrDatabase = errors.New("connect " + Secret)

func (r *Resolver) Hello(context.Context) (string, error) { return "world", nil }

func (r *Resolver) Secret(context.Context) (*string, error) { s := "admin only"; return &s, nil }

func (r *Resolver) Public(context.Context) (*string, error) { s := "for everyone"; return &s, nil }

func (r *Resolver) InternalFailure(context.Context) (*string, error) {
	return nil, fmt.Errorf("query apartments: %w", ErrDatabase)
}

func (r *Resolver) Panics(context.Context) (*string, error) { panic(Secret) }

func (r *Resolver) Refused(context.Context) (*string, error) {
	return nil, &gqlerror.Error{Message: "semester is closed", Extensions: map[string]any{"code": "SEMESTER_CLOSED"}}
}

func (r *Resolver) Forbidden(ctx context.Context) (*string, error) {
	return nil, fmt.Errorf("load renter: %w", identity.RequireAdmin(ctx))
}

func (r *Resolver) Invalid(context.Context) (*string, error) {
	return nil, fmt.Errorf("update apartment: %w", exception.New("pricePerMonth", "INVALID_PRICE", "min", "0.00", "max", "2000.00"))
}

func (r *Resolver) Echo(_ context.Context, id string, input *EchoInput) (*string, error) {
	s := id
	if input != nil {
		s += fmt.Sprint(" ", input.Ids)
		if input.Parent != nil {
			s += " " + input.Parent.RentingID
		}
		if input.Text != nil {
			s += " " + *input.Text
		}
	}
	return &s, nil
}
