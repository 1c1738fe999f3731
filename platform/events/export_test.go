package events

import (
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"
)

// NewRelayPolling is NewRelay with another poll interval than pollInterval.
func NewRelayPolling(pool *pgxpool.Pool, js jetstream.JetStream, logger *slog.Logger, poll time.Duration) *Relay {
	r := NewRelay(pool, js, logger)
	r.poll = poll
	return r
}
