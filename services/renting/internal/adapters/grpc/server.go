// Package grpc serves the renting service's gRPC API and holds its clients of the catalog, renter
// and document services.
package grpc

import (
	"context"
	"errors"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"

	"semesterhaus/platform/server"
	rentingv1 "semesterhaus/proto/gen/renting/v1"
	"semesterhaus/services/renting/internal/app"
	"semesterhaus/services/renting/internal/domain"
)

// Server implements rentingv1.RentingServiceServer on the renting service's reads.
type Server struct {
	rentingv1.UnimplementedRentingServiceServer
	queries *app.Queries
}

// NewServer returns the gRPC server.
func NewServer(queries *app.Queries) *Server {
	return &Server{queries: queries}
}

// GetRenting returns one renting.
func (s *Server) GetRenting(ctx context.Context, req *rentingv1.GetRentingRequest) (*rentingv1.Renting, error) {
	r, err := s.queries.Renting(ctx, req.GetRentingId())
	if err != nil {
		return nil, toStatus(err)
	}
	return &rentingv1.Renting{
		RentingId: r.ID, RenterId: r.RenterID, ApartmentId: int32(r.ApartmentID), SemesterId: int32(r.SemesterID),
		State: string(r.State), Renewal: r.Renewal, CreatedAt: timestamppb.New(r.CreatedAt),
		ContractTotalCents: r.ContractPrice.Cents, ContractCurrency: r.ContractPrice.Currency,
	}, nil
}

// toStatus is the one place where the renting service's errors become gRPC codes; details of
// unexpected errors stay in the server's log (server.LogInternalErrors).
func toStatus(err error) error {
	if errors.Is(err, domain.ErrNotFound) {
		return status.Error(codes.NotFound, "renting not found")
	}
	return server.Internal(err)
}
