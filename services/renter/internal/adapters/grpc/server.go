// Package grpc serves the renter service's gRPC API to the other services.
package grpc

import (
	"context"
	"errors"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/exception/exceptionpb"
	"semesterhaus/platform/server"
	renterv1 "semesterhaus/proto/gen/renter/v1"
	"semesterhaus/services/renter/internal/app"
	"semesterhaus/services/renter/internal/domain"
)

// Server implements renterv1.RenterServiceServer on the renter use cases.
type Server struct {
	renterv1.UnimplementedRenterServiceServer
	renters *app.Renters
	pages   *app.Pages
}

// NewServer returns the gRPC server.
func NewServer(renters *app.Renters, pages *app.Pages) *Server {
	return &Server{renters: renters, pages: pages}
}

var errNoReferenceDate = errors.New("reference_date is required")

// ValidateRenter checks personal data without storing it.
func (s *Server) ValidateRenter(ctx context.Context, req *renterv1.ValidateRenterRequest) (*renterv1.ValidateRenterResponse, error) {
	day, err := dayFromProto(req.GetReferenceDate())
	if err != nil {
		return nil, toStatus(err)
	}
	err = s.renters.Validate(formFromProto(req.GetData()), day)
	if v, ok := asViolation(err); ok {
		return &renterv1.ValidateRenterResponse{Violation: exceptionpb.ToProto(v)}, nil
	}
	if err != nil {
		return nil, toStatus(err)
	}
	return &renterv1.ValidateRenterResponse{}, nil
}

// RegisterRenter finds the renter by e-mail (or id, for a renewal) and updates it, or creates one.
func (s *Server) RegisterRenter(ctx context.Context, req *renterv1.RegisterRenterRequest) (*renterv1.RegisterRenterResponse, error) {
	day, err := dayFromProto(req.GetReferenceDate())
	if err != nil {
		return nil, toStatus(err)
	}
	id, created, err := s.renters.Register(ctx, formFromProto(req.GetData()), day, req.GetRenterId())
	if v, ok := asViolation(err); ok {
		return &renterv1.RegisterRenterResponse{Violation: exceptionpb.ToProto(v)}, nil
	}
	if err != nil {
		return nil, toStatus(err)
	}
	return &renterv1.RegisterRenterResponse{RenterId: id, Created: created}, nil
}

// DeleteUnusedRenter undoes a registration of a failed booking.
func (s *Server) DeleteUnusedRenter(ctx context.Context, req *renterv1.DeleteUnusedRenterRequest) (*renterv1.DeleteUnusedRenterResponse, error) {
	if err := s.renters.DeleteUnused(ctx, req.GetRenterId()); err != nil {
		return nil, toStatus(err)
	}
	return &renterv1.DeleteUnusedRenterResponse{}, nil
}

// OpenRenterPage names the renter whose own page the token opens.
func (s *Server) OpenRenterPage(ctx context.Context, req *renterv1.OpenRenterPageRequest) (*renterv1.OpenRenterPageResponse, error) {
	renter, _, err := s.pages.Open(ctx, req.GetToken())
	if err != nil {
		return nil, toStatus(err)
	}
	return &renterv1.OpenRenterPageResponse{RenterId: renter.ID}, nil
}

// GetRenter returns one renter.
func (s *Server) GetRenter(ctx context.Context, req *renterv1.GetRenterRequest) (*renterv1.Renter, error) {
	renter, err := s.renters.Renter(ctx, req.GetRenterId())
	if err != nil {
		return nil, toStatus(err)
	}
	return toProtoRenter(renter), nil
}

// ConsumeEmailToken confirms a renter's e-mail with a token from a confirmation link.
func (s *Server) ConsumeEmailToken(ctx context.Context, req *renterv1.ConsumeEmailTokenRequest) (*renterv1.ConsumeEmailTokenResponse, error) {
	c, err := s.renters.ConsumeEmailToken(ctx, req.GetEmail(), req.GetToken())
	if err != nil {
		return nil, toStatus(err)
	}
	return &renterv1.ConsumeEmailTokenResponse{RenterId: c.RenterID, RentingId: c.RentingID, AlreadyUsed: c.AlreadyUsed}, nil
}

func asViolation(err error) (*exception.Error, bool) {
	var v *exception.Error
	return v, errors.As(err, &v)
}

// toStatus is the one place where the renter service's errors become gRPC codes; details of
// unexpected errors stay in the server's log (server.LogInternalErrors).
func toStatus(err error) error {
	switch {
	case errors.Is(err, domain.ErrNotFound):
		return status.Error(codes.NotFound, err.Error())
	case errors.Is(err, domain.ErrTokenExpired):
		return status.Error(codes.FailedPrecondition, err.Error())
	case errors.Is(err, errNoReferenceDate):
		return status.Error(codes.InvalidArgument, err.Error())
	default:
		return server.Internal(err)
	}
}
