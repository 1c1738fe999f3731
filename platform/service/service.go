// Package service is the skeleton every service's main shares: one binary with subcommands (serve,
// migrate, import FILE, and provision-nats in every one: ProvisionCommand), settings read once from
// the environment, a logger named after the service,
// tracing when an OTLP endpoint is configured (package tracing), and a context that ends on SIGINT
// or SIGTERM.
package service

import (
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"slices"
	"strings"
	"time"

	"semesterhaus/platform/config"
	"semesterhaus/platform/logging"
	"semesterhaus/platform/postgres"
	"semesterhaus/platform/server"
	"semesterhaus/platform/tracing"
)

// Settings are the settings every service reads the same way; a service's Config embeds them.
type Settings struct {
	DatabaseURL       config.Secret `env:"DATABASE_URL,required,notEmpty"`
	IdentityPublicKey string        `env:"IDENTITY_PUBLIC_KEY"`
	// NATSURL is needed to serve by the services that publish or consume events, not to migrate.
	NATSURL string `env:"NATS_URL"`
	// NATSUser and NATSPassword sign the service in to NATS as its own user (natsauth.Users);
	// without a user it connects anonymously, to a server without authorization.
	NATSUser     string        `env:"NATS_USER"`
	NATSPassword config.Secret `env:"NATS_PASSWORD"`
	LogLevel     string        `env:"LOG_LEVEL" envDefault:"info"`
	LogFormat    string        `env:"LOG_FORMAT" envDefault:"json"`
	// NATSStreamReplicas is how many copies JetStream keeps of the streams: 1 on a single server, 3
	// on a three-node cluster. The provisioning (natsprovision) makes the streams with it, reading
	// the same setting; a service only checks it.
	NATSStreamReplicas int `env:"NATS_STREAM_REPLICAS" envDefault:"1"`
	// ServiceKey is the service's own Ed25519 key (base64 of its seed). It signs the token with
	// which the service proves who it is on every gRPC call it makes (package peer).
	ServiceKey config.Secret `env:"SERVICE_KEY"`
	// ServicePublicKeys are the public keys of the services that may call this one, by name
	// (catalog=…,renting=…): a gRPC call is served only with a token one of them signed.
	ServicePublicKeys map[string]string `env:"SERVICE_PUBLIC_KEYS" envKeyValSeparator:"="`
	// TLSCertFile and TLSKeyFile are the certificate and key the service's HTTP and gRPC servers
	// present, TLSCAFile the CA that signed its peers' certificates. Required where Production is
	// set: inside the cluster every call goes over TLS.
	TLSCertFile string `env:"TLS_CERT_FILE"`
	TLSKeyFile  string `env:"TLS_KEY_FILE"`
	TLSCAFile   string `env:"TLS_CA_FILE"`
	// Production turns off every local default: a service refuses to start with a sandbox partner
	// or a built-in secret.
	Production bool `env:"PRODUCTION"`
}

// Base returns the shared settings of any Config that embeds them.
func (s Settings) Base() Settings { return s }

// Configured is a service's Config.
type Configured interface{ Base() Settings }

// Command is one subcommand of a service binary.
type Command[C Configured] func(ctx context.Context, cfg C, logger *slog.Logger) error

// Main runs the subcommand named by the program's only argument and exits with status 1 and the
// error on failure.
func Main[C Configured](name string, load func() (C, error), commands map[string]Command[C]) {
	server.TuneGC()
	if err := run(name, os.Args[1:], load, commands); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", name, err)
		os.Exit(1)
	}
}

func run[C Configured](name string, args []string, load func() (C, error), commands map[string]Command[C]) error {
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range commands {
			if !yield(n) {
				return
			}
		}
	})
	usage := fmt.Sprintf("usage: %s %s | %s", name, strings.Join(names, " | "), ProvisionCommand)
	if len(args) == 0 {
		return fmt.Errorf("%s", usage)
	}
	if len(args) == 1 && args[0] == ProvisionCommand {
		return provisionNATS(name)
	}
	key, ok := commandKey(names, args)
	if !ok {
		return fmt.Errorf("unknown command %q; %s", strings.Join(args, " "), usage)
	}
	command := commands[key]
	cfg, err := load()
	if err != nil {
		return err
	}
	base := cfg.Base()
	logger := logging.New(base.LogLevel, base.LogFormat).With("service", name)
	ctx, stop := server.SignalContext()
	defer stop()
	ctx = context.WithValue(ctx, nameKey{}, name)
	ctx = context.WithValue(ctx, argsKey{}, args[1:])
	stopTracing, err := tracing.Setup(ctx, name, logger)
	if err != nil {
		return err
	}
	defer flushTraces(stopTracing, logger)
	return command(ctx, cfg, logger)
}

// commandKey finds the command that args call: its key is its name followed by one placeholder per
// argument it takes ("import FILE" is called as `import building.yaml`).
func commandKey(keys, args []string) (string, bool) {
	for _, key := range keys {
		words := strings.Fields(key)
		if words[0] == args[0] && len(words) == len(args) {
			return key, true
		}
	}
	return "", false
}

type argsKey struct{}

// Args returns the arguments that followed the command's name, one per placeholder of its key.
func Args(ctx context.Context) []string {
	args, _ := ctx.Value(argsKey{}).([]string)
	return args
}

// flushTraces exports the spans still buffered, within a few seconds, when the process stops.
func flushTraces(stop func(context.Context) error, logger *slog.Logger) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := stop(ctx); err != nil {
		logger.Warn("tracing: flushing spans failed", "err", err)
	}
}

// Migrate is the migrate subcommand: the platform's tables, then the service's own migrations.
func Migrate[C Configured](migrations fs.FS) Command[C] {
	return func(ctx context.Context, cfg C, _ *slog.Logger) error {
		return postgres.Migrate(ctx, cfg.Base().DatabaseURL.Reveal(), migrations)
	}
}

type nameKey struct{}

// nameOf returns the name of the service whose command runs with ctx (Main puts it there).
func nameOf(ctx context.Context) string {
	name, _ := ctx.Value(nameKey{}).(string)
	return name
}
