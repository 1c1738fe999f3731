package main

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"semesterhaus/gateway/internal/httpapi"
	"semesterhaus/platform/tracing"
)

func TestMetrics_countRequestsByRouteAndOperationsByTypeAndOutcome(t *testing.T) {
	gw := startGateway(t)
	gw.query(t, browser(t), catalogPageQuery)
	gw.query(t, browser(t), `{ adminBuilding { id } }`) // refused: forbidden

	metricsPort := httptest.NewServer(httpapi.MetricsHandler()) // what run serves on METRICS_ADDR
	t.Cleanup(metricsPort.Close)
	res, err := http.Get(metricsPort.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body := string(readAll(t, res.Body))
	res.Body.Close()
	for _, want := range []string{
		`http_requests_total{code="200",method="POST",route="POST /api/graphql"}`,
		`http_request_duration_seconds_bucket{code="200",method="POST",route="POST /api/graphql",le="0.1"}`,
		`graphql_operations_total{operation_type="query",outcome="ok"}`,
		`graphql_operations_total{operation_type="query",outcome="error"}`,
		`graphql_operation_duration_seconds_count{operation_type="query"}`,
		"go_goroutines",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
}

// TestTracing_operationSpanParentsTheSubgraphFetch: with tracing on, an operation is a server span
// of its own trace (a client's traceparent only links to it), and every subgraph fetch is a client
// span in it whose context reaches the subgraph in the traceparent header.
func TestTracing_operationSpanParentsTheSubgraphFetch(t *testing.T) {
	spans := tracetest.NewSpanRecorder()
	tracing.Use(sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(spans)))
	var received atomic.Value // the traceparent header the catalog subgraph got
	gw := startGateway(t, func(t *testing.T, gw *testGateway) {
		catalog := mustParseURL(t, gw.catalogURL)
		proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			received.Store(r.Header.Get("traceparent"))
			httputil.NewSingleHostReverseProxy(&url.URL{Scheme: catalog.Scheme, Host: catalog.Host}).ServeHTTP(w, r)
		}))
		t.Cleanup(proxy.Close)
		t.Setenv("SUBGRAPH_URLS", "catalog="+proxy.URL+catalog.Path)
	})
	res := gw.query(t, browser(t), catalogPageQuery, "traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")
	if len(res.Errors) > 0 {
		t.Fatalf("catalog page: %s", res.raw)
	}

	var server, fetch sdktrace.ReadOnlySpan
	for _, s := range spans.Ended() {
		switch {
		case s.Name() == "POST /api/graphql" && s.SpanKind() == trace.SpanKindServer:
			server = s
		case s.SpanKind() == trace.SpanKindClient:
			fetch = s
		}
	}
	if server == nil || fetch == nil {
		var names []string
		for _, s := range spans.Ended() {
			names = append(names, s.Name()+"/"+s.SpanKind().String())
		}
		t.Fatalf("want a server span POST /api/graphql and a subgraph fetch span, got %v", names)
	}
	if server.SpanContext().TraceID().String() == "4bf92f3577b34da6a3ce929d0e0e4736" {
		t.Error("the gateway continued a trace a client chose")
	}
	if fetch.Parent().SpanID() != server.SpanContext().SpanID() {
		t.Errorf("the subgraph fetch's parent is %s, want the operation's span %s", fetch.Parent().SpanID(), server.SpanContext().SpanID())
	}
	got, _ := received.Load().(string)
	if want := fetch.SpanContext().TraceID().String() + "-" + fetch.SpanContext().SpanID().String(); !strings.Contains(got, want) {
		t.Errorf("the subgraph got traceparent %q, want the fetch span's %s", got, want)
	}
}
