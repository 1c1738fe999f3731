package metrics_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/health"
	healthv1 "google.golang.org/grpc/health/grpc_health_v1"

	"semesterhaus/platform/metrics"
)

// scrape returns what GET /metrics answers.
func scrape(t *testing.T) string {
	t.Helper()
	mux := http.NewServeMux()
	metrics.Mount(mux)
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, metrics.Path, nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /metrics: %d", rec.Code)
	}
	return rec.Body.String()
}

func mustContain(t *testing.T, text string, lines ...string) {
	t.Helper()
	for _, l := range lines {
		if !strings.Contains(text, l) {
			t.Errorf("/metrics lacks %q", l)
		}
	}
}

func TestHTTP_countsRequestsByRouteMethodAndStatus(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /things/{id}", func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "thing") })
	mux.HandleFunc("POST /teapot", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusTeapot) })
	srv := httptest.NewServer(metrics.HTTP(mux))
	defer srv.Close()
	for _, req := range []struct{ method, path string }{
		{"GET", "/things/1"}, {"GET", "/things/2"}, {"POST", "/teapot"}, {"GET", "/nowhere"}, {"BREW", "/teapot"},
	} {
		r, _ := http.NewRequest(req.method, srv.URL+req.path, nil)
		resp, err := http.DefaultClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	mustContain(t, scrape(t),
		`http_requests_total{code="200",method="GET",route="GET /things/{id}"} 2`,
		`http_requests_total{code="418",method="POST",route="POST /teapot"} 1`,
		`http_requests_total{code="404",method="GET",route="unmatched"} 1`,
		`http_requests_total{code="405",method="OTHER",route="unmatched"} 1`,
		`http_request_duration_seconds_count{code="200",method="GET",route="GET /things/{id}"} 2`,
		`http_request_duration_seconds_bucket{code="200",method="GET",route="GET /things/{id}",le="0.001"}`,
		"go_goroutines", "process_cpu_seconds_total",
	)
}

func TestHTTP_panickingHandler_countsAs500(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /panics", func(http.ResponseWriter, *http.Request) { panic(http.ErrAbortHandler) })
	h := metrics.HTTP(mux)
	func() {
		defer func() { _ = recover() }()
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/panics", nil))
	}()
	mustContain(t, scrape(t), `http_requests_total{code="500",method="GET",route="GET /panics"} 1`)
}

func TestGRPC_countsServerAndClientCallsByMethodAndCode(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := grpc.NewServer(grpc.UnaryInterceptor(metrics.UnaryServerInterceptor()))
	hs := health.NewServer()
	healthv1.RegisterHealthServer(s, hs)
	go func() { _ = s.Serve(lis) }()
	defer s.Stop()
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(metrics.UnaryClientInterceptor()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	client := healthv1.NewHealthClient(conn)
	if _, err := client.Check(ctx, &healthv1.HealthCheckRequest{}); err != nil {
		t.Fatal(err)
	}
	if _, err := client.Check(ctx, &healthv1.HealthCheckRequest{Service: "unknown"}); err == nil {
		t.Fatal("an unknown service was found")
	}
	mustContain(t, scrape(t),
		`grpc_server_handled_total{grpc_code="OK",grpc_method="Check",grpc_service="grpc.health.v1.Health"} 1`,
		`grpc_server_handled_total{grpc_code="NotFound",grpc_method="Check",grpc_service="grpc.health.v1.Health"} 1`,
		`grpc_server_handling_seconds_count{grpc_method="Check",grpc_service="grpc.health.v1.Health"} 2`,
		`grpc_client_handled_total{grpc_code="OK",grpc_method="Check",grpc_service="grpc.health.v1.Health"} 1`,
		`grpc_client_handling_seconds_count{grpc_method="Check",grpc_service="grpc.health.v1.Health"} 2`,
	)
}

func TestObserveGraphQL_countsByOperationTypeAndOutcome(t *testing.T) {
	metrics.ObserveGraphQL("mutation", false, 3*time.Millisecond)
	metrics.ObserveGraphQL("mutation", true, time.Millisecond)
	metrics.ObserveGraphQL("nonsense", false, time.Millisecond)
	mustContain(t, scrape(t),
		`graphql_operations_total{operation_type="mutation",outcome="ok"} 1`,
		`graphql_operations_total{operation_type="mutation",outcome="error"} 1`,
		`graphql_operations_total{operation_type="unknown",outcome="ok"} 1`,
		`graphql_operation_duration_seconds_count{operation_type="mutation"} 2`,
	)
}

func BenchmarkHTTP(b *testing.B) {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/graphql", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })
	h := metrics.HTTP(mux)
	r := httptest.NewRequest(http.MethodPost, "/api/graphql", nil)
	w := httptest.NewRecorder()
	b.ReportAllocs()
	for b.Loop() {
		h.ServeHTTP(w, r)
	}
}

func BenchmarkObserveGraphQL(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		metrics.ObserveGraphQL("query", false, time.Millisecond)
	}
}

func BenchmarkUnaryClientInterceptor(b *testing.B) {
	intercept := metrics.UnaryClientInterceptor()
	invoke := func(context.Context, string, any, any, *grpc.ClientConn, ...grpc.CallOption) error { return nil }
	b.ReportAllocs()
	for b.Loop() {
		_ = intercept(context.Background(), "/semesterhaus.renter.v1.RenterService/GetRenter", nil, nil, nil, invoke)
	}
}
