package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Pipeline collects writes that need no answer but success, so that a transaction sends them to
// the database in one round trip: a renting's new state, its log entry and its outbox event are one
// round trip instead of three. It stands in for the transaction wherever a write takes one
// (sqlc's ":exec" queries through db.New, events.EnqueueWithID); Send then runs the writes in the
// transaction, in the order they were queued.
//
// Queuing never fails and reports nothing; what a write came to (its error, the rows it changed)
// is only known from Send. So only writes whose single outcome is success or failure belong here,
// and reads are refused.
type Pipeline struct {
	batch pgx.Batch
}

// ErrPipelineRead is what a read through a Pipeline returns: it has no answer before Send.
var ErrPipelineRead = errors.New("postgres: a pipeline queues writes only; read in the transaction")

// Exec queues a write.
func (p *Pipeline) Exec(_ context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	p.batch.Queue(sql, args...)
	return pgconn.CommandTag{}, nil
}

// Query refuses: a pipeline holds writes only.
func (p *Pipeline) Query(context.Context, string, ...any) (pgx.Rows, error) {
	return nil, ErrPipelineRead
}

// QueryRow refuses: a pipeline holds writes only.
func (p *Pipeline) QueryRow(context.Context, string, ...any) pgx.Row {
	return refusedRow{}
}

// Send runs the queued writes in tx, in one round trip, and returns the first failure. A failed
// write fails the transaction as any failed statement does.
func (p *Pipeline) Send(ctx context.Context, tx pgx.Tx) error {
	if p.batch.Len() == 0 {
		return nil
	}
	return tx.SendBatch(ctx, &p.batch).Close()
}

type refusedRow struct{}

func (refusedRow) Scan(...any) error { return ErrPipelineRead }
