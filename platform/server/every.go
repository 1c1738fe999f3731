package server

import (
	"context"
	"log/slog"
	"time"
)

// Every makes a component that runs job at once and then at every interval until ctx ends, such as
// a service's scheduled job; a failed run is logged and retried at the next tick.
func Every(name string, interval time.Duration, logger *slog.Logger, job func(ctx context.Context) error) Component {
	return Func(name, func(ctx context.Context) error {
		ticker := time.NewTicker(interval)
		defer ticker.Stop()
		for {
			if err := job(ctx); err != nil && ctx.Err() == nil {
				logger.ErrorContext(ctx, "scheduled job failed", "job", name, "err", err)
			}
			select {
			case <-ctx.Done():
				return nil
			case <-ticker.C:
			}
		}
	})
}
