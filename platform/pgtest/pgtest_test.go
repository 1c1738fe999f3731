package pgtest_test

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"semesterhaus/platform/pgtest"
	"semesterhaus/platform/postgres"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// TestNewDatabase_freshMigratedAndDroppedAfterTest checks the helper's promises: two tests get
// different databases, each already migrated, and each is gone once its test has ended.
func TestNewDatabase_freshMigratedAndDroppedAfterTest(t *testing.T) {
	var urls []string
	for _, name := range []string{"first", "second"} {
		t.Run(name, func(t *testing.T) {
			pool, dbURL := pgtest.NewDatabase(t, nil)
			urls = append(urls, dbURL)
			var n int
			if err := pool.QueryRow(context.Background(), "SELECT count(*) FROM outbox").Scan(&n); err != nil || n != 0 {
				t.Fatalf("outbox rows = %d, %v; want a migrated, empty database", n, err)
			}
		})
	}
	if urls[0] == urls[1] {
		t.Fatalf("both tests got %s", urls[0])
	}
	for _, u := range urls {
		parsed, err := url.Parse(u)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimPrefix(parsed.Path, "/")
		parsed.Path = "/postgres"
		conn, err := pgx.Connect(context.Background(), parsed.String())
		if err != nil {
			t.Fatal(err)
		}
		var exists bool
		err = conn.QueryRow(context.Background(), "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists)
		conn.Close(context.Background())
		if err != nil || exists {
			t.Fatalf("database %s exists=%v after its test, %v", name, exists, err)
		}
	}
}

func TestRowsRead_countsWhatTheTransactionRead(t *testing.T) {
	t.Parallel()
	pool, _ := pgtest.NewDatabase(t, nil)
	ctx := context.Background()
	if _, err := pool.Exec(ctx, "CREATE TABLE item (id int PRIMARY KEY); INSERT INTO item SELECT generate_series(1, 100)"); err != nil {
		t.Fatal(err)
	}
	err := postgres.InTx(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SET LOCAL enable_seqscan = off; SELECT id FROM item WHERE id = 42"); err != nil {
			return err
		}
		if read, err := pgtest.RowsRead(ctx, tx, "item"); err != nil || read != 1 {
			t.Errorf("after a lookup by key: %d rows read (%v), want 1", read, err)
		}
		if _, err := tx.Exec(ctx, "SELECT count(*) FROM item WHERE id % 7 = 0"); err != nil {
			return err
		}
		if read, err := pgtest.RowsRead(ctx, tx, "item"); err != nil || read < 100 {
			t.Errorf("after a scan of the whole table: %d rows read (%v), want at least 100", read, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
