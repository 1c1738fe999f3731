package grpc_test

import (
	"context"
	"net"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"semesterhaus/platform/pgtest"
	"semesterhaus/platform/service"
	rentingv1 "semesterhaus/proto/gen/renting/v1"
	grpcadapter "semesterhaus/services/renting/internal/adapters/grpc"
	"semesterhaus/services/renting/internal/domain"
	"semesterhaus/services/renting/internal/testenv"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestGetRenting_answersTheRentingOrNotFound(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	renting := domain.NewRenting(7, 11, 3, false, testenv.DesignDay)
	if err := env.Repo.Create(context.Background(), renting); err != nil {
		t.Fatal(err)
	}
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	server := grpc.NewServer()
	rentingv1.RegisterRentingServiceServer(server, grpcadapter.NewServer(env.Rentings))
	go func() { _ = server.Serve(listener) }()
	t.Cleanup(server.Stop)
	conn, err := service.Dial(listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	client := rentingv1.NewRentingServiceClient(conn)

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
