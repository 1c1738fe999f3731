// Package documenttest starts the document service's real gRPC API for other modules' tests (the
// system tests) and makes valid and hostile uploads. The calling package needs
// `func TestMain(m *testing.M) { pgtest.Main(m) }`.
package documenttest

import (
	"net"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/grpc"

	documentv1 "semesterhaus/proto/gen/document/v1"
	grpcadapter "semesterhaus/services/document/internal/adapters/grpc"
	"semesterhaus/services/document/internal/testenv"
)

// MaxMessageBytes is the largest gRPC message the service accepts; clients sending uploads need
// grpc.WithDefaultCallOptions(grpc.MaxCallSendMsgSize(MaxMessageBytes)).
const MaxMessageBytes = grpcadapter.MaxMessageBytes

// NewGRPCServer serves the document service's real gRPC API on a fresh migrated database and returns
// its address (host:port). Server and database are gone after the test.
func NewGRPCServer(t testing.TB) string {
	t.Helper()
	addr, _ := NewGRPCServerWithDatabase(t)
	return addr
}

// NewGRPCServerWithDatabase is NewGRPCServer that also returns the pool on the service's database, so
// a test can look at what was stored.
func NewGRPCServerWithDatabase(t testing.TB) (string, *pgxpool.Pool) {
	t.Helper()
	documents, pool := testenv.NewDocuments(t)
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	server := grpc.NewServer(grpcadapter.ServerOptions()...)
	documentv1.RegisterDocumentServiceServer(server, grpcadapter.NewServer(documents))
	go func() { _ = server.Serve(listener) }()
	t.Cleanup(server.Stop)
	return listener.Addr().String(), pool
}
