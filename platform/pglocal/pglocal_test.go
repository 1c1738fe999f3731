package pglocal_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"semesterhaus/platform/pglocal"
)

// TestStart_restartOnSameDataDir_keepsData starts a real cluster, writes a row, stops it, starts it
// again on the same directory and reads the row back.
func TestStart_restartOnSameDataDir_keepsData(t *testing.T) {
	if _, err := exec.LookPath("initdb"); err != nil {
		if m, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb"); len(m) == 0 {
			t.Skip("no PostgreSQL binaries on this machine")
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	dir := filepath.Join(t.TempDir(), "data")

	c, err := pglocal.Start(ctx, pglocal.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Stop() })
	exec1(ctx, t, c.URL("postgres"), "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('hello')")

	// A second Start while the server runs reuses it.
	again, err := pglocal.Start(ctx, pglocal.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if again.Port() != c.Port() {
		t.Fatalf("reused server on port %d, want %d", again.Port(), c.Port())
	}

	if err := c.Stop(); err != nil {
		t.Fatal(err)
	}
	c, err = pglocal.Start(ctx, pglocal.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	conn, err := pgx.Connect(ctx, c.URL("postgres"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var v string
	if err := conn.QueryRow(ctx, "SELECT v FROM kept").Scan(&v); err != nil || v != "hello" {
		t.Fatalf("after restart: %q, %v", v, err)
	}
}

func exec1(ctx context.Context, t *testing.T, url, sql string) {
	t.Helper()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, sql); err != nil {
		t.Fatal(err)
	}
}
