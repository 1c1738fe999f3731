package service

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/grpc"

	"semesterhaus/platform/config"
	"semesterhaus/platform/events"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/natsprovision"
	"semesterhaus/platform/natstest"
	"semesterhaus/platform/pgtest"
	"semesterhaus/platform/postgres"
	"semesterhaus/proto/events/v1/streams"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestConnect_opensTheDatabaseAndNATSOnlyWhenNeeded(t *testing.T) {
	_, url := pgtest.NewDatabase(t, nil)
	ctx := context.Background()
	infra, err := Connect(ctx, "catalog", Settings{DatabaseURL: config.Secret(url)}, Needs{}, quietLogger())
	if err != nil {
		t.Fatal(err)
	}
	defer infra.Close()
	if err := infra.Pool.Ping(ctx); err != nil || infra.Verifier == nil || infra.JS != nil {
		t.Fatalf("after Connect: ping %v, verifier %v, JetStream %v", err, infra.Verifier, infra.JS)
	}
	if _, err := Connect(ctx, "catalog", Settings{DatabaseURL: config.Secret(url)}, Needs{NATS: true}, quietLogger()); err == nil || !strings.Contains(err.Error(), "NATS_URL") {
		t.Errorf("an empty NATS_URL: %v, want it named", err)
	}
	withNATS, err := Connect(ctx, "catalog", Settings{DatabaseURL: config.Secret(url), NATSURL: natstest.URL(t)}, Needs{NATS: true}, quietLogger())
	if err != nil || withNATS.JS == nil {
		t.Fatalf("Connect with NATS: %v", err)
	}
	withNATS.Close()
}

// TestConnect_publisher_createsNoStream: the streams are the provisioning's; a service creates none
// (its NATS user may not).
func TestConnect_publisher_createsNoStream(t *testing.T) {
	_, url := pgtest.NewDatabase(t, nil)
	ctx := context.Background()
	stream := streams.PaymentStream(natstest.Unique("payment")).Stream()
	infra, err := Connect(ctx, "catalog", Settings{DatabaseURL: config.Secret(url), NATSURL: natstest.URL(t)},
		Needs{Publishes: []streams.Stream{stream}}, quietLogger())
	if err != nil {
		t.Fatal(err)
	}
	defer infra.Close()
	if _, err := infra.JS.Stream(ctx, stream.Name); !errors.Is(err, jetstream.ErrStreamNotFound) {
		t.Fatalf("the stream %s after Connect: %v, want none", stream.Name, err)
	}
}

func TestConnect_impossibleStreamReplicas_refused(t *testing.T) {
	_, url := pgtest.NewDatabase(t, nil)
	s := Settings{DatabaseURL: config.Secret(url), NATSURL: natstest.URL(t), NATSStreamReplicas: 7}
	if _, err := Connect(context.Background(), "catalog", s, Needs{NATS: true}, quietLogger()); err == nil || !strings.Contains(err.Error(), "NATS_STREAM_REPLICAS") {
		t.Errorf("7 replicas: %v, want NATS_STREAM_REPLICAS refused", err)
	}
}

// TestRun_publisher_readyOnceProvisionedAndRelaysItsOutbox: a publishing service is not ready until
// the provisioning made its stream, then it is, and its relay publishes.
func TestRun_publisher_readyOnceProvisionedAndRelaysItsOutbox(t *testing.T) {
	pool, url := pgtest.NewDatabase(t, nil)
	ctx, cancel := context.WithCancel(context.Background())
	stream := streams.PaymentStream(natstest.Unique("payment"))
	// A service the topology does not name: nobody calls it, so an API without callers' rules is its.
	infra, err := Connect(ctx, "publisher", Settings{DatabaseURL: config.Secret(url), NATSURL: natstest.URL(t)},
		Needs{Publishes: []streams.Stream{stream.Stream()}}, quietLogger())
	if err != nil {
		t.Fatal(err)
	}
	defer infra.Close()
	t.Cleanup(func() { _ = infra.JS.DeleteStream(context.Background(), stream.Stream().Name) })
	httpAddr := freeAddr(t)
	api := API{HTTPAddr: httpAddr, GRPCAddr: freeAddr(t), Routes: func(*http.ServeMux) {}, RegisterGRPC: func(*grpc.Server) {}}
	done := make(chan error, 1)
	go func() { done <- infra.Run(ctx, quietLogger(), api) }()
	defer func() { cancel(); <-done }()

	if code := getStatus(t, "http://"+httpAddr+"/readyz"); code != http.StatusServiceUnavailable {
		t.Errorf("/readyz before the provisioning: HTTP %d, want 503", code)
	}
	if err := natsprovision.Stream(ctx, infra.JS, stream.Stream()); err != nil {
		t.Fatal(err)
	}
	if code := getStatus(t, "http://"+httpAddr+"/readyz"); code != http.StatusOK {
		t.Errorf("/readyz: HTTP %d", code)
	}
	if err := postgres.InTx(ctx, pool, func(tx pgx.Tx) error {
		_, err := events.Enqueue(ctx, tx, stream.Succeeded(), []byte("paid"))
		return err
	}); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		s, err := infra.JS.Stream(ctx, stream.Stream().Name)
		if err == nil && s.CachedInfo().State.Msgs == 1 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the outbox relay did not publish the event")
		}
	}
}

// TestConnect_productionWithoutPeerKeysOrTLS_refused: in production a service does not start
// open to nobody, nor in plain text.
func TestConnect_productionWithoutPeerKeysOrTLS_refused(t *testing.T) {
	_, url := pgtest.NewDatabase(t, nil)
	public, _, err := identity.GenerateKeyPair()
	if err != nil {
		t.Fatal(err)
	}
	withoutKeys := Settings{DatabaseURL: config.Secret(url), Production: true, TLSCertFile: "c", TLSKeyFile: "k", TLSCAFile: "ca"}
	withoutTLS := Settings{DatabaseURL: config.Secret(url), Production: true, ServicePublicKeys: map[string]string{"renting": public}}
	for name, s := range map[string]Settings{"SERVICE_PUBLIC_KEYS": withoutKeys, "TLS_CERT_FILE": withoutTLS} {
		if _, err := Connect(context.Background(), "catalog", s, Needs{}, quietLogger()); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("production without %s: %v, want it named", name, err)
		}
	}
}
