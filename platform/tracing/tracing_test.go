package tracing_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"semesterhaus/platform/tracing"
)

func TestSetup_withoutEndpoint_installsNothing(t *testing.T) {
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "")
	t.Setenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "")
	shutdown, err := tracing.Setup(context.Background(), "catalog", nil)
	if err != nil || shutdown(context.Background()) != nil {
		t.Fatal(err)
	}
	h := http.NotFoundHandler()
	if tracing.Enabled() || tracing.HTTPTransport(http.DefaultTransport) != http.DefaultTransport ||
		tracing.GRPCServerOptions() != nil || tracing.GRPCDialOptions() != nil {
		t.Fatal("tracing is on without an endpoint")
	}
	if got := tracing.HTTPHandler(h, "http"); got == nil {
		t.Fatal("no handler")
	}
}

// TestHTTP_clientAndServerSpans_shareTheTrace: a request sent through HTTPTransport carries the
// trace to a handler wrapped in HTTPHandler, whose span is named after the matched route.
func TestHTTP_clientAndServerSpans_shareTheTrace(t *testing.T) {
	spans := tracetest.NewSpanRecorder()
	tracing.Use(sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(spans)))

	var inHandler trace.SpanContext
	mux := http.NewServeMux()
	mux.HandleFunc("POST /graphql", func(_ http.ResponseWriter, r *http.Request) {
		inHandler = trace.SpanContextFromContext(r.Context())
	})
	srv := httptest.NewServer(tracing.HTTPHandler(mux, "http"))
	defer srv.Close()
	client := &http.Client{Transport: tracing.HTTPTransport(http.DefaultTransport)}

	ctx, parent := tracing.Tracer().Start(context.Background(), "gateway request")
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+"/graphql", nil)
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	parent.End()

	if inHandler.TraceID() != parent.SpanContext().TraceID() {
		t.Fatalf("the handler ran in trace %s, want %s", inHandler.TraceID(), parent.SpanContext().TraceID())
	}
	names := map[string]sdktrace.ReadOnlySpan{}
	for _, s := range spans.Ended() {
		names[s.Name()] = s
	}
	server, ok := names["POST /graphql"]
	if !ok || server.SpanKind() != trace.SpanKindServer {
		t.Fatalf("no server span named after the route: %v", names)
	}
	var clientSpan sdktrace.ReadOnlySpan
	for _, s := range spans.Ended() {
		if s.SpanKind() == trace.SpanKindClient {
			clientSpan = s
		}
	}
	if clientSpan == nil || clientSpan.Parent().SpanID() != parent.SpanContext().SpanID() || server.Parent().SpanID() != clientSpan.SpanContext().SpanID() {
		t.Fatalf("want gateway request → client span → server span, got %v", names)
	}
}
