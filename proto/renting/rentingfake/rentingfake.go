// Package rentingfake is an in-memory stand-in for the renting service's gRPC API, for other
// services' tests: it knows the rentings a test adds and answers as the real service does.
package rentingfake

import (
	"context"
	"sync"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	rentingv1 "semesterhaus/proto/gen/renting/v1"
)

// Server is a renting service that knows the rentings a test adds.
type Server struct {
	rentingv1.UnimplementedRentingServiceServer
	mu       sync.Mutex
	rentings map[string]*rentingv1.Renting
}

// New returns a renting service that knows no renting.
func New() *Server { return &Server{rentings: map[string]*rentingv1.Renting{}} }

// Register adds the fake to a gRPC server, e.g. with platform/grpctest: grpctest.Serve(t, fake.Register).
func (s *Server) Register(server *grpc.Server) { rentingv1.RegisterRentingServiceServer(server, s) }

// Add makes the renting known.
func (s *Server) Add(renting *rentingv1.Renting) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rentings[renting.GetRentingId()] = renting
}

// GetRenting answers like the renting service: NOT_FOUND for an unknown id.
func (s *Server) GetRenting(_ context.Context, req *rentingv1.GetRentingRequest) (*rentingv1.Renting, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if renting, ok := s.rentings[req.GetRentingId()]; ok {
		return renting, nil
	}
	return nil, status.Error(codes.NotFound, "no renting")
}
