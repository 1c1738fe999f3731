// Package tracing sets up OpenTelemetry tracing for a process and gives the instrumentation every
// service and the gateway share: HTTP server and client, gRPC server and client. Package events
// carries the trace through the outbox and NATS, package logging writes trace and span ids into
// log lines.
//
// Tracing is on when the standard OTEL_EXPORTER_OTLP_ENDPOINT (or
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set: spans are exported over OTLP, HTTP/protobuf by
// default or gRPC with OTEL_EXPORTER_OTLP_PROTOCOL=grpc, and the service is named by
// OTEL_SERVICE_NAME or else by its own name. The exporter reads the other standard OTEL_* settings
// itself (headers, timeout, TLS), and so do the sampler (OTEL_TRACES_SAMPLER, parent-based
// always-on by default) and the batch span processor (OTEL_BSP_*). Without an endpoint nothing is
// installed: the middlewares below return what they were given, so tracing costs nothing.
package tracing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"sync/atomic"

	"go.opentelemetry.io/contrib/instrumentation/google.golang.org/grpc/otelgrpc"
	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracegrpc"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/metric/noop"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc"
)

// ScopeName names the tracer of the spans this project makes itself (outbox, consumers).
const ScopeName = "semesterhaus/platform"

var enabled atomic.Bool

// Enabled reports whether this process traces (Setup found an endpoint, or a test called Use).
func Enabled() bool { return enabled.Load() }

// Setup installs the tracer provider and the W3C trace-context propagator when an OTLP endpoint
// is configured, and returns the function that flushes and stops it (a no-op otherwise).
func Setup(ctx context.Context, serviceName string, logger *slog.Logger) (shutdown func(context.Context) error, err error) {
	nothing := func(context.Context) error { return nil }
	if !configured() {
		return nothing, nil
	}
	var exporter sdktrace.SpanExporter
	switch protocol() {
	case "grpc":
		exporter, err = otlptracegrpc.New(ctx)
	case "http/protobuf", "":
		exporter, err = otlptracehttp.New(ctx)
	default:
		return nothing, fmt.Errorf("tracing: OTEL_EXPORTER_OTLP_PROTOCOL %q is not supported (grpc or http/protobuf)", protocol())
	}
	if err != nil {
		return nothing, fmt.Errorf("tracing: OTLP exporter: %w", err)
	}
	// The service's own name first: OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES override it.
	res, err := resource.New(ctx,
		resource.WithAttributes(attribute.String("service.name", serviceName)),
		resource.WithFromEnv(),
		resource.WithTelemetrySDK(),
		resource.WithHost(),
	)
	if err != nil && !errors.Is(err, resource.ErrPartialResource) {
		return nothing, fmt.Errorf("tracing: resource: %w", err)
	}
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exporter), sdktrace.WithResource(res))
	otel.SetErrorHandler(otel.ErrorHandlerFunc(func(err error) {
		logger.Warn("tracing: exporting spans failed", "err", err)
	}))
	Use(tp)
	name, _ := res.Set().Value("service.name")
	logger.Info("tracing: exporting spans over OTLP", "protocol", cmpOr(protocol(), "http/protobuf"), "service_name", name.Emit())
	return tp.Shutdown, nil
}

// Use installs tp as the process's tracer provider together with the W3C trace-context and
// baggage propagators, and turns the instrumentation of this package on. Setup calls it; tests
// call it with a provider that records in memory.
func Use(tp trace.TracerProvider) {
	otel.SetTracerProvider(tp)
	otel.SetTextMapPropagator(propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{}))
	enabled.Store(true)
}

func configured() bool {
	if strings.EqualFold(os.Getenv("OTEL_SDK_DISABLED"), "true") || os.Getenv("OTEL_TRACES_EXPORTER") == "none" {
		return false
	}
	return os.Getenv("OTEL_EXPORTER_OTLP_ENDPOINT") != "" || os.Getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") != ""
}

func protocol() string {
	return strings.ToLower(cmpOr(os.Getenv("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL"), os.Getenv("OTEL_EXPORTER_OTLP_PROTOCOL")))
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// Tracer is the tracer of the spans the platform makes itself.
func Tracer() trace.Tracer { return otel.Tracer(ScopeName) }

// HTTPOption adjusts HTTPHandler.
type HTTPOption func(*[]otelhttp.Option)

// Public marks the handler as the system's entry point: a trace context sent by a client starts a
// new trace (linked to the client's) rather than being continued, so outsiders can neither pick
// trace ids nor force sampling.
func Public() HTTPOption {
	return func(o *[]otelhttp.Option) {
		*o = append(*o, otelhttp.WithPublicEndpointFn(func(*http.Request) bool { return true }))
	}
}

// HTTPHandler makes a server span of every request h serves, continuing the caller's trace. The
// span is named after the matched ServeMux pattern, so h should be (or directly wrap) the mux.
// Health checks and metrics scrapes are not traced. Without tracing it returns h itself.
func HTTPHandler(h http.Handler, operation string, options ...HTTPOption) http.Handler {
	if !Enabled() {
		return h
	}
	opts := []otelhttp.Option{
		otelhttp.WithMeterProvider(noop.NewMeterProvider()), // metrics come from package metrics
		otelhttp.WithFilter(func(r *http.Request) bool {
			switch r.URL.Path {
			case "/healthz", "/readyz", "/metrics":
				return false
			}
			return true
		}),
		otelhttp.WithSpanNameFormatter(func(operation string, r *http.Request) string {
			if r.Pattern != "" {
				return r.Pattern
			}
			return operation + " " + r.Method
		}),
	}
	for _, o := range options {
		o(&opts)
	}
	return otelhttp.NewHandler(h, operation, opts...)
}

// HTTPTransport makes a client span of every request sent through next and passes the trace
// context on in the traceparent header. Without tracing it returns next itself.
func HTTPTransport(next http.RoundTripper) http.RoundTripper {
	if !Enabled() {
		return next
	}
	return otelhttp.NewTransport(next,
		otelhttp.WithMeterProvider(noop.NewMeterProvider()),
		otelhttp.WithSpanNameFormatter(func(_ string, r *http.Request) string {
			return r.Method + " " + r.URL.Host + r.URL.Path
		}),
	)
}

// GRPCServerOptions make a server span of every gRPC call, continuing the caller's trace.
func GRPCServerOptions() []grpc.ServerOption {
	if !Enabled() {
		return nil
	}
	return []grpc.ServerOption{grpc.StatsHandler(otelgrpc.NewServerHandler(otelgrpc.WithMeterProvider(noop.NewMeterProvider())))}
}

// GRPCDialOptions make a client span of every gRPC call and pass the trace context on.
func GRPCDialOptions() []grpc.DialOption {
	if !Enabled() {
		return nil
	}
	return []grpc.DialOption{grpc.WithStatsHandler(otelgrpc.NewClientHandler(otelgrpc.WithMeterProvider(noop.NewMeterProvider())))}
}
