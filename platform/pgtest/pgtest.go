// Package pgtest gives each test a fresh database on a real PostgreSQL server.
//
// A database per test keeps tests independent and parallel without mocks. The server is, in order:
// TEST_DATABASE_URL; a PostgreSQL answering on 127.0.0.1:5432 (user postgres, trust); else a private
// cluster (package pglocal) started once per test binary and stopped by Main. Every package that
// uses pgtest therefore needs
//
//	func TestMain(m *testing.M) { pgtest.Main(m) }
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"semesterhaus/platform/pglocal"
	"semesterhaus/platform/postgres"
)

const defaultURL = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"

var (
	mainCalled bool
	once       sync.Once
	serverURL  string
	serverErr  error
	cluster    *pglocal.Cluster // set when a private cluster had to be started
	clusterDir string
)

// Main runs the package's tests and then stops the private cluster, if one was started; without it
// the cluster's server processes would outlive the test binary.
func Main(m *testing.M) {
	mainCalled = true
	code := m.Run()
	if cluster != nil {
		if err := cluster.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, err)
		}
		_ = os.RemoveAll(clusterDir)
	}
	os.Exit(code)
}

// NewDatabase creates a fresh database, runs postgres.Migrate with migrations (nil: platform tables
// only) and returns a pool on it and its URL. Pool and database are gone after the test.
func NewDatabase(t testing.TB, migrations fs.FS) (*pgxpool.Pool, string) {
	t.Helper()
	dbURL := EmptyDatabase(t)
	ctx := context.Background()
	if err := postgres.Migrate(ctx, dbURL, migrations); err != nil {
		t.Fatal(err)
	}
	pool, err := postgres.Connect(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return pool, dbURL
}

// EmptyDatabase creates a fresh database without any migration (e.g. to test migrations themselves)
// and returns its URL. The database is dropped after the test.
func EmptyDatabase(t testing.TB) string {
	t.Helper()
	server := serverFor(t)
	name := "test_" + randomHex(8)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := postgres.EnsureDatabase(ctx, server, name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := exec(server, "DROP DATABASE "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)"); err != nil {
			t.Errorf("pgtest: drop %s: %v", name, err)
		}
	})
	u, err := url.Parse(server)
	if err != nil {
		t.Fatalf("pgtest: server URL must be a postgres:// URL: %v", err)
	}
	u.Path = "/" + name
	return u.String()
}

func serverFor(t testing.TB) string {
	t.Helper()
	if !mainCalled {
		t.Fatal("pgtest: the package's TestMain must call pgtest.Main(m)")
	}
	once.Do(func() { serverURL, serverErr = findServer() })
	if serverErr != nil {
		t.Fatal(serverErr)
	}
	return serverURL
}

func findServer() (string, error) {
	if u := os.Getenv("TEST_DATABASE_URL"); u != "" {
		return u, nil
	}
	if exec(defaultURL, "SELECT 1") == nil {
		return defaultURL, nil
	}
	dir, err := os.MkdirTemp("", "pgtest-")
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c, err := pglocal.Start(ctx, pglocal.Options{DataDir: filepath.Join(dir, "data")})
	if err != nil {
		_ = os.RemoveAll(dir)
		return "", fmt.Errorf("pgtest: no PostgreSQL at TEST_DATABASE_URL or %s, and none could be started: %w", defaultURL, err)
	}
	cluster, clusterDir = c, dir
	return c.URL("postgres"), nil
}

// exec runs one statement on its own connection, giving up after a second of connecting.
func exec(serverURL, sql string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	conn, err := pgx.Connect(ctx, serverURL)
	cancel()
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	_, err = conn.Exec(context.Background(), sql)
	return err
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
