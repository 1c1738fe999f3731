package service

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"semesterhaus/platform/config"
	"semesterhaus/platform/natsauth"
	"semesterhaus/platform/natslocal"
	"semesterhaus/proto/events/v1/streams"
)

// TestProvision_asTheProvisioningUsers_makesTheCatalogue: provision-nats, signed in as the two
// provisioning users, makes every stream with its durables and the gateway's buckets; without their
// passwords it gets nowhere.
func TestProvision_asTheProvisioningUsers_makesTheCatalogue(t *testing.T) {
	passwords := map[string]string{}
	for _, u := range natsauth.Users() {
		passwords[u.Name] = "secret-" + u.Name
	}
	s, err := natslocal.Start(natslocal.Options{Passwords: passwords})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Shutdown)
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Second)
	defer cancel()
	if err := Provision(ctx, ProvisionSettings{NATSURL: s.URL(), StreamReplicas: 1}, quietLogger()); err == nil {
		t.Fatal("provisioned without the provisioning users' passwords")
	}
	settings := ProvisionSettings{NATSURL: s.URL(), StreamReplicas: 1,
		ServicesPassword: config.Secret(passwords[natsauth.Provisioner]), GatewayPassword: config.Secret(passwords[natsauth.GatewayProvisioner])}
	if err := Provision(t.Context(), settings, quietLogger()); err != nil {
		t.Fatal(err)
	}
	js := signIn(t, s.URL(), natsauth.Provisioner, passwords)
	for _, stream := range streams.All() {
		for _, c := range stream.Consumers {
			if _, err := js.Consumer(t.Context(), stream.Name, c.Durable); err != nil {
				t.Errorf("durable %s on %s: %v", c.Durable, stream.Name, err)
			}
		}
	}
	gateway := signIn(t, s.URL(), natsauth.GatewayProvisioner, passwords)
	for _, b := range natsauth.Buckets() {
		if _, err := gateway.KeyValue(t.Context(), b.Name); err != nil {
			t.Errorf("bucket %s: %v", b.Name, err)
		}
		if _, err := js.KeyValue(t.Context(), b.Name); !errors.Is(err, jetstream.ErrBucketNotFound) {
			t.Errorf("bucket %s in the services' account: %v", b.Name, err)
		}
	}
}

func signIn(t *testing.T, url, user string, passwords map[string]string) jetstream.JetStream {
	t.Helper()
	nc, err := nats.Connect(url, natsauth.ConnectOptions(user, passwords[user])...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	return js
}
