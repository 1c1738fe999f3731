package events

import (
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"

	"semesterhaus/platform/server"
)

// RelayComponent is the process component that publishes the outbox of pool's database (NewRelay).
func RelayComponent(pool *pgxpool.Pool, js jetstream.JetStream, logger *slog.Logger) server.Component {
	return server.Func("outbox-relay", NewRelay(pool, js, logger).Run)
}
