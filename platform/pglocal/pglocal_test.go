package pglocal_test

import (
	"context"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"semesterhaus/platform/pglocal"
)

// TestStart_restartOnSameDataDir_keepsData starts a real cluster, writes a row, stops it, starts it
// again on the same directory and reads the row back.
func TestStart_restartOnSameDataDir_keepsData(t *testing.T) {
	skipWithoutBinaries(t)
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

// TestOwnDatabase_eachRoleOnlyItsOwn: without a password nobody connects; the catalog role cannot
// open the renting database, and in its own it creates a table.
func TestOwnDatabase_eachRoleOnlyItsOwn(t *testing.T) {
	ctx, opt, c := startCluster(t)
	catalog, err := c.OwnDatabase(ctx, "catalog")
	if err != nil {
		t.Fatal(err)
	}
	renting, err := c.OwnDatabase(ctx, "renting")
	if err != nil {
		t.Fatal(err)
	}

	refused(ctx, t, withoutPassword(t, c.URL("postgres")), "password authentication failed")
	refused(ctx, t, withoutPassword(t, catalog), "password authentication failed")
	refused(ctx, t, withDatabase(t, catalog, "renting"), "permission denied for database")
	refused(ctx, t, withDatabase(t, renting, "catalog"), "permission denied for database")
	refused(ctx, t, withDatabase(t, catalog, "postgres"), "permission denied for database")
	refused(ctx, t, withDatabase(t, catalog, "template1"), "permission denied for database")
	exec1(ctx, t, catalog, "CREATE TABLE apartment (id bigint PRIMARY KEY); INSERT INTO apartment VALUES (1)")

	// Again (as on every start of the stack): the role keeps its password and its database its data.
	if again, err := c.OwnDatabase(ctx, "catalog"); err != nil || again != catalog {
		t.Fatalf("second OwnDatabase: %q, %v; want %q", again, err, catalog)
	}
	exec1(ctx, t, catalog, "SELECT id FROM apartment WHERE id = 1")

	fi, err := os.Stat(filepath.Join(opt.PasswordDir, "catalog"))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("catalog's password file: %v, %v; want mode 0600", fi, err)
	}
}

// TestStart_clusterThatTrusted_movesToPasswordsKeepingData: a cluster of an older run, which
// trusted every connection and has no password file, comes back with password authentication and
// its data.
func TestStart_clusterThatTrusted_movesToPasswordsKeepingData(t *testing.T) {
	ctx, opt, c := startCluster(t)
	exec1(ctx, t, c.URL("postgres"), "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('hello')")
	exec1(ctx, t, c.URL("postgres"), "CREATE DATABASE catalog")
	// A service's database as an older run made it: everything owned by the superuser.
	exec1(ctx, t, c.URL("catalog"), `CREATE TABLE apartment (id serial PRIMARY KEY, name text);
		INSERT INTO apartment (name) VALUES ('A1');
		CREATE VIEW named AS SELECT name FROM apartment;
		CREATE FUNCTION touch() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN NEW.name := upper(NEW.name); RETURN NEW; END';
		CREATE TRIGGER touch BEFORE INSERT ON apartment FOR EACH ROW EXECUTE FUNCTION touch()`)
	if err := c.Stop(); err != nil {
		t.Fatal(err)
	}
	// What an older run left: trust for everyone, no password file.
	hba := filepath.Join(opt.DataDir, "pg_hba.conf")
	if err := os.WriteFile(hba, []byte("host all all 127.0.0.1/32 trust\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(opt.PasswordDir); err != nil {
		t.Fatal(err)
	}

	c, err := pglocal.Start(ctx, opt)
	if err != nil {
		t.Fatal(err)
	}
	refused(ctx, t, withoutPassword(t, c.URL("postgres")), "password authentication failed")
	exec1(ctx, t, c.URL("postgres"), "SELECT v FROM kept WHERE v = 'hello'")

	// The service's role takes its database over with the data, and its migrations can change it.
	catalog, err := c.OwnDatabase(ctx, "catalog")
	if err != nil {
		t.Fatal(err)
	}
	exec1(ctx, t, catalog, `ALTER TABLE apartment ADD COLUMN floor int;
		INSERT INTO apartment (name) VALUES ('b2');
		CREATE OR REPLACE FUNCTION touch() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NEW; END';
		DROP VIEW named`)
	exec1(ctx, t, catalog, `DO $$ BEGIN
		IF (SELECT count(*) FROM apartment WHERE name IN ('A1', 'B2')) <> 2 THEN RAISE 'rows lost'; END IF;
	END $$`)
}

// startCluster starts a cluster with its data and passwords in a fresh directory; it is stopped when
// the test ends.
func startCluster(t *testing.T) (context.Context, pglocal.Options, *pglocal.Cluster) {
	t.Helper()
	skipWithoutBinaries(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	dir := t.TempDir()
	opt := pglocal.Options{DataDir: filepath.Join(dir, "data"), PasswordDir: filepath.Join(dir, "passwords")}
	c, err := pglocal.Start(ctx, opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Stop() })
	return ctx, opt, c
}

func skipWithoutBinaries(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("initdb"); err != nil {
		if m, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb"); len(m) == 0 {
			t.Skip("no PostgreSQL binaries on this machine")
		}
	}
}

func refused(ctx context.Context, t *testing.T, u, want string) {
	t.Helper()
	conn, err := pgx.Connect(ctx, u)
	if err == nil {
		conn.Close(ctx)
		t.Fatalf("connected to %s; want refused", u)
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("connecting: %v; want %q", err, want)
	}
}

func withoutPassword(t *testing.T, u string) string {
	t.Helper()
	pu, err := url.Parse(u)
	if err != nil {
		t.Fatal(err)
	}
	pu.User = url.User(pu.User.Username())
	return pu.String()
}

func withDatabase(t *testing.T, u, database string) string {
	t.Helper()
	pu, err := url.Parse(u)
	if err != nil {
		t.Fatal(err)
	}
	pu.Path = "/" + database
	return pu.String()
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
