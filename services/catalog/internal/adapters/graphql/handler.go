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
	// Unlike the renting subgraph's, this handler parses an uploaded picture's base64 with the rest of
	// the request (no largevalues.Middleware): an administrator uploads a picture now and then, and
	// every long text of the catalog's mutations (an apartment's description) is taken as sent.
	return graphqlx.NewHandler(schema, verifier, logger)
}
