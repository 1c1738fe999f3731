package grpc_test

import (
	"context"
	"log/slog"
	"testing"

	auditv1 "semesterhaus/proto/gen/audit/v1"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"semesterhaus/platform/audit/auditgrpc"
	"semesterhaus/platform/grpctest"
	"semesterhaus/platform/pgtest"
	rentingv1 "semesterhaus/proto/gen/renting/v1"
	grpcadapter "semesterhaus/services/renting/internal/adapters/grpc"
	"semesterhaus/services/renting/internal/domain"
	"semesterhaus/services/renting/internal/testenv"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestGetRenting_answersTheRentingOrNotFound(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	renting := domain.NewRenting(7, 11, 3, testenv.DesignDay)
	if err := env.Repo.Create(context.Background(), renting); err != nil {
		t.Fatal(err)
	}
	client := rentingv1.NewRentingServiceClient(grpctest.Dial(t, "document", "renting", serve(t, env)))

	got, err := client.GetRenting(context.Background(), &rentingv1.GetRentingRequest{RentingId: renting.ID})
	if err != nil || got.GetRentingId() != renting.ID || got.GetRenterId() != 7 || got.GetApartmentId() != 11 ||
		got.GetSemesterId() != 3 || got.GetState() != "APARTMENT_REQUESTED" || got.GetRenewal() || !got.GetCreatedAt().AsTime().Equal(testenv.DesignDay) {
		t.Errorf("GetRenting = %v, %v", got, err)
	}
	for _, id := range []string{"5f0e1c1e-0000-4000-8000-000000000000", "nonsense"} {
		if _, err := client.GetRenting(context.Background(), &rentingv1.GetRentingRequest{RentingId: id}); status.Code(err) != codes.NotFound {
			t.Errorf("%q: %v, want NotFound", id, err)
		}
	}
}

// TestRentingService_onlyItsCallersGetThrough: every method, the audit log's included, refuses
// callers without a valid service token and services its rule does not name, and admits the ones
// it names (the audit log only for an administrator).
func TestRentingService_onlyItsCallersGetThrough(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	grpctest.CheckCallers(t, "renting", serve(t, env), grpcadapter.Callers,
		rentingv1.RentingService_ServiceDesc.ServiceName, auditv1.AuditLog_ServiceDesc.ServiceName)
}

// serve serves the renting service's gRPC API as production does until the test ends.
func serve(t *testing.T, env *testenv.Env) string {
	t.Helper()
	return grpctest.ServeService(t, "renting", grpcadapter.Callers, func(server *grpc.Server) {
		rentingv1.RegisterRentingServiceServer(server, grpcadapter.NewServer(env.Queries))
		auditv1.RegisterAuditLogServer(server, auditgrpc.NewServer(env.Pool, slog.New(slog.DiscardHandler)))
	})
}

// TestGetRenting_answersTheTotalTheContractWasWrittenWith: a renting's total is the contract's,
// kept when the contract was requested.
func TestGetRenting_answersTheTotalTheContractWasWrittenWith(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	renting := domain.NewRenewal(7, 11, 3, testenv.DesignDay)
	if err := env.Repo.Create(ctx, renting); err != nil {
		t.Fatal(err)
	}
	client := rentingv1.NewRentingServiceClient(grpctest.Dial(t, "document", "renting", serve(t, env)))
	if got, err := client.GetRenting(ctx, &rentingv1.GetRentingRequest{RentingId: renting.ID}); err != nil || got.GetContractTotalCents() != 0 || got.GetContractCurrency() != "" {
		t.Fatalf("before a contract: GetRenting = %v, %v; want no total", got, err)
	}
	env.WriteRenewalContract(t, renting.ID, domain.ContractPrice{Cents: 288000, Currency: "EUR", Items: []domain.PriceItem{{Quantity: 6, Amount: 48000, Total: 288000}}})

	got, err := client.GetRenting(ctx, &rentingv1.GetRentingRequest{RentingId: renting.ID})
	if err != nil || got.GetContractTotalCents() != 288000 || got.GetContractCurrency() != "EUR" {
		t.Errorf("GetRenting = %v, %v; want the contract's 288000 EUR", got, err)
	}
}
