// Package nats connects the renting service's outbox to NATS JetStream: the stream RENTING that
// the service owns and the relay that publishes the outbox into it.
package nats

import (
	"context"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"

	"semesterhaus/platform/events"
	"semesterhaus/platform/server"
)

// The stream the renting service owns and the prefix of its subjects (docs/booking.md, "Events").
const (
	Stream        = "RENTING"
	SubjectPrefix = "renting"
)

// EnsureStream creates (or updates) the stream that keeps every subject under prefix.
func EnsureStream(ctx context.Context, js jetstream.JetStream, name, prefix string) error {
	return events.EnsureStream(ctx, js, jetstream.StreamConfig{
		Name: name, Subjects: []string{prefix + ".>"}, Storage: jetstream.FileStorage,
	})
}

// Relay is the component that publishes the outbox of the renting database.
func Relay(pool *pgxpool.Pool, js jetstream.JetStream, logger *slog.Logger) server.Component {
	return server.Func("outbox-relay", events.NewRelay(pool, js, logger).Run)
}
