// Package rentingtest starts the renting service's real parts for other modules' tests (the system
// tests in systemtest/), on the peers' gRPC APIs that the caller started. The calling package needs
// `func TestMain(m *testing.M) { pgtest.Main(m) }`.
package rentingtest

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/grpc"

	"semesterhaus/platform/identity"
	"semesterhaus/platform/pgtest"
	"semesterhaus/platform/service"
	"semesterhaus/services/renting/internal/adapters/emaillink"
	"semesterhaus/services/renting/internal/adapters/graphql"
	grpcadapter "semesterhaus/services/renting/internal/adapters/grpc"
	pgadapter "semesterhaus/services/renting/internal/adapters/postgres"
	"semesterhaus/services/renting/internal/app"
	"semesterhaus/services/renting/migrations"
)

// Peers are the gRPC addresses (host:port) of the services the renting service calls.
type Peers struct {
	Catalog, Renter, Document string
}

// Service is a running renting service on its own database.
type Service struct {
	// URL is the service's HTTP address: the subgraph at /graphql, the e-mail link at /verify.
	URL string
	// Pool is on the service's database, for a test to look at what was stored and enqueued.
	Pool *pgxpool.Pool
}

// Start serves the renting service's GraphQL subgraph and e-mail confirmation link on a fresh
// migrated database, calling the peers and reading the clock now in the residence's time zone
// (Europe/Berlin); events go to the outbox under the subject prefix "renting". Server and database
// are gone after the test.
func Start(t testing.TB, peers Peers, now func() time.Time) *Service {
	t.Helper()
	berlin, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	logger := slog.New(slog.DiscardHandler)
	rentings := app.New(pgadapter.NewRepository(pool, "renting"), grpcadapter.NewCatalog(dial(t, peers.Catalog)),
		grpcadapter.NewRenters(dial(t, peers.Renter)), grpcadapter.NewDocuments(dial(t, peers.Document)), now,
		app.Settings{TimeZone: berlin, ConfirmationTimeout: 72 * time.Hour}, logger)
	mux := http.NewServeMux()
	mux.Handle("/graphql", graphql.NewHandler(rentings, identity.NewVerifier(nil), logger))
	emaillink.Routes(mux, rentings, logger)
	server := httptest.NewServer(mux)
	t.Cleanup(server.Close)
	return &Service{URL: server.URL, Pool: pool}
}

func dial(t testing.TB, addr string) *grpc.ClientConn {
	t.Helper()
	conn, err := service.Dial(addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return conn
}
