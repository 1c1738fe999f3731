// Package graphql is the catalog's GraphQL subgraph: resolvers that call the app layer and convert
// its values into the schema's models.
package graphql

import "semesterhaus/services/catalog/internal/app"

// Resolver is the root resolver; it is where the catalog's dependencies are injected.
type Resolver struct {
	Catalog *app.Catalog
}
