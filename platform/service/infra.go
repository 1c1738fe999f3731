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
	"semesterhaus/platform/health"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/natsauth"
	"semesterhaus/platform/postgres"
	"semesterhaus/platform/server"
	"semesterhaus/proto/events/v1/streams"
)

// Needs says what a service's serve command connects to besides its database and the verifier of
// the gateway's identity tokens.
type Needs struct {
	// NATS: the service consumes events, from NATS JetStream (NATS_URL).
	NATS bool
	// Publishes are the streams the service publishes its outbox into (they imply NATS): created or
	// updated at start, and fed by the outbox relay that Infra.Run runs.
	Publishes []streams.Stream
}

// Serve is the serve subcommand: it connects what the service needs, hands the connections to run,
// which builds the service and runs it (Infra.Run), and releases them when run returns.
func Serve[C Configured](needs Needs, run func(ctx context.Context, cfg C, infra *Infra, logger *slog.Logger) error) Command[C] {
	return func(ctx context.Context, cfg C, logger *slog.Logger) error {
		infra, err := Connect(ctx, cfg.Base(), needs, logger)
		if err != nil {
			return err
		}
		defer infra.Close()
		return run(ctx, cfg, infra, logger)
	}
}

// Infra is what a serving service is connected to: its database, the verifier of the gateway's
// identity tokens and, when it needs it, NATS JetStream.
type Infra struct {
	Pool      *pgxpool.Pool
	Verifier  *identity.Verifier
	JS        jetstream.JetStream // nil unless the service needs NATS
	nc        *nats.Conn
	publishes []streams.Stream
}

// Connect opens the service's database, builds its identity verifier and, as far as needs says,
// connects to NATS JetStream and creates the streams the service publishes into. Close releases
// them.
func Connect(ctx context.Context, s Settings, needs Needs, logger *slog.Logger) (*Infra, error) {
	verifier, err := identity.VerifierFromConfig(s.IdentityPublicKey, logger)
	if err != nil {
		return nil, err
	}
	pool, err := postgres.Connect(ctx, s.DatabaseURL.Reveal())
	if err != nil {
		return nil, err
	}
	infra := &Infra{Pool: pool, Verifier: verifier, publishes: needs.Publishes}
	if !needs.NATS && len(needs.Publishes) == 0 {
		return infra, nil
	}
	if err := infra.connectNATS(ctx, s, logger); err != nil {
		infra.Close()
		return nil, err
	}
	return infra, nil
}

// connectNATS connects to NATS JetStream and creates the streams the service publishes into. The
// URL is only needed to serve (migrations run without it), so an empty one is refused here rather
// than when the settings are read. Streams get NATS_STREAM_REPLICAS replicas.
func (i *Infra) connectNATS(ctx context.Context, s Settings, logger *slog.Logger) error {
	if s.NATSURL == "" {
		return errors.New("NATS_URL is required to serve: the service's events travel there")
	}
	if s.NATSStreamReplicas < 0 || s.NATSStreamReplicas > 5 { // 0: not set, one replica
		return fmt.Errorf("NATS_STREAM_REPLICAS must be between 1 and 5, not %d", s.NATSStreamReplicas)
	}
	nc, js, err := events.Connect(ctx, s.NATSURL, logger, natsauth.ConnectOptions(s.NATSUser, s.NATSPassword.Reveal())...)
	if err != nil {
		return err
	}
	i.nc, i.JS = nc, events.WithStreamReplicas(js, s.NATSStreamReplicas)
	for _, stream := range i.publishes {
		if err := events.EnsureStream(ctx, i.JS, stream); err != nil {
			return err
		}
	}
	return nil
}

// Run runs the service until ctx ends (server.Run): its API, with the identity verifier and a
// readiness check of the database added, the outbox relay when it publishes events, and its other
// components.
func (i *Infra) Run(ctx context.Context, logger *slog.Logger, api API, components ...server.Component) error {
	api.Verifier, api.Logger = i.Verifier, logger
	api.Ready = append(api.Ready, health.Check{Name: "postgres", Func: i.Pool.Ping})
	all := api.Components()
	if len(i.publishes) > 0 {
		all = append(all, events.RelayComponent(i.Pool, i.JS, logger))
	}
	return server.Run(ctx, logger, append(all, components...)...)
}

// Close releases the connections.
func (i *Infra) Close() {
	if i.nc != nil {
		i.nc.Close()
	}
	i.Pool.Close()
}
