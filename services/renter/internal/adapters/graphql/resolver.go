// Package graphql is the renter's GraphQL subgraph: resolvers that call the app layer and convert
// its values into the schema's models.
package graphql

import "semesterhaus/services/renter/internal/app"

// Resolver is the root resolver; it is where the renter service's dependencies are injected.
type Resolver struct {
	Renters *app.Renters
	Audit   *app.AuditLog
}
