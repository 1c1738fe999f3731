package graphql

import (
	"log/slog"
	"net/http"

	"semesterhaus/platform/graphqlx"
	"semesterhaus/platform/identity"
	"semesterhaus/services/catalog/internal/adapters/graphql/generated"
	"semesterhaus/services/catalog/internal/app"
)

// NewHandler returns the catalog's subgraph endpoint: the caller's identity comes from the gateway's
// token (anonymous without a valid one) and admin-tagged fields are refused to everybody else.
func NewHandler(catalog *app.Catalog, verifier *identity.Verifier, logger *slog.Logger) http.Handler {
	schema := generated.NewExecutableSchema(generated.Config{Resolvers: &Resolver{Catalog: catalog}})
	return graphqlx.NewHandler(schema, verifier, logger)
}
