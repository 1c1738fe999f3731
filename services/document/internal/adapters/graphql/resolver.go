// Package graphql is the document service's GraphQL subgraph: resolvers that call the app layer and
// convert its values into the schema's models.
package graphql

import "semesterhaus/services/document/internal/app"

// Resolver is the root resolver; it is where the document service's dependencies are injected.
type Resolver struct {
	Service   *app.Documents
	Contracts *app.Contracts
}
