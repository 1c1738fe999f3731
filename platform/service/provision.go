package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"semesterhaus/platform/config"
	"semesterhaus/platform/events"
	"semesterhaus/platform/logging"
	"semesterhaus/platform/natsauth"
	"semesterhaus/platform/natsprovision"
	"semesterhaus/platform/server"
)

// ProvisionCommand is the subcommand that every service binary has besides its own: the NATS
// provisioning (natsprovision), which creates or updates the services' streams with their durable
// consumers and the gateway's buckets. In Kubernetes the Job nats-provision runs it with the
// provisioning users' passwords, which no service's pod has; the local stack provisions in-process.
// It reads only its own settings (ProvisionSettings), not the service's.
const ProvisionCommand = "provision-nats"

// ProvisionSettings are the settings of the provisioning.
type ProvisionSettings struct {
	NATSURL string `env:"NATS_URL,required,notEmpty"`
	// The passwords of the provisioning users natsauth.Provisioner (the services' account) and
	// natsauth.GatewayProvisioner (the gateway's); without them it connects anonymously, to a
	// server without authorization.
	ServicesPassword config.Secret `env:"NATS_PROVISION_PASSWORD"`
	GatewayPassword  config.Secret `env:"NATS_PROVISION_GATEWAY_PASSWORD"`
	// StreamReplicas is how many copies JetStream keeps of each stream and bucket: 1 on a single
	// server, 3 on a three-node cluster.
	StreamReplicas int    `env:"NATS_STREAM_REPLICAS" envDefault:"1"`
	LogLevel       string `env:"LOG_LEVEL" envDefault:"info"`
	LogFormat      string `env:"LOG_FORMAT" envDefault:"json"`
}

// provisionNATS is the provision-nats subcommand.
func provisionNATS(name string) error {
	s, err := config.Load[ProvisionSettings]()
	if err != nil {
		return err
	}
	if s.StreamReplicas < 1 || s.StreamReplicas > 5 {
		return fmt.Errorf("NATS_STREAM_REPLICAS must be between 1 and 5, not %d", s.StreamReplicas)
	}
	logger := logging.New(s.LogLevel, s.LogFormat).With("service", name, "command", ProvisionCommand)
	ctx, stop := server.SignalContext()
	defer stop()
	return Provision(ctx, s, logger)
}

// Provision signs in as the provisioning users and provisions (natsprovision.Provision).
func Provision(ctx context.Context, s ProvisionSettings, logger *slog.Logger) error {
	connect := func(user string, password config.Secret) (jetstream.JetStream, func(), error) {
		if password == "" {
			user = ""
		}
		nc, js, err := events.Connect(ctx, s.NATSURL, logger, append(natsauth.ConnectOptions(user, password.Reveal()), nats.Name(ProvisionCommand))...)
		if err != nil {
			return nil, nil, err
		}
		return js, nc.Close, nil
	}
	services, closeServices, err := connect(natsauth.Provisioner, s.ServicesPassword)
	if err != nil {
		return err
	}
	defer closeServices()
	gateway, closeGateway, err := connect(natsauth.GatewayProvisioner, s.GatewayPassword)
	if err != nil {
		return err
	}
	defer closeGateway()
	if err := natsprovision.Provision(ctx, services, gateway, natsprovision.Replicas(s.StreamReplicas)); err != nil {
		return err
	}
	logger.Info("provisioned NATS: the streams, their durable consumers and the gateway's buckets", "replicas", s.StreamReplicas)
	return nil
}
