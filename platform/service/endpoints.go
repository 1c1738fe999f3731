package service

import (
	"log/slog"
	"net/http"

	"google.golang.org/grpc"
	grpchealth "google.golang.org/grpc/health"
	healthv1 "google.golang.org/grpc/health/grpc_health_v1"

	"semesterhaus/platform/health"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/metrics"
	"semesterhaus/platform/server"
	"semesterhaus/platform/tracing"
)

// API describes the two servers every service runs: over HTTP its GraphQL subgraph at /graphql (and
// whatever else Routes adds) with /healthz, /readyz and the Prometheus metrics at /metrics, and its
// gRPC API with the gRPC health service. The gRPC side takes the caller's identity from the
// gateway's token, checked by Verifier. Both servers record request metrics and, when tracing is
// on (package tracing), make spans that continue the caller's trace.
type API struct {
	HTTPAddr, GRPCAddr string
	Verifier           *identity.Verifier   // Infra.Run sets the service's
	Logger             *slog.Logger         // gets the causes of Internal errors; Infra.Run sets the service's
	Routes             func(*http.ServeMux) // mounts /graphql and the service's other HTTP routes
	RegisterGRPC       func(*grpc.Server)   // registers the service's gRPC API
	GRPCOptions        []grpc.ServerOption  // e.g. larger messages
	Ready              []health.Check       // what /readyz checks (Infra.Run adds the database)
}

// Components returns the two servers for server.Run.
func (a API) Components() []server.Component {
	mux := http.NewServeMux()
	a.Routes(mux)
	health.Mux(mux, a.Ready...)
	metrics.Mount(mux)
	// Metrics directly around the mux, so they see the route it matched.
	handler := tracing.HTTPHandler(metrics.HTTP(mux), "http")

	options := append([]grpc.ServerOption{
		grpc.ChainUnaryInterceptor(metrics.UnaryServerInterceptor(), identity.UnaryServerInterceptor(a.Verifier),
			server.LogInternalErrors(a.logger())),
		grpc.ChainStreamInterceptor(metrics.StreamServerInterceptor()),
	}, tracing.GRPCServerOptions()...)
	grpcServer := grpc.NewServer(append(options, a.GRPCOptions...)...)
	a.RegisterGRPC(grpcServer)
	healthv1.RegisterHealthServer(grpcServer, grpchealth.NewServer())

	return []server.Component{server.HTTP("http", a.HTTPAddr, handler), server.GRPC("grpc", a.GRPCAddr, grpcServer)}
}

func (a API) logger() *slog.Logger {
	if a.Logger == nil {
		return slog.Default()
	}
	return a.Logger
}
