package graphql

import (
	"log/slog"
	"net/http"

	"semesterhaus/platform/graphqlx"
	"semesterhaus/platform/identity"
	"semesterhaus/services/payment/internal/adapters/graphql/generated"
	"semesterhaus/services/payment/internal/app"
)

// NewHandler returns the payment service's subgraph endpoint: the caller's identity comes from the
// gateway's token (anonymous without a valid one) and admin-tagged fields are refused to everybody
// else.
func NewHandler(payments *app.Payments, verifier *identity.Verifier, logger *slog.Logger) http.Handler {
	schema := generated.NewExecutableSchema(generated.Config{Resolvers: &Resolver{Payments: payments}})
	return graphqlx.NewHandler(schema, verifier, logger)
}
