// Package metrics exposes a process's Prometheus metrics at /metrics and records the ones every
// service and the gateway share: HTTP requests, gRPC calls (server and client) and GraphQL
// operations. Package events adds the outbox and consumer metrics to the same registry.
//
// Everything goes into Prometheus' default registry, which also carries the Go runtime and
// process collectors (go_*, process_*). Recording is cheap: no allocation per request beyond the
// label look-up, and label values are bounded (route patterns, known methods, status codes), so
// a client cannot grow the series by sending odd paths.
package metrics

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Path is where every service and the gateway serve their metrics.
const Path = "/metrics"

// Buckets are the latency buckets (seconds) of every duration histogram: from 1 ms for a cached
// query to 30 s for an upload of identity documents on a slow line.
var Buckets = []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30}

// Handler serves the default registry in the Prometheus text (or OpenMetrics) format.
func Handler() http.Handler {
	return promhttp.HandlerFor(prometheus.DefaultGatherer, promhttp.HandlerOpts{EnableOpenMetrics: true})
}

// Mount registers GET /metrics on mux.
func Mount(mux *http.ServeMux) {
	mux.Handle("GET "+Path, Handler())
}

var (
	graphqlOperations = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "graphql_operations_total",
		Help: "GraphQL operations answered, by operation type (query, mutation, subscription, unknown) and outcome (ok, error: the response carries errors).",
	}, []string{"operation_type", "outcome"})
	graphqlDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "graphql_operation_duration_seconds",
		Help:    "Time to answer a GraphQL operation, by operation type.",
		Buckets: Buckets,
	}, []string{"operation_type"})
)

func init() {
	prometheus.MustRegister(httpRequests, httpDuration, grpcServerHandled, grpcServerDuration,
		grpcClientHandled, grpcClientDuration, graphqlOperations, graphqlDuration)
}

// ObserveGraphQL records one answered GraphQL operation. operationType is query, mutation or
// subscription (anything else counts as unknown); failed means the response carries errors.
func ObserveGraphQL(operationType string, failed bool, d time.Duration) {
	switch operationType {
	case "query", "mutation", "subscription":
	default:
		operationType = "unknown"
	}
	outcome := "ok"
	if failed {
		outcome = "error"
	}
	graphqlOperations.WithLabelValues(operationType, outcome).Inc()
	graphqlDuration.WithLabelValues(operationType).Observe(d.Seconds())
}

// statusTexts holds the label value of every HTTP status code, so recording one allocates nothing.
var statusTexts = func() (t [600]string) {
	for i := range t {
		t[i] = strconv.Itoa(i)
	}
	return t
}()

func statusLabel(code int) string {
	if code >= 0 && code < len(statusTexts) {
		return statusTexts[code]
	}
	return "other"
}
