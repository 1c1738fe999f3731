package service

import (
	"crypto/tls"
	"log/slog"
	"net/http"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	grpchealth "google.golang.org/grpc/health"
	healthv1 "google.golang.org/grpc/health/grpc_health_v1"

	"semesterhaus/platform/health"
	"semesterhaus/platform/metrics"
	"semesterhaus/platform/peer"
	"semesterhaus/platform/server"
	"semesterhaus/platform/tracing"
)

// API describes the two servers every service runs: over HTTP its GraphQL subgraph at /graphql (and
// whatever else Routes adds) with /healthz, /readyz and the Prometheus metrics at /metrics, and its
// gRPC API with the gRPC health service. Every gRPC call must come from a caller that its
// method's rule in Callers admits (package peer). Both servers record request metrics and, when
// tracing is on (package tracing), make spans that continue the caller's trace.
type API struct {
	HTTPAddr, GRPCAddr string
	Routes             func(*http.ServeMux) // mounts /graphql and the service's other HTTP routes
	RegisterGRPC       func(*grpc.Server)   // registers the service's gRPC API
	// Callers says who may call each method that RegisterGRPC registers.
	Callers     peer.Rules
	GRPCOptions []grpc.ServerOption // e.g. larger messages
	Ready       []health.Check      // what /readyz checks (Infra.Run adds the database)

	Guard  peer.Guard   // Infra.Run sets the service's authenticator and identity verifier
	TLS    *tls.Config  // both servers' TLS; Infra.Run sets it from the settings (nil: plain)
	Logger *slog.Logger // gets the causes of Internal errors; Infra.Run sets the service's
}

// Components returns the two servers for server.Run, or an error when a gRPC method has no rule.
func (a API) Components() ([]server.Component, error) {
	mux := http.NewServeMux()
	a.Routes(mux)
	health.Mux(mux, a.Ready...)
	metrics.Mount(mux)
	// Metrics directly around the mux, so they see the route it matched.
	handler := tracing.HTTPHandler(metrics.HTTP(mux), "http")

	options := a.GRPCOptions
	if a.TLS != nil {
		options = append(options, grpc.Creds(credentials.NewTLS(a.TLS)))
	}
	guard := a.Guard
	guard.Rules = peer.HealthRules.With(a.Callers)
	grpcServer, err := NewGRPCServer(guard, a.logger(), a.RegisterGRPC, options...)
	if err != nil {
		return nil, err
	}
	return []server.Component{
		server.HTTPS("http", a.HTTPAddr, handler, a.TLS),
		server.GRPC("grpc", a.GRPCAddr, grpcServer),
	}, nil
}

// NewGRPCServer returns a gRPC server with the service's API (register) and the health service,
// which admits only the calls that guard's rules allow. It is refused when a registered method
// has no rule.
func NewGRPCServer(guard peer.Guard, logger *slog.Logger, register func(*grpc.Server), options ...grpc.ServerOption) (*grpc.Server, error) {
	chain := append([]grpc.ServerOption{
		grpc.ChainUnaryInterceptor(metrics.UnaryServerInterceptor(), guard.UnaryServerInterceptor(),
			server.LogInternalErrors(logger)),
		grpc.ChainStreamInterceptor(metrics.StreamServerInterceptor(), guard.StreamServerInterceptor()),
	}, tracing.GRPCServerOptions()...)
	grpcServer := grpc.NewServer(append(chain, options...)...)
	register(grpcServer)
	healthv1.RegisterHealthServer(grpcServer, grpchealth.NewServer())
	if err := guard.Rules.Check(grpcServer); err != nil {
		return nil, err
	}
	return grpcServer, nil
}

func (a API) logger() *slog.Logger {
	if a.Logger == nil {
		return slog.Default()
	}
	return a.Logger
}
