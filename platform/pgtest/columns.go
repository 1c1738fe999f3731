package pgtest

import (
	"context"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// RequireColumnsReviewed is the test of a service that keeps no personal data: the columns of a fresh
// database migrated with migrations (Columns) must be those it has reviewed ("table.column" with why
// it holds no personal data), so a new column fails the test until it is reviewed too.
func RequireColumnsReviewed(t *testing.T, migrations fs.FS, reviewed map[string]string) {
	t.Helper()
	pool, _ := NewDatabase(t, migrations)
	columns, err := Columns(context.Background(), pool)
	if err != nil {
		t.Fatal(err)
	}
	if want := slices.Sorted(maps.Keys(reviewed)); !slices.Equal(columns, want) {
		t.Errorf("the database's columns are\n%s\nthe reviewed ones\n%s\nreview a new column for personal data (docs/privacy.md) before adding it here",
			strings.Join(columns, "\n"), strings.Join(want, "\n"))
	}
}

// Columns returns every column of the database's own tables as "table.column", sorted, leaving out
// the tables every service shares through platform/postgres (outbox, processed_events, audit_log)
// and the migrations' bookkeeping.
func Columns(ctx context.Context, pool *pgxpool.Pool) ([]string, error) {
	rows, err := pool.Query(ctx, `SELECT table_name || '.' || column_name FROM information_schema.columns
		WHERE table_schema = 'public' AND table_name NOT IN ('outbox', 'processed_events', 'audit_log')
		  AND table_name NOT LIKE '%goose_db_version'`)
	if err != nil {
		return nil, fmt.Errorf("columns: %w", err)
	}
	columns, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("columns: %w", err)
	}
	slices.Sort(columns)
	return columns, nil
}
