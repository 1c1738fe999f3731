// Package renterfake is an in-memory stand-in for the renter service's gRPC API, for other services'
// tests: it registers renters without checking their data and answers GetRenter as the real service
// does. The e-mail confirmation and validation of the real service are not faked (they answer
// UNIMPLEMENTED): tests of those run against the real renter service.
package renterfake

import (
	"context"
	"strings"
	"sync"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	renterv1 "semesterhaus/proto/gen/renter/v1"
	"semesterhaus/proto/internal/fakeserver"
)

// Server is a renter service that knows the renters registered with it.
type Server struct {
	renterv1.UnimplementedRenterServiceServer
	mu      sync.Mutex
	renters []*renterv1.Renter // the renter with id n at n-1; a deleted one is nil
}

// New returns a renter service that knows no renter.
func New() *Server { return &Server{} }

// Start serves the fake on a loopback port until the test ends and returns its address (host:port).
func (s *Server) Start(t testing.TB) string {
	t.Helper()
	return fakeserver.Serve(t, func(server *grpc.Server) { renterv1.RegisterRenterServiceServer(server, s) })
}

// RegisterRenter finds the renter by e-mail (case-insensitive, unchanged) or creates one; with a
// renter id it updates that renter's data but keeps the e-mail.
func (s *Server) RegisterRenter(_ context.Context, req *renterv1.RegisterRenterRequest) (*renterv1.RegisterRenterResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if id := req.GetRenterId(); id != 0 {
		renter, err := s.renter(id)
		if err != nil {
			return nil, err
		}
		data := proto.CloneOf(req.GetData())
		data.Email = renter.GetData().GetEmail()
		renter.Data = data
		return &renterv1.RegisterRenterResponse{RenterId: id}, nil
	}
	for _, renter := range s.renters {
		if renter != nil && strings.EqualFold(renter.GetData().GetEmail(), req.GetData().GetEmail()) {
			return &renterv1.RegisterRenterResponse{RenterId: renter.GetId()}, nil
		}
	}
	id := int64(len(s.renters) + 1)
	s.renters = append(s.renters, &renterv1.Renter{Id: id, Data: proto.CloneOf(req.GetData())})
	return &renterv1.RegisterRenterResponse{RenterId: id, Created: true}, nil
}

// DeleteUnusedRenter forgets the renter.
func (s *Server) DeleteUnusedRenter(_ context.Context, req *renterv1.DeleteUnusedRenterRequest) (*renterv1.DeleteUnusedRenterResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := s.renter(req.GetRenterId()); err == nil {
		s.renters[req.GetRenterId()-1] = nil
	}
	return &renterv1.DeleteUnusedRenterResponse{}, nil
}

// GetRenter answers NOT_FOUND for an unknown id.
func (s *Server) GetRenter(_ context.Context, req *renterv1.GetRenterRequest) (*renterv1.Renter, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	renter, err := s.renter(req.GetRenterId())
	if err != nil {
		return nil, err
	}
	return proto.CloneOf(renter), nil
}

func (s *Server) renter(id int64) (*renterv1.Renter, error) {
	if id < 1 || id > int64(len(s.renters)) || s.renters[id-1] == nil {
		return nil, status.Errorf(codes.NotFound, "renter %d: not found", id)
	}
	return s.renters[id-1], nil
}
