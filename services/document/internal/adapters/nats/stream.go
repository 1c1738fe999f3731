package nats

import (
	"context"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"

	"semesterhaus/platform/events"
	"semesterhaus/platform/server"
)

// DocumentStream is the stream this service owns (docs/booking.md, "Contract, payment and key code").
var DocumentStream = Stream{Name: "DOCUMENT", Prefix: "document"}

// EnsureStream creates (or updates) the stream that keeps every subject under its prefix.
func EnsureStream(ctx context.Context, js jetstream.JetStream, s Stream) error {
	return events.EnsureStream(ctx, js, jetstream.StreamConfig{
		Name: s.Name, Subjects: []string{s.Prefix + ".>"}, Storage: jetstream.FileStorage,
	})
}

// Relay is the component that publishes the outbox of the document database.
func Relay(pool *pgxpool.Pool, js jetstream.JetStream, logger *slog.Logger) server.Component {
	return server.Func("outbox-relay", events.NewRelay(pool, js, logger).Run)
}
