// Package paymenttest starts the payment service's real gRPC API for other modules' tests. The
// calling package needs `func TestMain(m *testing.M) { pgtest.Main(m) }`.
package paymenttest

import (
	"net"
	"testing"
	"time"

	"google.golang.org/grpc"

	"semesterhaus/platform/pgtest"
	paymentv1 "semesterhaus/proto/gen/payment/v1"
	grpcadapter "semesterhaus/services/payment/internal/adapters/grpc"
	pgadapter "semesterhaus/services/payment/internal/adapters/postgres"
	"semesterhaus/services/payment/internal/app"
	"semesterhaus/services/payment/migrations"
)

// NewGRPCServer serves the payment service's real gRPC API on a fresh migrated database and returns
// its address (host:port). It answers lookups only: creating payments needs the renting and catalog
// services and comes with the renting events. Server and database are gone after the test.
func NewGRPCServer(t testing.TB) string {
	t.Helper()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	payments := app.New(pgadapter.NewRepository(pool, "payment"), nil, nil, nil, time.Now)
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	server := grpc.NewServer()
	paymentv1.RegisterPaymentServiceServer(server, grpcadapter.NewServer(payments))
	go func() { _ = server.Serve(listener) }()
	t.Cleanup(server.Stop)
	return listener.Addr().String()
}
