// Package graphql is the renting service's GraphQL subgraph: resolvers that call the app layer and
// convert its values into the schema's models.
package graphql

import "semesterhaus/services/renting/internal/app"

// Resolver is the root resolver; it is where the renting service's dependencies are injected: the
// use cases the subgraph's fields call.
type Resolver struct {
	booking   *app.Booking
	renewals  *app.Renewals
	office    *app.Office
	handovers *app.Handovers
	waitlist  *app.Waitlist
	queries   *app.Queries
}

// newResolver takes the subgraph's use cases out of all of them.
func newResolver(useCases app.UseCases) *Resolver {
	return &Resolver{
		booking: useCases.Booking, renewals: useCases.Renewals, office: useCases.Office,
		handovers: useCases.Handovers, waitlist: useCases.Waitlist, queries: useCases.Queries,
	}
}
