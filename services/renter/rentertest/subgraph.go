package rentertest

import (
	"log/slog"
	"net/http"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"semesterhaus/platform/graphqlx/graphqltest"
	"semesterhaus/platform/grpctest"
	"semesterhaus/platform/identity"
	"semesterhaus/proto/catalog/catalogfake"
	"semesterhaus/proto/renting/rentingfake"
	"semesterhaus/services/renter/internal/adapters/graphql"
	grpcadapter "semesterhaus/services/renter/internal/adapters/grpc"
	"semesterhaus/services/renter/internal/adapters/mail"
	pgadapter "semesterhaus/services/renter/internal/adapters/postgres"
	"semesterhaus/services/renter/internal/app"
)

// SubgraphOption adjusts the subgraph Server.Subgraph serves.
type SubgraphOption func(*subgraphSettings)

type subgraphSettings struct{ renting string }

// WithRenting has the subgraph ask the renting service's gRPC API at addr (host:port) about
// rentings (resendConfirmationMail, the renter's own page), e.g. rentingtest's Service.GRPCAddr.
func WithRenting(addr string) SubgraphOption {
	return func(o *subgraphSettings) { o.renting = addr }
}

// Subgraph serves the renter service's GraphQL subgraph on the server's database, logging to logger:
// its mails name the example catalog's apartments (catalogfake) and its questions to the renting
// service are answered by the renting fake, which knows no renting, unless WithRenting names the
// real one. Gone after the test.
func (s *Server) Subgraph(t testing.TB, logger *slog.Logger, options ...SubgraphOption) graphqltest.Subgraph {
	t.Helper()
	var o subgraphSettings
	for _, option := range options {
		option(&o)
	}
	if o.renting == "" {
		o.renting = grpctest.Serve(t, rentingfake.New().Register)
	}
	repo := pgadapter.NewRepository(s.pool)
	renters := app.NewRenters(repo, s.now)
	renderer, err := mail.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	catalog := grpctest.Dial(t, "renter", "catalog", grpctest.Serve(t, catalogfake.NewExample().Register))
	mails := app.NewMails(renderer, grpcadapter.NewCatalogClient(catalog), app.MailSettings{
		PublicURL: "https://wohnen.example", NoticeWindow: time.Hour, PageLinkValidity: 30 * 24 * time.Hour, PageLinkWindow: 10 * time.Minute,
	}, s.now)
	pages := app.NewPages(repo, renters, repo, mails,
		grpcadapter.NewRentingClient(grpctest.Dial(t, "renter", "renting", o.renting))).WithLogger(logger)
	t.Cleanup(pages.Wait) // the page links requested are written after their answers
	erasures := app.NewErasures(repo, repo, pages, mails, s.now)
	return graphqltest.Serve(t, "renter", func(v *identity.Verifier) http.Handler {
		return graphql.NewHandler(renters, pages, app.NewAuditLog(repo), erasures, v, logger)
	})
}

// Pool is on the service's database, for a test to look at what was stored.
func (s *Server) Pool() *pgxpool.Pool { return s.pool }
