package documenttest

import (
	"log/slog"
	"net/http"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"semesterhaus/platform/graphqlx/graphqltest"
	"semesterhaus/platform/identity"
	"semesterhaus/services/document/internal/adapters/graphql"
	pgadapter "semesterhaus/services/document/internal/adapters/postgres"
	"semesterhaus/services/document/internal/app"
	"semesterhaus/services/document/internal/testenv"
)

// NewSubgraph serves the document service's GraphQL subgraph on a fresh migrated database, logging to
// logger, and returns it with a pool on that database. Its contracts answer signing links from the
// database; nothing here requests a contract, so there is no renderer or signing provider behind them.
func NewSubgraph(t testing.TB, logger *slog.Logger) (graphqltest.Subgraph, *pgxpool.Pool) {
	t.Helper()
	documents, pool := testenv.NewDocuments(t)
	contracts := app.NewContracts(pgadapter.NewRepository(pool), nil, nil, nil, time.Now)
	return graphqltest.Serve(t, "document", func(v *identity.Verifier) http.Handler {
		return graphql.NewHandler(documents, contracts, v, logger)
	}), pool
}
