package grpc

import (
	"context"
	"fmt"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	rentingv1 "semesterhaus/proto/gen/renting/v1"
	"semesterhaus/services/renter/internal/domain"
)

// RentingClient asks the renting service about a renting the renter's own page acts on (app.Rentings).
type RentingClient struct {
	client rentingv1.RentingServiceClient
}

// NewRentingClient returns the renting service's API behind conn.
func NewRentingClient(conn grpc.ClientConnInterface) *RentingClient {
	return &RentingClient{client: rentingv1.NewRentingServiceClient(conn)}
}

// Renting loads the renting; an unknown one is domain.ErrNotFound.
func (c *RentingClient) Renting(ctx context.Context, id string) (domain.Renting, error) {
	r, err := c.client.GetRenting(ctx, &rentingv1.GetRentingRequest{RentingId: id})
	if status.Code(err) == codes.NotFound {
		return domain.Renting{}, fmt.Errorf("renting %q: %w", id, domain.ErrNotFound)
	}
	if err != nil {
		return domain.Renting{}, fmt.Errorf("renting %s: %w", id, err)
	}
	return domain.Renting{
		ID: r.GetRentingId(), RenterID: r.GetRenterId(), State: r.GetState(),
		Stay: domain.Stay{ApartmentID: r.GetApartmentId(), SemesterID: r.GetSemesterId(), Renewal: r.GetRenewal(),
			ContractTotalCents: r.GetContractTotalCents()},
	}, nil
}
