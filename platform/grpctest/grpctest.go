// Package grpctest serves and dials gRPC APIs in tests: a server on a loopback port and a client
// connection as the services dial their peers, both closed when the test ends. A service's real
// API is served as production serves it, behind its rules of who may call (ServeService), and the
// test kits' clients prove who they are with the test keys of package testkeys.
package grpctest

import (
	"log/slog"
	"net"
	"testing"

	"google.golang.org/grpc"

	"semesterhaus/platform/identity"
	"semesterhaus/platform/internal/testkeys"
	"semesterhaus/platform/peer"
	"semesterhaus/platform/service"
)

// Serve starts a gRPC server on 127.0.0.1 with the options, lets register add the services to it, and
// returns its address (host:port). It admits every call: it is for fakes.
func Serve(t testing.TB, register func(*grpc.Server), options ...grpc.ServerOption) string {
	t.Helper()
	server := grpc.NewServer(options...)
	register(server)
	return serve(t, server)
}

// ServeService serves the API that register adds as the service called name serves it in
// production (service.NewGRPCServer): only the callers that its rules admit get through, proven
// with the test keys, and admin-only methods need an administrator's identity forwarded as
// graphqltest signs it. Its rules must name exactly the callers the topology gives it.
func ServeService(t testing.TB, name string, callers peer.Rules, register func(*grpc.Server), options ...grpc.ServerOption) string {
	t.Helper()
	if err := callers.CheckTopology(name); err != nil {
		t.Fatal(err)
	}
	gateway, _ := testkeys.Gateway()
	guard := peer.Guard{
		Authenticator: peer.NewAuthenticator(name, Keys()),
		Rules:         peer.HealthRules.With(callers),
		Identities:    identity.NewVerifier(gateway, name),
	}
	server, err := service.NewGRPCServer(guard, slog.New(slog.DiscardHandler), register, options...)
	if err != nil {
		t.Fatal(err)
	}
	return serve(t, server)
}

func serve(t testing.TB, server *grpc.Server) string {
	t.Helper()
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	go func() { _ = server.Serve(listener) }()
	t.Cleanup(server.Stop)
	return listener.Addr().String()
}

// Dial connects to the service callee at addr as the service caller dials it (service.Caller:
// its service token, identity and trace context passed on); only a call the topology declares.
func Dial(t testing.TB, caller, callee, addr string, options ...grpc.DialOption) *grpc.ClientConn {
	t.Helper()
	if err := peer.CheckCall(caller, callee); err != nil {
		t.Fatal(err)
	}
	conn, err := service.Caller{Signer: Signer(caller)}.Dial(callee, addr, options...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return conn
}

// Signer signs the service tokens of the service called name with its test key.
func Signer(name string) *peer.Signer {
	_, private := testkeys.Service(name)
	return peer.NewSigner(name, private)
}

// Keys are the test keys of every service.
func Keys() peer.Keys {
	keys := peer.Keys{}
	for _, name := range testkeys.Names {
		keys[name], _ = testkeys.Service(name)
	}
	return keys
}
