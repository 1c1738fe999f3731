package service

import (
	"context"
	"strings"
	"testing"

	"semesterhaus/platform/config"
	"semesterhaus/platform/natstest"
	"semesterhaus/platform/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestConnect_opensTheDatabaseAndNATSOnlyWhenAsked(t *testing.T) {
	_, url := pgtest.NewDatabase(t, nil)
	ctx := context.Background()
	infra, err := Connect(ctx, Settings{DatabaseURL: config.Secret(url)}, quietLogger())
	if err != nil {
		t.Fatal(err)
	}
	defer infra.Close()
	if err := infra.Pool.Ping(ctx); err != nil || infra.Verifier == nil || infra.JS != nil {
		t.Fatalf("after Connect: ping %v, verifier %v, JetStream %v", err, infra.Verifier, infra.JS)
	}
	if err := infra.ConnectNATS(ctx, "", quietLogger()); err == nil || !strings.Contains(err.Error(), "NATS_URL") {
		t.Errorf("an empty NATS_URL: %v, want it named", err)
	}
	if err := infra.ConnectNATS(ctx, natstest.URL(t), quietLogger()); err != nil || infra.JS == nil {
		t.Errorf("ConnectNATS: %v", err)
	}
}

func TestConnectNATS_impossibleStreamReplicas_refused(t *testing.T) {
	_, url := pgtest.NewDatabase(t, nil)
	infra, err := Connect(context.Background(), Settings{DatabaseURL: config.Secret(url), NATSStreamReplicas: 7}, quietLogger())
	if err != nil {
		t.Fatal(err)
	}
	defer infra.Close()
	if err := infra.ConnectNATS(context.Background(), natstest.URL(t), quietLogger()); err == nil || !strings.Contains(err.Error(), "NATS_STREAM_REPLICAS") {
		t.Errorf("7 replicas: %v, want NATS_STREAM_REPLICAS refused", err)
	}
}
