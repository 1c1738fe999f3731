package graphql

import (
	"log/slog"
	"net/http"

	"semesterhaus/platform/graphqlx"
	"semesterhaus/platform/identity"
	"semesterhaus/services/document/internal/adapters/graphql/generated"
	"semesterhaus/services/document/internal/app"
)

// NewHandler returns the document service's subgraph endpoint: the caller's identity comes from the
// gateway's token (anonymous without a valid one) and admin-tagged fields are refused to everybody
// else.
func NewHandler(documents *app.Documents, contracts *app.Contracts, verifier *identity.Verifier, logger *slog.Logger) http.Handler {
	schema := generated.NewExecutableSchema(generated.Config{Resolvers: &Resolver{Service: documents, Contracts: contracts}})
	return graphqlx.NewHandler(schema, verifier, logger)
}
