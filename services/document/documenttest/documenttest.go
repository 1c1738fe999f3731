// Package documenttest starts the document service's real gRPC API for other modules' tests (the
// system tests) and makes valid and hostile PDFs (pictures: platform/picture/picturetest). The
// calling package needs `func TestMain(m *testing.M) { pgtest.Main(m) }`.
package documenttest

import (
	"log/slog"
	"testing"
	"time"

	auditv1 "semesterhaus/proto/gen/audit/v1"

	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/grpc"

	"semesterhaus/platform/audit/auditgrpc"
	"semesterhaus/platform/grpctest"
	documentv1 "semesterhaus/proto/gen/document/v1"
	grpcadapter "semesterhaus/services/document/internal/adapters/grpc"
	pgadapter "semesterhaus/services/document/internal/adapters/postgres"
	"semesterhaus/services/document/internal/app"
	"semesterhaus/services/document/internal/testenv"
)

// MaxMessageBytes is the largest gRPC message the service accepts; clients sending uploads need
// grpc.WithDefaultCallOptions(grpc.MaxCallSendMsgSize(MaxMessageBytes)).
const MaxMessageBytes = grpcadapter.MaxMessageBytes

// NewGRPCServer serves the document service's real gRPC API on a fresh migrated database and returns
// its address (host:port). Server and database are gone after the test. It writes no contracts (it
// has no peers to gather them from), so ReissueContract answers FAILED_PRECONDITION; renting's tests
// of a reissue use proto/document/documentfake.
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
	contracts := app.NewContracts(pgadapter.NewRepository(pool), nil, nil, nil, time.Now)
	addr := grpctest.ServeService(t, "document", grpcadapter.Callers, func(server *grpc.Server) {
		documentv1.RegisterDocumentServiceServer(server, grpcadapter.NewServer(documents, contracts))
		auditv1.RegisterAuditLogServer(server, auditgrpc.NewServer(pool, slog.New(slog.DiscardHandler)))
	}, grpcadapter.ServerOptions()...)
	return addr, pool
}
