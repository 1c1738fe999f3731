package service

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"semesterhaus/platform/config"
	"semesterhaus/platform/natsauth"
	"semesterhaus/platform/natstest"
	"semesterhaus/proto/events/v1/streams"
)

// TestProvision_asTheProvisioningUsers_makesTheCatalogue: provision-nats, signed in as the two
// provisioning users, makes every stream with its durables and the gateway's buckets; without their
// passwords it gets nowhere.
func TestProvision_asTheProvisioningUsers_makesTheCatalogue(t *testing.T) {
	url := natstest.StartAuthorized(t)
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Second)
	defer cancel()
	if err := Provision(ctx, ProvisionSettings{NATSURL: url, StreamReplicas: 1}, quietLogger()); err == nil {
		t.Fatal("provisioned without the provisioning users' passwords")
	}
	settings := ProvisionSettings{NATSURL: url, StreamReplicas: 1,
		ServicesPassword: config.Secret(natstest.Password(natsauth.Provisioner)), GatewayPassword: config.Secret(natstest.Password(natsauth.GatewayProvisioner))}
	if err := Provision(t.Context(), settings, quietLogger()); err != nil {
		t.Fatal(err)
	}
	js := natstest.SignIn(t, url, natsauth.Provisioner)
	for _, stream := range streams.All() {
		for _, c := range stream.Consumers {
			if _, err := js.Consumer(t.Context(), stream.Name, c.Durable); err != nil {
				t.Errorf("durable %s on %s: %v", c.Durable, stream.Name, err)
			}
		}
	}
	gateway := natstest.SignIn(t, url, natsauth.GatewayProvisioner)
	for _, b := range natsauth.Buckets() {
		if _, err := gateway.KeyValue(t.Context(), b.Name); err != nil {
			t.Errorf("bucket %s: %v", b.Name, err)
		}
		if _, err := js.KeyValue(t.Context(), b.Name); !errors.Is(err, jetstream.ErrBucketNotFound) {
			t.Errorf("bucket %s in the services' account: %v", b.Name, err)
		}
	}
}
