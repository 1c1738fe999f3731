// Package grpc serves the catalog's gRPC API to the other services.
package grpc

import (
	"context"
	"errors"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"semesterhaus/platform/server"
	"semesterhaus/proto/catalog/pricenotfound"
	catalogv1 "semesterhaus/proto/gen/catalog/v1"
	"semesterhaus/services/catalog/internal/app"
	"semesterhaus/services/catalog/internal/domain"
)

// Server implements catalogv1.CatalogServiceServer on the catalog's use cases.
type Server struct {
	catalogv1.UnimplementedCatalogServiceServer
	catalog *app.Catalog
}

// NewServer returns the gRPC server.
func NewServer(catalog *app.Catalog) *Server {
	return &Server{catalog: catalog}
}

// GetBuilding returns the residence's name, address and contact.
func (s *Server) GetBuilding(ctx context.Context, _ *catalogv1.GetBuildingRequest) (*catalogv1.Building, error) {
	b, err := s.catalog.Building(ctx)
	if err != nil {
		return nil, toStatus(err)
	}
	return toProtoBuilding(b), nil
}

// GetApartment returns one apartment.
func (s *Server) GetApartment(ctx context.Context, req *catalogv1.GetApartmentRequest) (*catalogv1.Apartment, error) {
	a, err := s.catalog.Apartment(ctx, int(req.GetId()))
	if err != nil {
		return nil, toStatus(err)
	}
	return toProtoApartment(a), nil
}

// ListApartments lists every apartment, sorted by id.
func (s *Server) ListApartments(ctx context.Context, _ *catalogv1.ListApartmentsRequest) (*catalogv1.ListApartmentsResponse, error) {
	b, err := s.catalog.Building(ctx)
	if err != nil {
		return nil, toStatus(err)
	}
	resp := &catalogv1.ListApartmentsResponse{BuildingId: int32(b.ID)}
	for _, f := range b.Floors {
		for _, a := range f.Apartments {
			resp.Apartments = append(resp.Apartments, toProtoApartment(a))
		}
	}
	return resp, nil
}

// GetSemester returns one semester.
func (s *Server) GetSemester(ctx context.Context, req *catalogv1.GetSemesterRequest) (*catalogv1.Semester, error) {
	v, err := s.catalog.Semester(ctx, int(req.GetId()))
	if err != nil {
		return nil, toStatus(err)
	}
	return toProtoSemester(v), nil
}

// ListSemesters lists every semester, the one starting last first.
func (s *Server) ListSemesters(ctx context.Context, _ *catalogv1.ListSemestersRequest) (*catalogv1.ListSemestersResponse, error) {
	views, err := s.catalog.Semesters(ctx)
	if err != nil {
		return nil, toStatus(err)
	}
	resp := &catalogv1.ListSemestersResponse{Semesters: make([]*catalogv1.Semester, len(views))}
	for i, v := range views {
		resp.Semesters[i] = toProtoSemester(v)
	}
	return resp, nil
}

// GetBookableSemester returns the semester open for booking (or renewal).
func (s *Server) GetBookableSemester(ctx context.Context, _ *catalogv1.GetBookableSemesterRequest) (*catalogv1.Semester, error) {
	v, err := s.catalog.BookableSemester(ctx)
	if err != nil {
		return nil, toStatus(err)
	}
	return toProtoSemester(v), nil
}

// CalculatePrice prices a new booking or a renewal.
func (s *Server) CalculatePrice(ctx context.Context, req *catalogv1.CalculatePriceRequest) (*catalogv1.PriceCalculation, error) {
	p, err := s.catalog.PriceCalculation(ctx, int(req.GetApartmentId()), int(req.GetSemesterId()), req.GetRenewal())
	switch {
	case errors.Is(err, app.ErrNoApartment):
		return nil, pricenotfound.Error(catalogv1.PriceNotFound_PRICE_NOT_FOUND_APARTMENT, err.Error())
	case errors.Is(err, app.ErrNoSemester):
		return nil, pricenotfound.Error(catalogv1.PriceNotFound_PRICE_NOT_FOUND_SEMESTER, err.Error())
	case err != nil:
		return nil, toStatus(err)
	}
	return toProtoPrice(p), nil
}

// toStatus is the one place where the catalog's errors become gRPC codes; details of unexpected
// errors stay in the server's log (server.LogInternalErrors).
func toStatus(err error) error {
	if errors.Is(err, domain.ErrNotFound) {
		return status.Error(codes.NotFound, err.Error())
	}
	return server.Internal(err)
}
