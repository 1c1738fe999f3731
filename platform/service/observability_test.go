package service

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"io"
	"net/http"
	"strings"
	"testing"

	"google.golang.org/grpc"
	healthv1 "google.golang.org/grpc/health/grpc_health_v1"

	"semesterhaus/platform/peer"
	"semesterhaus/platform/server"
)

// TestAPI_servesMetricsOfItsHTTPAndGRPCTraffic: every service's HTTP port answers GET /metrics
// with its request metrics, and calls through Dial are counted on both sides.
func TestAPI_servesMetricsOfItsHTTPAndGRPCTraffic(t *testing.T) {
	httpAddr, grpcAddr := freeAddr(t), freeAddr(t)
	api := API{
		HTTPAddr: httpAddr, GRPCAddr: grpcAddr, Guard: testGuard(),
		Routes: func(mux *http.ServeMux) {
			mux.HandleFunc("POST /graphql", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte(`{"data":{}}`)) })
		},
		RegisterGRPC: func(*grpc.Server) {},
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	components, err := api.Components()
	if err != nil {
		t.Fatal(err)
	}
	go func() { done <- server.Run(ctx, quietLogger(), components...) }()
	defer func() { cancel(); <-done }()

	getStatus(t, "http://"+httpAddr+"/healthz") // waits until it serves
	resp, err := http.Post("http://"+httpAddr+"/graphql", "application/json", strings.NewReader(`{"query":"{a}"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := Caller{Signer: peer.NewSigner("renting", key)}.Dial("catalog", grpcAddr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := healthv1.NewHealthClient(conn).Check(ctx, &healthv1.HealthCheckRequest{}); err != nil {
		t.Fatal(err)
	}

	resp, err = http.Get("http://" + httpAddr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{
		`http_requests_total{code="200",method="POST",route="POST /graphql"} 1`,
		`http_request_duration_seconds_count{code="200",method="POST",route="POST /graphql"} 1`,
		`grpc_server_handled_total{grpc_code="OK",grpc_method="Check",grpc_service="grpc.health.v1.Health"}`,
		`grpc_client_handled_total{grpc_code="OK",grpc_method="Check",grpc_service="grpc.health.v1.Health"}`,
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
}
