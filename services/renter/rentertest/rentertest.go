// Package rentertest starts the renter service's real gRPC API for other modules' tests (the
// renting service's).
package rentertest

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/grpc"

	"semesterhaus/platform/audit"
	"semesterhaus/platform/grpctest"
	"semesterhaus/platform/pgtest"
	"semesterhaus/platform/postgres"
	"semesterhaus/proto/audit/v1/concerns"
	renterv1 "semesterhaus/proto/gen/renter/v1"
	grpcadapter "semesterhaus/services/renter/internal/adapters/grpc"
	pgadapter "semesterhaus/services/renter/internal/adapters/postgres"
	"semesterhaus/services/renter/internal/app"
	"semesterhaus/services/renter/internal/domain"
	"semesterhaus/services/renter/migrations"
)

// Server is a running renter gRPC API on its own database.
type Server struct {
	Addr string // host:port
	pool *pgxpool.Pool
	now  func() time.Time
}

// NewGRPCServer serves the renter's real gRPC API on a fresh migrated database and returns its
// address (host:port); server and database are gone after the test. The calling package needs
// `func TestMain(m *testing.M) { pgtest.Main(m) }`.
func NewGRPCServer(t testing.TB) string {
	t.Helper()
	return Start(t, time.Now).Addr
}

// Start is NewGRPCServer with a clock (for expiring e-mail tokens) and access to the test helpers
// of Server.
func Start(t testing.TB, now func() time.Time) *Server {
	t.Helper()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	repo := pgadapter.NewRepository(pool)
	renters := app.NewRenters(repo, now)
	pages := app.NewPages(repo, renters, repo, nil, nil) // opens pages; nothing here mails a link or asks renting
	addr := grpctest.ServeService(t, "renter", grpcadapter.Callers, func(server *grpc.Server) {
		renterv1.RegisterRenterServiceServer(server, grpcadapter.NewServer(renters, pages))
	})
	return &Server{Addr: addr, pool: pool, now: now}
}

// AuditOfRenter returns the renter service's audit entries about the renter, newest first.
func (s *Server) AuditOfRenter(t testing.TB, renterID int64) []audit.Recorded {
	t.Helper()
	entries, err := audit.Concerning(context.Background(), s.pool, concerns.Renter(renterID))
	if err != nil {
		t.Fatalf("audit log of renter %d: %v", renterID, err)
	}
	return entries
}

// IssueEmailToken does what the renter service does when a renting is requested: it issues the
// renter's e-mail confirmation token for the renting (a UUID) and returns it, as the confirmation
// link would carry it.
func (s *Server) IssueEmailToken(t testing.TB, renterID int64, rentingID string) string {
	t.Helper()
	plain, token := domain.NewEmailToken(renterID, rentingID, s.now())
	err := postgres.InTx(context.Background(), s.pool, func(tx pgx.Tx) error {
		return pgadapter.MailStoreIn(tx).AddEmailToken(context.Background(), token)
	})
	if err != nil {
		t.Fatalf("issue e-mail token: %v", err)
	}
	return plain
}

// IssuePageToken does what every mail to the renter does: it issues a link to the renter's own
// page, valid for validity, and returns its token.
func (s *Server) IssuePageToken(t testing.TB, renterID int64, validity time.Duration) string {
	t.Helper()
	plain, token := domain.NewPageToken(renterID, s.now(), validity)
	err := postgres.InTx(context.Background(), s.pool, func(tx pgx.Tx) error {
		return pgadapter.MailStoreIn(tx).AddPageToken(context.Background(), token, s.now())
	})
	if err != nil {
		t.Fatalf("issue page token: %v", err)
	}
	return plain
}

// Erase does what the renter's erasure request and the office's execution of it do: the renter's
// personal data is gone and their address is the placeholder domain.ErasedEmail, which it returns.
func (s *Server) Erase(t testing.TB, renterID int64) string {
	t.Helper()
	ctx := context.Background()
	var email string
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		store := pgadapter.MailStoreIn(tx)
		renter, err := store.LockRenter(ctx, renterID)
		if err != nil {
			return err
		}
		renter.RequestErasure(s.now())
		if err := store.RecordErasureRequest(ctx, renter); err != nil {
			return err
		}
		if _, err := renter.Erase(s.now()); err != nil {
			return err
		}
		email = renter.Data.Email
		return store.StoreErased(ctx, renter, "admin")
	})
	if err != nil {
		t.Fatalf("erase renter %d: %v", renterID, err)
	}
	return email
}
