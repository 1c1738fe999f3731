// Package testenv builds the renting use cases for tests: a fresh migrated database on real
// PostgreSQL, the real catalog over gRPC, a settable clock, and in-memory fakes of the renter and
// document services' ports. Packages using it need `func TestMain(m *testing.M) { pgtest.Main(m) }`.
package testenv

import (
	"context"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/grpc"

	"semesterhaus/platform/identity"
	"semesterhaus/platform/pgtest"
	"semesterhaus/platform/service"
	"semesterhaus/services/catalog/catalogtest"
	grpcadapter "semesterhaus/services/renting/internal/adapters/grpc"
	pgadapter "semesterhaus/services/renting/internal/adapters/postgres"
	"semesterhaus/services/renting/internal/app"
	"semesterhaus/services/renting/migrations"
)

// Berlin is the residence's time zone.
var Berlin = catalogtest.Berlin

// DesignDay is the example day of the design: the winter semester 2026/27 runs, the summer semester
// 2027 is open for booking.
var DesignDay = time.Date(2026, 11, 22, 12, 0, 0, 0, Berlin)

// Subjects is the event subject prefix of the test repositories; tests that publish use their own.
const Subjects = "renting"

// Clock is a settable clock.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Set moves the clock.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = t
}

// Env is one renting service under test.
type Env struct {
	Rentings  *app.Rentings
	Repo      *pgadapter.Repository
	Pool      *pgxpool.Pool
	Clock     *Clock
	Catalog   *grpcadapter.Catalog
	Renters   *Renters
	Documents *Documents
}

// New builds the renting use cases on a fresh database, with the real catalog seeded around the
// clock's day, events on the subject prefix.
func New(t testing.TB, day time.Time, subjectPrefix string) *Env {
	t.Helper()
	clock := &Clock{now: day}
	conn := dial(t, catalogtest.NewGRPCServer(t, clock.Now))
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	env := &Env{
		Repo: pgadapter.NewRepository(pool, subjectPrefix), Pool: pool, Clock: clock, Catalog: grpcadapter.NewCatalog(conn),
		Renters: NewRenters(), Documents: &Documents{Stored: map[string]int{}},
	}
	env.Rentings = app.New(env.Repo, env.Catalog, env.Renters, env.Documents, clock.Now,
		app.Settings{TimeZone: Berlin, ConfirmationTimeout: 72 * time.Hour, KeyCodeDays: 3}, slog.New(slog.DiscardHandler))
	return env
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

// Admin is a context of a signed-in admin.
func Admin() context.Context {
	return identity.WithIdentity(context.Background(), identity.Identity{Subject: "admin", Role: identity.RoleAdmin})
}

// Anonymous is a context of a caller without admin rights.
func Anonymous() context.Context {
	return identity.WithIdentity(context.Background(), identity.Anonymous)
}
