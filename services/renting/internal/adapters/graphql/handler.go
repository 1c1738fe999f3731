package graphql

import (
	"log/slog"
	"net/http"

	"semesterhaus/platform/graphqlx"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/largevalues"
	"semesterhaus/services/renting/internal/adapters/graphql/generated"
	"semesterhaus/services/renting/internal/app"
)

// NewHandler returns the renting subgraph's endpoint: the caller's identity comes from the gateway's
// token (anonymous without a valid one) and admin-tagged fields are refused to everybody else.
func NewHandler(useCases app.UseCases, verifier *identity.Verifier, logger *slog.Logger) http.Handler {
	schema := generated.NewExecutableSchema(generated.Config{Resolvers: newResolver(useCases)})
	// Uploads (base64 scans) are lifted out before gqlgen parses a request (largevalues), and
	// graphqlx puts every lifted text back into the resolvers' arguments.
	return largevalues.Middleware(graphqlx.NewHandler(schema, verifier, logger, graphqlx.WithErrors(translate)))
}
