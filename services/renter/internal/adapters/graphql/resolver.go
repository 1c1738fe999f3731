// Package graphql is the renter's GraphQL subgraph: resolvers that call the app layer and convert
// its values into the schema's models.
package graphql

import (
	"context"

	"semesterhaus/platform/graphqlx"
	"semesterhaus/services/renter/internal/adapters/graphql/model"
	"semesterhaus/services/renter/internal/app"
	"semesterhaus/services/renter/internal/domain"
)

// Resolver is the root resolver; it is where the renter service's dependencies are injected.
type Resolver struct {
	Renters  *app.Renters
	Pages    *app.Pages
	Audit    *app.AuditLog
	Erasures *app.Erasures
}

// renterPage is the page the token opens, or nil for an unknown or expired token.
func (r *Resolver) renterPage(ctx context.Context, token string) (*model.RenterPage, error) {
	renter, t, err := r.Pages.Open(ctx, token)
	return graphqlx.Optional(pageOf{renter, t, token}, err, domain.ErrNotFound, toGraphRenterPage)
}
