package pgtest

import (
	"context"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Columns returns every column of the database's own tables as "table.column", sorted, leaving out
// the tables every service shares through platform/postgres (outbox, processed_events, audit_log)
// and the migrations' bookkeeping. A service that keeps no personal data proves it with a test that
// compares them with the columns it has reviewed: a new column fails it until it is reviewed too.
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
