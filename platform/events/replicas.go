package events

import (
	"context"

	"github.com/nats-io/nats.go/jetstream"
)

// WithStreamReplicas returns js, except that the streams and key-value buckets it creates or
// updates without an explicit replica count get n replicas. A single NATS server takes 1; a
// three-node JetStream cluster takes 3, so that every acknowledged event is stored on a majority
// of the nodes and survives the loss of one (NATS_STREAM_REPLICAS).
func WithStreamReplicas(js jetstream.JetStream, n int) jetstream.JetStream {
	if n <= 1 {
		return js
	}
	return replicated{JetStream: js, replicas: n}
}

type replicated struct {
	jetstream.JetStream
	replicas int
}

func (r replicated) stream(cfg jetstream.StreamConfig) jetstream.StreamConfig {
	if cfg.Replicas == 0 {
		cfg.Replicas = r.replicas
	}
	return cfg
}

func (r replicated) bucket(cfg jetstream.KeyValueConfig) jetstream.KeyValueConfig {
	if cfg.Replicas == 0 {
		cfg.Replicas = r.replicas
	}
	return cfg
}

func (r replicated) CreateStream(ctx context.Context, cfg jetstream.StreamConfig) (jetstream.Stream, error) {
	return r.JetStream.CreateStream(ctx, r.stream(cfg))
}

func (r replicated) UpdateStream(ctx context.Context, cfg jetstream.StreamConfig) (jetstream.Stream, error) {
	return r.JetStream.UpdateStream(ctx, r.stream(cfg))
}

func (r replicated) CreateOrUpdateStream(ctx context.Context, cfg jetstream.StreamConfig) (jetstream.Stream, error) {
	return r.JetStream.CreateOrUpdateStream(ctx, r.stream(cfg))
}

func (r replicated) CreateKeyValue(ctx context.Context, cfg jetstream.KeyValueConfig) (jetstream.KeyValue, error) {
	return r.JetStream.CreateKeyValue(ctx, r.bucket(cfg))
}

func (r replicated) UpdateKeyValue(ctx context.Context, cfg jetstream.KeyValueConfig) (jetstream.KeyValue, error) {
	return r.JetStream.UpdateKeyValue(ctx, r.bucket(cfg))
}

func (r replicated) CreateOrUpdateKeyValue(ctx context.Context, cfg jetstream.KeyValueConfig) (jetstream.KeyValue, error) {
	return r.JetStream.CreateOrUpdateKeyValue(ctx, r.bucket(cfg))
}
