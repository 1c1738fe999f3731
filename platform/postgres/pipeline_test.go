package postgres_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"semesterhaus/platform/pgtest"
	"semesterhaus/platform/postgres"
)

// databaseWith is a fresh database with one table made by ddl.
func databaseWith(t *testing.T, ddl string) *pgxpool.Pool {
	t.Helper()
	pool, _ := pgtest.NewDatabase(t, nil)
	if _, err := pool.Exec(context.Background(), ddl); err != nil {
		t.Fatal(err)
	}
	return pool
}

// rowsIn counts the rows of table that db sees.
func rowsIn(t *testing.T, db interface {
	QueryRow(context.Context, string, ...any) pgx.Row
}, table string) int {
	t.Helper()
	var n int
	if err := db.QueryRow(context.Background(), "SELECT count(*) FROM "+table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestPipeline_sendsItsWritesInOrderInTheTransaction(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := databaseWith(t, "CREATE TABLE step (n int PRIMARY KEY, after int REFERENCES step (n))")
	err := postgres.InTx(ctx, pool, func(tx pgx.Tx) error {
		var writes postgres.Pipeline
		// Each row refers to the one before it: only the queued order satisfies the foreign key.
		for _, n := range []int{1, 2, 3} {
			if _, err := writes.Exec(ctx, "INSERT INTO step (n, after) VALUES ($1, NULLIF($1 - 1, 0))", n); err != nil {
				return err
			}
		}
		if seen := rowsIn(t, tx, "step"); seen != 0 {
			t.Errorf("before Send the transaction sees %d rows, want 0", seen)
		}
		return writes.Send(ctx, tx)
	})
	if err != nil {
		t.Fatal(err)
	}
	if stored := rowsIn(t, pool, "step"); stored != 3 {
		t.Errorf("%d rows stored, want 3", stored)
	}
}

func TestPipeline_aFailingWriteFailsSendAndNothingIsStored(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := databaseWith(t, "CREATE TABLE once (n int PRIMARY KEY)")
	err := postgres.InTx(ctx, pool, func(tx pgx.Tx) error {
		var writes postgres.Pipeline
		for _, n := range []int{1, 1, 2} {
			_, _ = writes.Exec(ctx, "INSERT INTO once (n) VALUES ($1)", n)
		}
		return writes.Send(ctx, tx)
	})
	if err == nil {
		t.Fatal("a duplicate key in the pipeline did not fail Send")
	}
	if stored := rowsIn(t, pool, "once"); stored != 0 {
		t.Errorf("%d rows stored, want 0", stored)
	}
}

func TestPipeline_refusesReads(t *testing.T) {
	t.Parallel()
	var writes postgres.Pipeline
	if _, err := writes.Query(context.Background(), "SELECT 1"); !errors.Is(err, postgres.ErrPipelineRead) {
		t.Errorf("Query: %v", err)
	}
	var n int
	if err := writes.QueryRow(context.Background(), "SELECT 1").Scan(&n); !errors.Is(err, postgres.ErrPipelineRead) {
		t.Errorf("QueryRow: %v", err)
	}
}
