// Package fakeserver serves the fakes of the services' gRPC APIs on a loopback port for a test.
package fakeserver

import (
	"net"
	"testing"

	"google.golang.org/grpc"
)

// Serve starts a gRPC server on 127.0.0.1, lets register add the fake to it, and returns the
// server's address (host:port). The server stops when the test ends.
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
