package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"semesterhaus/platform/events"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/postgres"
)

// Infra is what a serving service is connected to: its database and the verifier of the gateway's
// identity tokens, and NATS JetStream once ConnectNATS was called.
type Infra struct {
	Pool     *pgxpool.Pool
	Verifier *identity.Verifier
	JS       jetstream.JetStream
	nc       *nats.Conn
	replicas int
}

// Connect opens the service's database and builds its identity verifier. Close releases them.
func Connect(ctx context.Context, s Settings, logger *slog.Logger) (*Infra, error) {
	verifier, err := identity.VerifierFromConfig(s.IdentityPublicKey, logger)
	if err != nil {
		return nil, err
	}
	pool, err := postgres.Connect(ctx, s.DatabaseURL.Reveal())
	if err != nil {
		return nil, err
	}
	return &Infra{Pool: pool, Verifier: verifier, replicas: s.NATSStreamReplicas}, nil
}

// ConnectNATS connects to NATS JetStream. The URL is only needed to serve (migrations run without
// it), so an empty one is refused here rather than when the settings are read. Streams created
// through JS get NATS_STREAM_REPLICAS replicas.
func (i *Infra) ConnectNATS(ctx context.Context, url string, logger *slog.Logger) error {
	if url == "" {
		return errors.New("NATS_URL is required to serve: the service's events travel there")
	}
	if i.replicas < 0 || i.replicas > 5 { // 0: not set, one replica
		return fmt.Errorf("NATS_STREAM_REPLICAS must be between 1 and 5, not %d", i.replicas)
	}
	nc, js, err := events.Connect(ctx, url, logger)
	if err != nil {
		return err
	}
	i.nc, i.JS = nc, events.WithStreamReplicas(js, i.replicas)
	return nil
}

// Close releases the connections.
func (i *Infra) Close() {
	if i.nc != nil {
		i.nc.Close()
	}
	i.Pool.Close()
}
