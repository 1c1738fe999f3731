package postgres_test

import (
	"context"
	"errors"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"semesterhaus/platform/pgtest"
	"semesterhaus/platform/postgres"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

var serviceMigrations = os.DirFS("testdata/migrations")

func TestMigrate_appliesPlatformThenServiceMigrations_idempotently(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dbURL := pgtest.EmptyDatabase(t)
	// Replicas starting together: both must succeed, one after the other.
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Go(func() { errs[i] = postgres.Migrate(ctx, dbURL, serviceMigrations) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	if err := postgres.Migrate(ctx, dbURL, serviceMigrations); err != nil {
		t.Fatalf("second run: %v", err)
	}
	pool, err := postgres.Connect(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	for _, table := range []string{"outbox", "processed_events", "notes", "platform_goose_db_version", "goose_db_version"} {
		var exists bool
		if err := pool.QueryRow(ctx, "SELECT to_regclass($1) IS NOT NULL", table).Scan(&exists); err != nil || !exists {
			t.Errorf("table %s: exists=%v, %v", table, exists, err)
		}
	}
	var version int
	if err := pool.QueryRow(ctx, "SELECT max(version_id) FROM goose_db_version").Scan(&version); err != nil || version != 1 {
		t.Errorf("service version = %d, %v; want 1", version, err)
	}
}

func TestMigrate_refusesBadMigrations(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		dir     string
		wantErr string
	}{
		{"files not at the root", "testdata/nested", "fs.Sub"},
		{"broken SQL", "testdata/broken", "syntax error"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := postgres.Migrate(context.Background(), pgtest.EmptyDatabase(t), os.DirFS(tt.dir))
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("Migrate = %v, want an error mentioning %q", err, tt.wantErr)
			}
		})
	}
}

func TestInTx(t *testing.T) {
	t.Parallel()
	boom := errors.New("boom")
	tests := []struct {
		name      string
		fn        func(pgx.Tx) error
		wantErr   error
		wantPanic bool
		wantRows  int
	}{
		{"commit", func(pgx.Tx) error { return nil }, nil, false, 1},
		{"error rolls back", func(pgx.Tx) error { return boom }, boom, false, 0},
		{"panic rolls back", func(pgx.Tx) error { panic(boom) }, nil, true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			pool, _ := pgtest.NewDatabase(t, serviceMigrations)
			func() {
				defer func() {
					if p := recover(); (p != nil) != tt.wantPanic {
						t.Errorf("panic = %v, want panic %v", p, tt.wantPanic)
					}
				}()
				err := postgres.InTx(ctx, pool, func(tx pgx.Tx) error {
					if _, err := tx.Exec(ctx, "INSERT INTO notes (body) VALUES ('x')"); err != nil {
						return err
					}
					return tt.fn(tx)
				})
				if !errors.Is(err, tt.wantErr) {
					t.Errorf("InTx = %v, want %v", err, tt.wantErr)
				}
			}()
			var n int
			if err := pool.QueryRow(ctx, "SELECT count(*) FROM notes").Scan(&n); err != nil || n != tt.wantRows {
				t.Fatalf("rows = %d, %v; want %d", n, err, tt.wantRows)
			}
		})
	}
}

func TestEnsureDatabase_createsOnceAndIsIdempotent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, dbURL := pgtest.NewDatabase(t, nil)
	u, err := url.Parse(dbURL) // the test database's server serves; the new database is dropped at the end
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/postgres"
	serverURL := u.String()
	name := "ensure_" + strings.ReplaceAll(time.Now().Format("150405.000000"), ".", "_")
	t.Cleanup(func() { _, _ = pool.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)") })
	for range 2 {
		if err := postgres.EnsureDatabase(ctx, serverURL, name); err != nil {
			t.Fatal(err)
		}
	}
	var exists bool
	if err := pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil || !exists {
		t.Fatalf("database exists = %v, %v", exists, err)
	}
}

func TestConnect_unreachable_givesUpWithContext(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	start := time.Now()
	if _, err := postgres.Connect(ctx, "postgres://nobody@127.0.0.1:1/x?sslmode=disable"); err == nil {
		t.Fatal("Connect succeeded")
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Fatalf("Connect took %v despite a 1s context", d)
	}
}
