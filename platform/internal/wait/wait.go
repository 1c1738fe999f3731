// Package wait retries a start-up probe, so that a service started together with its database or
// NATS server waits for them instead of failing at once.
package wait

import (
	"context"
	"time"
)

// StartupLimit is how long a dependency that is still starting is waited for.
const StartupLimit = 15 * time.Second

// Until calls try every half second until it succeeds, ctx ends or limit has passed, and returns
// try's last error.
func Until(ctx context.Context, limit time.Duration, try func(context.Context) error) error {
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	for {
		err := try(ctx)
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(500 * time.Millisecond):
		}
	}
}
