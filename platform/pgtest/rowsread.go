package pgtest

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// RowsRead returns how many rows of table the transaction tx has read so far, by sequential and by
// index scans. A test runs a query in tx and checks that it reads a handful of rows, not a number that
// grows with the table: the plan, not the timing, is what such a test pins down.
func RowsRead(ctx context.Context, tx pgx.Tx, table string) (int, error) {
	var read int
	err := tx.QueryRow(ctx, `SELECT coalesce(idx_tup_fetch, 0) + coalesce(seq_tup_read, 0)
		FROM pg_stat_xact_user_tables WHERE relname = $1`, table).Scan(&read)
	if err != nil {
		return 0, fmt.Errorf("rows read from %s: %w", table, err)
	}
	return read, nil
}
