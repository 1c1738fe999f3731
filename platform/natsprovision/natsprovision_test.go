package natsprovision_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"semesterhaus/platform/natsauth"
	"semesterhaus/platform/natsprovision"
	"semesterhaus/platform/natstest"
	"semesterhaus/proto/events/v1/streams"
)

func TestStream_createsTheStreamWithItsDurablesAndUpdatesIt(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	_, js := natstest.Connect(t)
	stream := streams.RenterStream(natstest.Unique("renter")).Stream()
	t.Cleanup(func() { _ = js.DeleteStream(context.Background(), stream.Name) })
	for _, tt := range []struct {
		name    string
		options []natsprovision.Option
		want    time.Duration
	}{
		{"default window", nil, streams.DuplicateWindow},
		{"explicit window (update)", []natsprovision.Option{natsprovision.DuplicateWindow(30 * time.Second)}, 30 * time.Second},
	} {
		if err := natsprovision.Stream(ctx, js, stream, tt.options...); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		s, err := js.Stream(ctx, stream.Name)
		if err != nil {
			t.Fatal(err)
		}
		cfg := s.CachedInfo().Config
		if cfg.Duplicates != tt.want || cfg.Storage != jetstream.FileStorage || len(cfg.Subjects) != 1 || cfg.Subjects[0] != stream.Wildcard() ||
			cfg.RePublish != nil || cfg.Mirror != nil || len(cfg.Sources) != 0 {
			t.Errorf("%s: the stream's configuration is %+v", tt.name, cfg)
		}
		for _, c := range stream.Consumers {
			cons, err := js.Consumer(ctx, stream.Name, c.Durable)
			if err != nil {
				t.Fatalf("%s: durable %s: %v", tt.name, c.Durable, err)
			}
			got := cons.CachedInfo().Config
			if got.FilterSubject != stream.Subject("erased") || got.AckPolicy != jetstream.AckExplicitPolicy || got.AckWait != streams.DefaultAckWait {
				t.Errorf("%s: durable %s is %+v", tt.name, c.Durable, got)
			}
		}
	}
}

// TestConsumer_handlingAnUndeclaredSubject_refused: a typo in the catalogue would make a durable
// that never sees its events.
func TestConsumer_handlingAnUndeclaredSubject_refused(t *testing.T) {
	t.Parallel()
	_, js := natstest.Connect(t)
	stream := streams.RenterStream(natstest.Unique("renter")).Stream()
	t.Cleanup(func() { _ = js.DeleteStream(context.Background(), stream.Name) })
	stream.Consumers = append(stream.Consumers, streams.Consumer{Durable: "typo", Handles: []string{stream.Subject("erasd")}})
	if err := natsprovision.Stream(t.Context(), js, stream); err == nil {
		t.Fatal("a durable on an undeclared subject was made")
	}
}

func TestBucket_hasTheTableTTLAndHistory(t *testing.T) {
	t.Parallel()
	_, js := natstest.Connect(t)
	b := natsauth.SessionBucket
	b.Name = natstest.Unique("gateway_sessions")
	t.Cleanup(func() { _ = js.DeleteKeyValue(context.Background(), b.Name) })
	for range 2 { // created, then provisioned again
		if err := natsprovision.Bucket(t.Context(), js, b); err != nil {
			t.Fatal(err)
		}
	}
	kv, err := js.KeyValue(t.Context(), b.Name)
	if err != nil {
		t.Fatal(err)
	}
	status, err := kv.Status(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if status.TTL() != b.TTL || status.History() != int64(b.History) {
		t.Errorf("bucket TTL %v, history %d; want %v, %d", status.TTL(), status.History(), b.TTL, b.History)
	}
}

func TestAwait_retriesWhileNotThereAndStopsOnOtherErrors(t *testing.T) {
	t.Parallel()
	notYet, other := errors.New("not yet"), errors.New("broken")
	calls, waited := 0, 0
	got, err := natsprovision.Await(t.Context(), func(context.Context) (int, error) {
		if calls++; calls < 2 {
			return 0, notYet
		}
		return 42, nil
	}, func(error) { waited++ }, notYet)
	if got != 42 || err != nil || waited != 1 {
		t.Errorf("Await = %d, %v after %d waits; want 42 after one", got, err, waited)
	}
	if _, err := natsprovision.Await(t.Context(), func(context.Context) (int, error) { return 0, other }, func(error) {}, notYet); !errors.Is(err, other) {
		t.Errorf("Await = %v, want the other error at once", err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
	defer cancel()
	if _, err := natsprovision.Await(ctx, func(context.Context) (int, error) { return 0, notYet }, func(error) {}, notYet); err == nil {
		t.Error("Await outlived its context")
	}
}
