package main

import (
	"context"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"semesterhaus/platform/natsauth"
	"semesterhaus/platform/natsprovision"
)

// provisionNATS creates or updates the streams, durables and buckets (natsprovision) before any
// service starts: on the stack's own server as its provisioning users, whose passwords no service
// gets; on a server in NATS_URL anonymously, as the tests' servers without authorization take it.
func (s *stack) provisionNATS(ctx context.Context) error {
	services, closeServices, err := s.provisioner(ctx, natsauth.Provisioner)
	if err != nil {
		return err
	}
	defer closeServices()
	gateway, closeGateway, err := s.provisioner(ctx, natsauth.GatewayProvisioner)
	if err != nil {
		return err
	}
	defer closeGateway()
	if err := natsprovision.Provision(ctx, services, gateway); err != nil {
		return fmt.Errorf("NATS provisioning: %w", err)
	}
	s.log.Info("provisioned NATS: the streams, their durable consumers and the gateway's buckets")
	return nil
}

// provisioner connects as the provisioning user, or anonymously when the stack has no passwords
// (a server in NATS_URL).
func (s *stack) provisioner(ctx context.Context, user string) (jetstream.JetStream, func(), error) {
	var options []nats.Option
	if password, ok := s.natsPasswords[user]; ok {
		options = natsauth.ConnectOptions(user, password)
	}
	nc, err := nats.Connect(s.natsURL, append(options, nats.Name(user), nats.Timeout(10*time.Second))...)
	if err != nil {
		return nil, nil, fmt.Errorf("NATS provisioning: %w", err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, nil, fmt.Errorf("NATS provisioning: %w", err)
	}
	return js, nc.Close, nil
}
