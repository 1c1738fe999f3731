package main

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"
)

func TestProxy_theChildrenReachPostgresNATSAndPeersThroughIt(t *testing.T) {
	t.Parallel()
	via, err := parseProxy("postgres=127.0.0.1:6001,nats=127.0.0.1:6002,renter=127.0.0.1:6003,gateway=127.0.0.1:6004")
	if err != nil {
		t.Fatal(err)
	}
	s := &stack{via: via, natsURL: "nats://127.0.0.1:4229", dbURLs: map[string]string{"renting": "postgres://renting:pw@127.0.0.1:54329/renting"},
		serviceKeys: map[string]identityKeys{}, env: map[string]string{}}
	s.running = []service{{name: "renting", grpcPort: 9102}, {name: "renter", grpcPort: 9103}, {name: "document", grpcPort: 9104}}
	env := s.serviceEnv(s.running[0], identityKeys{})
	if got, want := env["RENTER_GRPC_ADDR"], "127.0.0.1:6003"; got != want {
		t.Errorf("RENTER_GRPC_ADDR %s, want %s", got, want)
	}
	if got, want := env["DOCUMENT_GRPC_ADDR"], "127.0.0.1:9104"; got != want {
		t.Errorf("DOCUMENT_GRPC_ADDR %s, want %s (no proxy for it)", got, want)
	}
	if got, want := env["DATABASE_URL"], "postgres://renting:pw@127.0.0.1:6001/renting"; got != want {
		t.Errorf("DATABASE_URL %s, want %s", got, want)
	}
	if got, want := env["NATS_URL"], "nats://127.0.0.1:6002"; got != want {
		t.Errorf("NATS_URL %s, want %s", got, want)
	}
	if got, want := env["PUBLIC_URL"], "http://127.0.0.1:6004"; got != want {
		t.Errorf("PUBLIC_URL %s, want %s (the webhooks through the proxy)", got, want)
	}
	direct := &stack{via: map[string]string{}, natsURL: "nats://127.0.0.1:4229"}
	if got := direct.viaProxy("nats", direct.natsURL); got != "nats://127.0.0.1:4229" {
		t.Errorf("without -proxy NATS_URL is %s", got)
	}
	for _, bad := range []string{"postgres", "redis=127.0.0.1:1", "nats=nohost", "gateway=nohost"} {
		if _, err := parseProxy(bad); err == nil {
			t.Errorf("-proxy %q accepted", bad)
		}
	}
}

func TestNATSCommand_servesJetStreamWithMonitoring(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	port, monitor := freePort(t), freePort(t)
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{natsCommand, "-port", fmt.Sprint(port), "-monitor", fmt.Sprint(monitor),
			"-store", t.TempDir(), "-passwords", t.TempDir()})
	}()
	deadline := time.Now().Add(20 * time.Second)
	for {
		resp, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/jsz", monitor))
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no JetStream monitoring on port %d: %v", monitor, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("devstack nats ended with %v", err)
	}
}
