// Package graphql is the renting service's GraphQL subgraph: resolvers that call the app layer and
// convert its values into the schema's models.
package graphql

import "semesterhaus/services/renting/internal/app"

// Resolver is the root resolver; it is where the renting service's dependencies are injected.
type Resolver struct {
	Rentings *app.Rentings
}
