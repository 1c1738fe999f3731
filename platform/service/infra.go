package service

import (
	"context"
	"crypto/ed25519"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/grpc"

	"semesterhaus/platform/events"
	"semesterhaus/platform/health"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/natsauth"
	"semesterhaus/platform/peer"
	"semesterhaus/platform/postgres"
	"semesterhaus/platform/server"
	"semesterhaus/proto/events/v1/streams"
)

// Needs says what a service's serve command connects to besides its database and the verifier of
// the gateway's identity tokens.
type Needs struct {
	// NATS: the service consumes events, from NATS JetStream (NATS_URL).
	NATS bool
	// Publishes are the streams the service publishes its outbox into (they imply NATS), fed by
	// the outbox relay that Infra.Run runs. The provisioning creates them (natsprovision); the
	// service is ready once they are there.
	Publishes []streams.Stream
}

// Serve is the serve subcommand: it connects what the service needs, hands the connections to run,
// which builds the service and runs it (Infra.Run), and releases them when run returns.
func Serve[C Configured](needs Needs, run func(ctx context.Context, cfg C, infra *Infra, logger *slog.Logger) error) Command[C] {
	return func(ctx context.Context, cfg C, logger *slog.Logger) error {
		infra, err := Connect(ctx, nameOf(ctx), cfg.Base(), needs, logger)
		if err != nil {
			return err
		}
		defer infra.Close()
		return run(ctx, cfg, infra, logger)
	}
}

// Infra is what a serving service is connected to: its database, the verifier of the gateway's
// identity tokens, its credentials towards its peers and, when it needs it, NATS JetStream.
type Infra struct {
	Pool      *pgxpool.Pool
	Verifier  *identity.Verifier
	JS        jetstream.JetStream // nil unless the service needs NATS
	nc        *nats.Conn
	publishes []streams.Stream
	peers     peers
	name      string // the service's, as the topology names it
}

// peers are the service's credentials on both ends of its gRPC calls.
type peers struct {
	caller        Caller
	authenticator *peer.Authenticator
	serverTLS     *tls.Config
}

// Connect opens the database of the service called name, builds its identity verifier and its
// credentials towards its peers and, as far as needs says, connects to NATS JetStream. Close
// releases them.
func Connect(ctx context.Context, name string, s Settings, needs Needs, logger *slog.Logger) (*Infra, error) {
	verifier, err := identity.VerifierFromConfig(s.IdentityPublicKey, name, logger)
	if err != nil {
		return nil, err
	}
	credentials, err := peerCredentials(name, s, logger)
	if err != nil {
		return nil, err
	}
	pool, err := postgres.Connect(ctx, s.DatabaseURL.Reveal())
	if err != nil {
		return nil, err
	}
	infra := &Infra{Pool: pool, Verifier: verifier, publishes: needs.Publishes, peers: credentials, name: name}
	if !needs.NATS && len(needs.Publishes) == 0 {
		return infra, nil
	}
	if err := infra.connectNATS(ctx, s, logger); err != nil {
		infra.Close()
		return nil, err
	}
	return infra, nil
}

// connectNATS connects to NATS JetStream as the service's user. The URL is only needed to serve
// (migrations run without it), so an empty one is refused here rather than when the settings are
// read. The streams and durables are the provisioning's (natsprovision, which gives them
// NATS_STREAM_REPLICAS replicas): the service's user may not create or change them.
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
	i.nc, i.JS = nc, js
	return nil
}

// streamsProvisioned is the readiness check of a service that publishes: its streams are there, so
// the outbox relay can publish (until then it retries, and the provisioning's absence shows here).
func (i *Infra) streamsProvisioned(ctx context.Context) error {
	for _, stream := range i.publishes {
		if _, err := i.JS.Stream(ctx, stream.Name); err != nil {
			return fmt.Errorf("stream %s (NATS provisioning): %w", stream.Name, err)
		}
	}
	return nil
}

// peerCredentials reads the service's key, its peers' public keys and the TLS settings.
func peerCredentials(name string, s Settings, logger *slog.Logger) (peers, error) {
	keys, err := peer.ParseKeys(s.ServicePublicKeys)
	if err != nil {
		return peers{}, err
	}
	if len(keys) == 0 {
		if s.Production {
			return peers{}, errors.New("PRODUCTION: SERVICE_PUBLIC_KEYS is required: without it no service can call this one's gRPC API")
		}
		logger.Warn("SERVICE_PUBLIC_KEYS is not set: no service can call this one's gRPC API")
	}
	serverTLS, clientTLS, err := server.InternalTLS(s.TLSCertFile, s.TLSKeyFile, s.TLSCAFile, s.Production)
	if err != nil {
		return peers{}, err
	}
	var key ed25519.PrivateKey
	if s.ServiceKey != "" {
		if key, err = identity.ParsePrivateKey(s.ServiceKey.Reveal()); err != nil {
			return peers{}, fmt.Errorf("SERVICE_KEY: %w", err)
		}
	}
	return peers{
		caller:        Caller{Signer: peer.NewSigner(name, key), TLS: clientTLS},
		authenticator: peer.NewAuthenticator(name, keys),
		serverTLS:     serverTLS,
	}, nil
}

// Dial connects to the gRPC API of the service named callee at addr, as this service (Caller.Dial):
// only a peer the topology lets it call. A service that calls others needs its SERVICE_KEY.
func (i *Infra) Dial(callee, addr string, options ...grpc.DialOption) (*grpc.ClientConn, error) {
	if err := peer.CheckCall(i.name, callee); err != nil {
		return nil, err
	}
	if !i.peers.caller.Signer.HasKey() {
		return nil, fmt.Errorf("SERVICE_KEY is required: the service calls %s", callee)
	}
	return i.peers.caller.Dial(callee, addr, options...)
}

// Run runs the service until ctx ends (server.Run): its API, with its credentials, TLS and a
// readiness check of the database added, the outbox relay when it publishes events, and its other
// components.
func (i *Infra) Run(ctx context.Context, logger *slog.Logger, api API, components ...server.Component) error {
	if err := api.Callers.CheckTopology(i.name); err != nil {
		return err
	}
	api.Guard = peer.Guard{Authenticator: i.peers.authenticator, Identities: i.Verifier}
	api.TLS, api.Logger = i.peers.serverTLS, logger
	api.Ready = append(api.Ready, health.Check{Name: "postgres", Func: i.Pool.Ping})
	if len(i.publishes) > 0 {
		api.Ready = append(api.Ready, health.Check{Name: "nats-streams", Func: i.streamsProvisioned})
	}
	all, err := api.Components()
	if err != nil {
		return err
	}
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
