package service

import (
	"context"
	"strings"
	"testing"

	"semesterhaus/platform/config"
	"semesterhaus/platform/natstest"
	"semesterhaus/platform/pgtest"
	"semesterhaus/proto/events/v1/streams"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestConnect_opensTheDatabaseAndNATSOnlyWhenNeeded(t *testing.T) {
	_, url := pgtest.NewDatabase(t, nil)
	ctx := context.Background()
	infra, err := Connect(ctx, Settings{DatabaseURL: config.Secret(url)}, Needs{}, quietLogger())
	if err != nil {
		t.Fatal(err)
	}
	defer infra.Close()
	if err := infra.Pool.Ping(ctx); err != nil || infra.Verifier == nil || infra.JS != nil {
		t.Fatalf("after Connect: ping %v, verifier %v, JetStream %v", err, infra.Verifier, infra.JS)
	}
	if _, err := Connect(ctx, Settings{DatabaseURL: config.Secret(url)}, Needs{NATS: true}, quietLogger()); err == nil || !strings.Contains(err.Error(), "NATS_URL") {
		t.Errorf("an empty NATS_URL: %v, want it named", err)
	}
	withNATS, err := Connect(ctx, Settings{DatabaseURL: config.Secret(url), NATSURL: natstest.URL(t)}, Needs{NATS: true}, quietLogger())
	if err != nil || withNATS.JS == nil {
		t.Fatalf("Connect with NATS: %v", err)
	}
	withNATS.Close()
}

func TestConnect_publisher_getsItsStreams(t *testing.T) {
	_, url := pgtest.NewDatabase(t, nil)
	ctx := context.Background()
	stream := streams.PaymentStream(natstest.Unique("payment")).Stream()
	infra, err := Connect(ctx, Settings{DatabaseURL: config.Secret(url), NATSURL: natstest.URL(t)},
		Needs{Publishes: []streams.Stream{stream}}, quietLogger())
	if err != nil {
		t.Fatal(err)
	}
	defer infra.Close()
	t.Cleanup(func() { _ = infra.JS.DeleteStream(context.Background(), stream.Name) })
	s, err := infra.JS.Stream(ctx, stream.Name)
	if err != nil {
		t.Fatalf("the stream %s: %v", stream.Name, err)
	}
	if subjects := s.CachedInfo().Config.Subjects; len(subjects) != 1 || subjects[0] != stream.Wildcard() {
		t.Errorf("the stream keeps %v, want %s", subjects, stream.Wildcard())
	}
}

func TestConnect_impossibleStreamReplicas_refused(t *testing.T) {
	_, url := pgtest.NewDatabase(t, nil)
	s := Settings{DatabaseURL: config.Secret(url), NATSURL: natstest.URL(t), NATSStreamReplicas: 7}
	if _, err := Connect(context.Background(), s, Needs{NATS: true}, quietLogger()); err == nil || !strings.Contains(err.Error(), "NATS_STREAM_REPLICAS") {
		t.Errorf("7 replicas: %v, want NATS_STREAM_REPLICAS refused", err)
	}
}
