package events

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"

	"semesterhaus/platform/server"
	"semesterhaus/proto/events/v1/streams"
)

// duplicateWindow is how long JetStream remembers message ids. It covers a relay that published an
// event but stopped before marking it and is restarted: its second publish is dropped.
const duplicateWindow = 10 * time.Minute

// StreamOption changes a stream's configuration before EnsureStream applies it.
type StreamOption func(*jetstream.StreamConfig)

// DuplicateWindow sets how long the stream remembers message ids (tests shorten it).
func DuplicateWindow(d time.Duration) StreamOption {
	return func(cfg *jetstream.StreamConfig) { cfg.Duplicates = d }
}

// EnsureStream creates the stream (one of package streams' catalogue) or updates it: on file
// storage, it keeps every subject under its prefix. Unless an option sets it, the duplicate window
// is 10 minutes (at most the stream's MaxAge).
func EnsureStream(ctx context.Context, js jetstream.JetStream, s streams.Stream, options ...StreamOption) error {
	cfg := jetstream.StreamConfig{Name: s.Name, Subjects: []string{s.Wildcard()}, Storage: jetstream.FileStorage}
	for _, option := range options {
		option(&cfg)
	}
	if cfg.Duplicates == 0 {
		cfg.Duplicates = duplicateWindow
		if cfg.MaxAge > 0 && cfg.MaxAge < cfg.Duplicates {
			cfg.Duplicates = cfg.MaxAge
		}
	}
	if _, err := js.CreateOrUpdateStream(ctx, cfg); err != nil {
		return fmt.Errorf("events: stream %s: %w", cfg.Name, err)
	}
	return nil
}

// RelayComponent is the process component that publishes the outbox of pool's database (NewRelay).
func RelayComponent(pool *pgxpool.Pool, js jetstream.JetStream, logger *slog.Logger) server.Component {
	return server.Func("outbox-relay", NewRelay(pool, js, logger).Run)
}
