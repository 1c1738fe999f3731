package paymenttest

import (
	"log/slog"
	"net/http"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"semesterhaus/platform/graphqlx/graphqltest"
	"semesterhaus/platform/identity"
	"semesterhaus/services/payment/internal/adapters/graphql"
	"semesterhaus/services/payment/internal/adapters/provider"
	"semesterhaus/services/payment/internal/testenv"
)

// NewSubgraph serves the payment service's GraphQL subgraph (the sandbox as its payment provider) on
// a fresh migrated database, logging to logger, and returns it with a pool on that database. The
// calling package needs `func TestMain(m *testing.M) { pgtest.Main(m) }` and NATS (natstest).
func NewSubgraph(t testing.TB, logger *slog.Logger) (graphqltest.Subgraph, *pgxpool.Pool) {
	t.Helper()
	e := testenv.New(t, provider.NewSandbox(testenv.PublicURL, "whsec_test"))
	return graphqltest.Serve(t, "payment", func(v *identity.Verifier) http.Handler {
		return graphql.NewHandler(e.Payments, v, logger)
	}), e.Pool
}
