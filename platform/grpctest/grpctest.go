// Package grpctest serves and dials gRPC APIs in tests: a server on a loopback port and a client
// connection as the services dial their peers, both closed when the test ends.
package grpctest

import (
	"net"
	"testing"

	"google.golang.org/grpc"

	"semesterhaus/platform/service"
)

// Serve starts a gRPC server on 127.0.0.1 with the options, lets register add the services to it, and
// returns its address (host:port).
func Serve(t testing.TB, register func(*grpc.Server), options ...grpc.ServerOption) string {
	t.Helper()
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	server := grpc.NewServer(options...)
	register(server)
	go func() { _ = server.Serve(listener) }()
	t.Cleanup(server.Stop)
	return listener.Addr().String()
}

// Dial connects to addr as the services dial their peers (service.Dial: identity and trace context
// passed on).
func Dial(t testing.TB, addr string) *grpc.ClientConn {
	t.Helper()
	conn, err := service.Dial(addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return conn
}
