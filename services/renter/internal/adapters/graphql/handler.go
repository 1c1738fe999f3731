package graphql

import (
	"log/slog"
	"net/http"

	"semesterhaus/platform/graphqlx"
	"semesterhaus/platform/identity"
	"semesterhaus/services/renter/internal/adapters/graphql/generated"
	"semesterhaus/services/renter/internal/app"
)

// NewHandler returns the renter's subgraph endpoint: the caller's identity comes from the gateway's
// token (anonymous without a valid one) and admin-tagged fields are refused to everybody else.
func NewHandler(renters *app.Renters, pages *app.Pages, auditLog *app.AuditLog, erasures *app.Erasures, verifier *identity.Verifier, logger *slog.Logger) http.Handler {
	resolver := &Resolver{Renters: renters, Pages: pages, Audit: auditLog, Erasures: erasures}
	schema := generated.NewExecutableSchema(generated.Config{Resolvers: resolver})
	return graphqlx.NewHandler(schema, verifier, logger)
}
