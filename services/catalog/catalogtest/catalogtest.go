// Package catalogtest starts the catalog's real subgraph and gRPC API for other modules' tests (the
// gateway's, the system tests).
package catalogtest

import (
	"crypto/ed25519"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/grpc"

	"semesterhaus/platform/graphqlx/graphqltest"
	"semesterhaus/platform/grpctest"
	"semesterhaus/platform/identity"
	catalogv1 "semesterhaus/proto/gen/catalog/v1"
	"semesterhaus/services/catalog/internal/adapters/graphql"
	grpcadapter "semesterhaus/services/catalog/internal/adapters/grpc"
	"semesterhaus/services/catalog/internal/adapters/pictures"
	"semesterhaus/services/catalog/internal/testenv"
)

// Berlin is the residence's time zone.
var Berlin = testenv.Berlin

// NewSubgraph serves the catalog's GraphQL endpoint on a fresh database holding the demo building,
// trusting identity tokens signed by the key whose public half is given (nil: everybody is
// anonymous). It returns the endpoint's URL; server and database are gone after the test. The
// calling package needs `func TestMain(m *testing.M) { pgtest.Main(m) }`.
func NewSubgraph(t testing.TB, publicKey ed25519.PublicKey) string {
	t.Helper()
	catalog := testenv.NewCatalog(t, time.Now)
	server := httptest.NewServer(graphql.NewHandler(catalog, identity.NewVerifier(publicKey, "catalog"), slog.New(slog.DiscardHandler)))
	t.Cleanup(server.Close)
	return server.URL
}

// StartSubgraph serves the catalog's GraphQL subgraph on a fresh database holding the demo building
// and the semesters around the clock's today, logging to logger, and returns it with a pool on that
// database, for a test to look at what was stored.
func StartSubgraph(t testing.TB, now func() time.Time, logger *slog.Logger) (graphqltest.Subgraph, *pgxpool.Pool) {
	t.Helper()
	catalog, pool := testenv.NewCatalogOn(t, now)
	return graphqltest.Serve(t, "catalog", func(v *identity.Verifier) http.Handler {
		return graphql.NewHandler(catalog, v, logger)
	}), pool
}

// NewHTTPServer serves the catalog's HTTP port as `catalog serve` does, GraphQL at /graphql and the
// uploaded pictures' files at /pictures/..., on a fresh database holding the demo building, trusting
// identity tokens signed by the key whose public half is given. It returns the server's URL.
func NewHTTPServer(t testing.TB, publicKey ed25519.PublicKey) string {
	t.Helper()
	catalog := testenv.NewCatalog(t, time.Now)
	logger := slog.New(slog.DiscardHandler)
	mux := http.NewServeMux()
	mux.Handle("/graphql", graphql.NewHandler(catalog, identity.NewVerifier(publicKey, "catalog"), logger))
	mux.Handle(pictures.Route, pictures.NewHandler(catalog, logger))
	server := httptest.NewServer(mux)
	t.Cleanup(server.Close)
	return server.URL
}

// NewGRPCServer serves the catalog's real gRPC API on a fresh database holding the demo building, with
// the semesters around the clock's today, and returns its address (host:port).
func NewGRPCServer(t testing.TB, now func() time.Time) string {
	t.Helper()
	catalog := testenv.NewCatalog(t, now)
	return grpctest.ServeService(t, "catalog", grpcadapter.Callers, func(server *grpc.Server) {
		catalogv1.RegisterCatalogServiceServer(server, grpcadapter.NewServer(catalog))
	})
}
