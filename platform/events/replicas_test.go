package events_test

import (
	"context"
	"errors"
	"testing"

	"github.com/nats-io/nats.go/jetstream"

	"semesterhaus/platform/events"
	"semesterhaus/platform/natstest"
	"semesterhaus/proto/events/v1/streams"
)

// recorder is a JetStream that records the configurations it is asked to create.
type recorder struct {
	jetstream.JetStream
	streams []int
	buckets []int
}

var errRecorded = errors.New("recorded")

func (r *recorder) CreateOrUpdateStream(_ context.Context, cfg jetstream.StreamConfig) (jetstream.Stream, error) {
	r.streams = append(r.streams, cfg.Replicas)
	return nil, errRecorded
}

func (r *recorder) CreateOrUpdateKeyValue(_ context.Context, cfg jetstream.KeyValueConfig) (jetstream.KeyValue, error) {
	r.buckets = append(r.buckets, cfg.Replicas)
	return nil, errRecorded
}

func TestWithStreamReplicas_threeNodeCluster_streamsAndBucketsGetThreeReplicas(t *testing.T) {
	t.Parallel()
	rec := &recorder{}
	js := events.WithStreamReplicas(rec, 3)
	ctx := context.Background()
	_ = events.EnsureStream(ctx, js, streams.Stream{Name: "A", Prefix: "a"})
	_ = events.EnsureStream(ctx, js, streams.Stream{Name: "B", Prefix: "b"},
		func(cfg *jetstream.StreamConfig) { cfg.Replicas = 5 }) // explicit wins
	_, _ = js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: "sessions"})
	if len(rec.streams) != 2 || rec.streams[0] != 3 || rec.streams[1] != 5 {
		t.Errorf("stream replicas = %v, want [3 5]", rec.streams)
	}
	if len(rec.buckets) != 1 || rec.buckets[0] != 3 {
		t.Errorf("bucket replicas = %v, want [3]", rec.buckets)
	}
}

func TestWithStreamReplicas_singleServer_createsOneReplica(t *testing.T) {
	t.Parallel()
	_, js := natstest.Connect(t)
	stream := streams.Stream{Name: natstest.Unique("REPL"), Prefix: natstest.Unique("repl")}
	t.Cleanup(func() { _ = js.DeleteStream(context.Background(), stream.Name) })
	if err := events.EnsureStream(context.Background(), events.WithStreamReplicas(js, 1), stream); err != nil {
		t.Fatal(err)
	}
	s, err := js.Stream(context.Background(), stream.Name)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.CachedInfo().Config.Replicas; got != 1 {
		t.Errorf("replicas = %d, want 1", got)
	}
}
