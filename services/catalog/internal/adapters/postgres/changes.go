package postgres

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// changesChannel is where the catalog tables' triggers (migration 00004) tell of a committed change.
const changesChannel = "catalog_changed"

// Back-off between attempts to listen again after the connection was lost.
const (
	firstRetry = time.Second
	maxRetry   = 30 * time.Second
)

// ListenForChanges calls changed whenever the catalog's tables changed, whoever changed them (this
// replica, another one, `catalog import`), until ctx ends. It also calls changed each time it starts
// listening, so that a change made while the connection was lost is not missed. A lost connection
// is opened again with growing waits; a failing changed is logged and tried again at the next notice.
func ListenForChanges(ctx context.Context, pool *pgxpool.Pool, changed func(context.Context) error, logger *slog.Logger) {
	wait := firstRetry
	for ctx.Err() == nil {
		start := time.Now()
		err := listen(ctx, pool, changed, logger)
		if ctx.Err() != nil {
			return
		}
		if time.Since(start) > maxRetry {
			wait = firstRetry
		}
		logger.WarnContext(ctx, "listening for catalog changes failed; listening again", "err", err, "in", wait)
		select {
		case <-ctx.Done():
		case <-time.After(wait):
		}
		wait = min(2*wait, maxRetry)
	}
}

// listen holds one connection of its own (taken out of the pool: a listening connection must not
// serve other queries) until it fails or ctx ends.
func listen(ctx context.Context, pool *pgxpool.Pool, changed func(context.Context) error, logger *slog.Logger) error {
	pooled, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	conn := pooled.Hijack()
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{changesChannel}.Sanitize()); err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	for {
		if err := changed(ctx); err != nil && ctx.Err() == nil {
			logger.ErrorContext(ctx, "loading the changed catalog failed", "err", err)
		}
		if _, err := conn.WaitForNotification(ctx); err != nil {
			return err
		}
	}
}
