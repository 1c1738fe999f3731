// Package observability holds the test that runs the whole system as `make run` starts it (devstack,
// on shifted ports, with a fresh data directory), makes one booking through the gateway with
// tracing exported to an OTLP receiver inside the test, and checks that the booking is one trace
// from the gateway through the renting subgraph and its gRPC calls to an event consumer, and that
// every service and the gateway serve their Prometheus metrics.
package observability
