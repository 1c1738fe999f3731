// Package natsprovision creates and updates what the services and the gateway use on NATS
// JetStream: the streams of the catalogue (semesterhaus/proto/events/v1/streams) with their durable
// consumers, and the gateway's key-value buckets (natsauth.Buckets). It runs as the provisioning
// users of package natsauth, before the services start: in the local stack (tools/cmd/devstack),
// and in Kubernetes as the Job nats-provision. The services and the gateway only bind to what it
// made; their NATS users may not create or change any of it.
//
// Provisioning is idempotent: run again, it brings every stream, durable and bucket back to the
// catalogue's configuration.
package natsprovision

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"semesterhaus/platform/natsauth"
	"semesterhaus/proto/events/v1/streams"
)

// Option changes how streams and buckets are made.
type Option func(*options)

type options struct {
	replicas        int
	duplicateWindow time.Duration
}

// Replicas sets how many copies JetStream keeps of each stream and bucket: 1 on a single server,
// 3 on a three-node cluster, so that every acknowledged event is stored on a majority of the nodes
// and survives the loss of one (NATS_STREAM_REPLICAS).
func Replicas(n int) Option { return func(o *options) { o.replicas = max(n, 1) } }

// DuplicateWindow sets how long a stream remembers message ids (tests shorten it); by default
// streams.DuplicateWindow.
func DuplicateWindow(d time.Duration) Option { return func(o *options) { o.duplicateWindow = d } }

func optionsOf(opts []Option) options {
	o := options{replicas: 1, duplicateWindow: streams.DuplicateWindow}
	for _, opt := range opts {
		opt(&o)
	}
	return o
}

// Provision creates or updates the services' streams with their durables in services (the
// services' account, signed in as natsauth.Provisioner) and the gateway's buckets in gateway (its
// account, as natsauth.GatewayProvisioner). Without authorization both are the same connection.
func Provision(ctx context.Context, services, gateway jetstream.JetStream, opts ...Option) error {
	for _, s := range streams.All() {
		if err := Stream(ctx, services, s, opts...); err != nil {
			return err
		}
	}
	for _, b := range natsauth.Buckets() {
		if err := Bucket(ctx, gateway, b, opts...); err != nil {
			return err
		}
	}
	return nil
}

// Stream creates or updates the stream (one of the catalogue's, or a test's of the same shape) on
// file storage, keeping every subject under its prefix, and then its durable consumers.
func Stream(ctx context.Context, js jetstream.JetStream, s streams.Stream, opts ...Option) error {
	o := optionsOf(opts)
	cfg := StreamConfig(s, o.duplicateWindow)
	cfg.Replicas = o.replicas
	if _, err := js.CreateOrUpdateStream(ctx, cfg); err != nil {
		return fmt.Errorf("natsprovision: stream %s: %w", s.Name, err)
	}
	for _, c := range s.Consumers {
		if err := Consumer(ctx, js, s, c); err != nil {
			return err
		}
	}
	return nil
}

// StreamConfig is the stream's configuration: file storage, every subject under its prefix, and the
// duplicate window; nothing else (no republish, sources or mirror).
func StreamConfig(s streams.Stream, duplicateWindow time.Duration) jetstream.StreamConfig {
	return jetstream.StreamConfig{Name: s.Name, Subjects: []string{s.Wildcard()}, Storage: jetstream.FileStorage, Duplicates: duplicateWindow}
}

// Consumer creates or updates the durable pull consumer c on the stream s, filtered to the subjects
// it handles as far as the server can (streams.Consumer.Filters).
func Consumer(ctx context.Context, js jetstream.JetStream, s streams.Stream, c streams.Consumer) error {
	if err := s.Check(c); err != nil {
		return fmt.Errorf("natsprovision: %w", err)
	}
	if _, err := js.CreateOrUpdateConsumer(ctx, s.Name, ConsumerConfig(s, c, js.Conn().ConnectedServerVersion())); err != nil {
		return fmt.Errorf("natsprovision: consumer %s on %s: %w", c.Durable, s.Name, err)
	}
	return nil
}

// ConsumerConfig is the configuration of c on s on a server of serverVersion.
func ConsumerConfig(s streams.Stream, c streams.Consumer, serverVersion string) jetstream.ConsumerConfig {
	cc := jetstream.ConsumerConfig{Durable: c.Durable, AckPolicy: jetstream.AckExplicitPolicy, AckWait: c.Wait(), MaxDeliver: c.MaxDeliver}
	// A single filter goes into FilterSubject, which servers before 2.10 (e.g. Debian's) understand.
	if filters := c.Filters(s, serverVersion); len(filters) == 1 {
		cc.FilterSubject = filters[0]
	} else {
		cc.FilterSubjects = filters
	}
	return cc
}

// Bucket creates or updates the key-value bucket.
func Bucket(ctx context.Context, js jetstream.JetStream, b natsauth.Bucket, opts ...Option) error {
	o := optionsOf(opts)
	_, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket: b.Name, Description: b.Description, History: b.History, TTL: b.TTL, Replicas: o.replicas,
	})
	if err != nil {
		return fmt.Errorf("natsprovision: bucket %s: %w", b.Name, err)
	}
	return nil
}

// retryEvery is how often a service looks again for what the provisioning has not made yet.
const retryEvery = 2 * time.Second

// Await calls lookup until it succeeds, fails otherwise than with notYet, or ctx ends; waiting is
// reported to waiting once per attempt. The services and the gateway bind this way to what the
// provisioning makes, and start when it is there.
func Await[T any](ctx context.Context, lookup func(context.Context) (T, error), waiting func(error), notYet ...error) (T, error) {
	for {
		v, err := lookup(ctx)
		if err == nil {
			return v, nil
		}
		var zero T
		missing := false
		for _, target := range notYet {
			missing = missing || errors.Is(err, target)
		}
		if !missing || ctx.Err() != nil {
			return zero, err
		}
		waiting(err)
		select {
		case <-ctx.Done():
			return zero, ctx.Err()
		case <-time.After(retryEvery):
		}
	}
}
