package service

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"google.golang.org/grpc"
	healthv1 "google.golang.org/grpc/health/grpc_health_v1"

	"semesterhaus/platform/identity"
	"semesterhaus/platform/server"
)

// TestAPI_servesMetricsOfItsHTTPAndGRPCTraffic: every service's HTTP port answers GET /metrics
// with its request metrics, and calls through Dial are counted on both sides.
func TestAPI_servesMetricsOfItsHTTPAndGRPCTraffic(t *testing.T) {
	httpAddr, grpcAddr := freeAddr(t), freeAddr(t)
	api := API{
		HTTPAddr: httpAddr, GRPCAddr: grpcAddr, Verifier: identity.NewVerifier(nil),
		Routes: func(mux *http.ServeMux) {
			mux.HandleFunc("POST /graphql", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte(`{"data":{}}`)) })
		},
		RegisterGRPC: func(*grpc.Server) {},
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- server.Run(ctx, quietLogger(), api.Components()...) }()
	defer func() { cancel(); <-done }()

	getStatus(t, "http://"+httpAddr+"/healthz") // waits until it serves
	resp, err := http.Post("http://"+httpAddr+"/graphql", "application/json", strings.NewReader(`{"query":"{a}"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	conn, err := Dial(grpcAddr)
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
