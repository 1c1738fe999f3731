// Package rentingtest starts the renting service's real parts for other modules' tests (the system
// tests in systemtest/), on the peers' gRPC APIs that the caller started. The calling package needs
// `func TestMain(m *testing.M) { pgtest.Main(m) }`.
package rentingtest

import (
	"context"
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
	"semesterhaus/platform/pgtest"
	rentingv1 "semesterhaus/proto/gen/renting/v1"
	"semesterhaus/services/renting/internal/adapters/emaillink"
	"semesterhaus/services/renting/internal/adapters/graphql"
	grpcadapter "semesterhaus/services/renting/internal/adapters/grpc"
	pgadapter "semesterhaus/services/renting/internal/adapters/postgres"
	"semesterhaus/services/renting/internal/app"
	"semesterhaus/services/renting/internal/domain"
	"semesterhaus/services/renting/migrations"
)

// Peers are the gRPC addresses (host:port) of the services the renting service calls.
type Peers struct {
	Catalog, Renter, Document, Payment string
}

// Option adjusts the service Start starts.
type Option func(*settings)

type settings struct {
	logger    *slog.Logger
	mailLimit domain.MailLimit
}

// WithLogger has the service log to logger (else nowhere), for a test that checks what it logs.
func WithLogger(logger *slog.Logger) Option { return func(s *settings) { s.logger = logger } }

// WithMailLimit bounds the mails to one address to mails per window (BOOKING_LIMIT_PER_EMAIL and
// BOOKING_LIMIT_WINDOW); without it nothing bounds them.
func WithMailLimit(mails int, window time.Duration) Option {
	return func(s *settings) { s.mailLimit = domain.MailLimit{PerAddress: mails, Window: window} }
}

// Service is a running renting service on its own database.
type Service struct {
	// Subgraph is the service's GraphQL subgraph and a client of it.
	Subgraph graphqltest.Subgraph
	// LinkURL is the HTTP address of the e-mail confirmation link (GET /verify?email=…&token=…).
	LinkURL string
	// Pool is on the service's database, for a test to look at what was stored and enqueued.
	Pool *pgxpool.Pool
	// GRPCAddr is the address (host:port) of the service's gRPC API, for the services that ask it
	// about a renting (document, payment, renter).
	GRPCAddr string

	repo *pgadapter.Repository
	now  func() time.Time
}

// Start serves the renting service's GraphQL subgraph, e-mail confirmation link and gRPC API on a fresh
// migrated database, calling the peers and reading the clock now in the residence's time zone
// (Europe/Berlin); events go to the outbox under the subject prefix "renting". Server and database
// are gone after the test.
func Start(t testing.TB, peers Peers, now func() time.Time, options ...Option) *Service {
	t.Helper()
	o := settings{logger: slog.New(slog.DiscardHandler)}
	for _, option := range options {
		option(&o)
	}
	berlin, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	logger := o.logger
	repo := pgadapter.NewRepository(pool, "renting")
	clients := app.Peers{
		Catalog: grpcadapter.NewCatalog(grpctest.Dial(t, "renting", "catalog", peers.Catalog)), Renters: grpcadapter.NewRenters(grpctest.Dial(t, "renting", "renter", peers.Renter)),
		Documents: grpcadapter.NewDocuments(grpctest.Dial(t, "renting", "document", peers.Document)), Payments: grpcadapter.NewPayments(grpctest.Dial(t, "renting", "payment", peers.Payment)),
	}
	useCases := app.New(repo, clients, now,
		app.Settings{TimeZone: berlin, ConfirmationTimeout: 72 * time.Hour, UnconfirmedRetention: 30 * 24 * time.Hour,
			MailLimit: o.mailLimit}, logger)
	subgraph := graphqltest.Serve(t, "renting", func(v *identity.Verifier) http.Handler { return graphql.NewHandler(useCases, v, logger) })
	links := http.NewServeMux()
	emaillink.Routes(links, useCases.Booking, logger)
	server := httptest.NewServer(links)
	t.Cleanup(server.Close)
	grpcAddr := grpctest.ServeService(t, "renting", grpcadapter.Callers, func(s *grpc.Server) {
		rentingv1.RegisterRentingServiceServer(s, grpcadapter.NewServer(useCases.Queries))
	})
	return &Service{Subgraph: subgraph, LinkURL: server.URL + "/verify", Pool: pool, GRPCAddr: grpcAddr, repo: repo, now: now}
}

// OfferRenewal does what the renewal job does when a semester's renewal window opens for a renter
// who paid for the semester before: it stores a RENEWAL_REQUEST renting of the renter for the
// apartment in the semester with the hash of its renewal link's token, and announces it (the event
// that mails the renewal link). It returns the renting's id and the token, as the renewal mail's
// link carries them (/booking/extend?rentingId=…&token=…).
func (s *Service) OfferRenewal(t testing.TB, renterID int64, apartmentID, semesterID int) (rentingID, token string) {
	t.Helper()
	renewal := domain.NewRenewal(renterID, apartmentID, semesterID, s.now())
	if err := s.repo.Create(context.Background(), renewal); err != nil {
		t.Fatalf("offer renter %d a renewal of apartment %d in semester %d: %v", renterID, apartmentID, semesterID, err)
	}
	return renewal.ID, renewal.RenewalToken()
}
