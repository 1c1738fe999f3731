// Package renterfake is an in-memory stand-in for the renter service's gRPC API, for other services'
// tests: it registers renters without checking their data, answers a violation that the test sets
// instead of validating, and accepts the e-mail tokens that the test issues.
package renterfake

import (
	"context"
	"slices"
	"strings"
	"sync"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	commonv1 "semesterhaus/proto/gen/common/v1"
	renterv1 "semesterhaus/proto/gen/renter/v1"
)

// Server is a renter service that knows the renters registered with it.
type Server struct {
	renterv1.UnimplementedRenterServiceServer
	mu        sync.Mutex
	renters   []*renterv1.Renter // the renter with id n at n-1; a deleted one is nil
	uses      map[int64]int      // registrations not undone
	tokens    map[string]token   // by e-mail and token
	pages     map[string]int64   // the renter whose page a page token opens, by token
	violation *commonv1.Violation
	deleted   []int64
}

type token struct {
	renterID  int64
	rentingID string
	expired   bool
}

// New returns a renter service that knows no renter.
func New() *Server {
	return &Server{uses: map[int64]int{}, tokens: map[string]token{}, pages: map[string]int64{}}
}

// Register adds the fake to a gRPC server, e.g. with platform/grpctest: grpctest.Serve(t, fake.Register).
func (s *Server) Register(server *grpc.Server) { renterv1.RegisterRenterServiceServer(server, s) }

// Refuse makes every later ValidateRenter answer the violation; nil accepts again.
func (s *Server) Refuse(v *commonv1.Violation) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.violation = v
}

// IssueToken gives the renting's renter a confirmation token, as the real service does when it mails
// the link; expired makes it answer as a token past its time.
func (s *Server) IssueToken(email, tok string, renterID int64, rentingID string, expired bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tokens[email+"\x00"+tok] = token{renterID: renterID, rentingID: rentingID, expired: expired}
}

// IssuePageToken gives the renter a link to their own page, as the real service does with every
// mail; the fake's tokens do not expire.
func (s *Server) IssuePageToken(tok string, renterID int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pages[tok] = renterID
}

// OpenRenterPage names the renter of an issued page token, NOT_FOUND for any other.
func (s *Server) OpenRenterPage(_ context.Context, req *renterv1.OpenRenterPageRequest) (*renterv1.OpenRenterPageResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id, ok := s.pages[req.GetToken()]
	if !ok {
		return nil, status.Error(codes.NotFound, "no such page token")
	}
	return &renterv1.OpenRenterPageResponse{RenterId: id}, nil
}

// Deleted returns the renters whose registration was undone (DeleteUnusedRenter), in order.
func (s *Server) Deleted() []int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.deleted)
}

// ValidateRenter answers the violation set by Refuse, if any.
func (s *Server) ValidateRenter(context.Context, *renterv1.ValidateRenterRequest) (*renterv1.ValidateRenterResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return &renterv1.ValidateRenterResponse{Violation: s.violation}, nil
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
			s.uses[renter.GetId()]++
			return &renterv1.RegisterRenterResponse{RenterId: renter.GetId()}, nil
		}
	}
	id := int64(len(s.renters) + 1)
	s.renters = append(s.renters, &renterv1.Renter{Id: id, Data: proto.CloneOf(req.GetData())})
	s.uses[id] = 1
	return &renterv1.RegisterRenterResponse{RenterId: id, Created: true}, nil
}

// DeleteUnusedRenter undoes a registration and forgets the renter when none is left.
func (s *Server) DeleteUnusedRenter(_ context.Context, req *renterv1.DeleteUnusedRenterRequest) (*renterv1.DeleteUnusedRenterResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := req.GetRenterId()
	s.deleted = append(s.deleted, id)
	if s.uses[id]--; s.uses[id] <= 0 {
		if _, err := s.renter(id); err == nil {
			s.renters[id-1] = nil
		}
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

// ConsumeEmailToken answers an issued token again and again (the real one sets already_used after the first time),
// NOT_FOUND for one not issued to the e-mail and FAILED_PRECONDITION for an expired one.
func (s *Server) ConsumeEmailToken(_ context.Context, req *renterv1.ConsumeEmailTokenRequest) (*renterv1.ConsumeEmailTokenResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	key := req.GetEmail() + "\x00" + req.GetToken()
	t, ok := s.tokens[key]
	switch {
	case !ok:
		return nil, status.Error(codes.NotFound, "no such token")
	case t.expired:
		return nil, status.Error(codes.FailedPrecondition, "token expired")
	}
	return &renterv1.ConsumeEmailTokenResponse{RenterId: t.renterID, RentingId: t.rentingID}, nil
}

func (s *Server) renter(id int64) (*renterv1.Renter, error) {
	if id < 1 || id > int64(len(s.renters)) || s.renters[id-1] == nil {
		return nil, status.Errorf(codes.NotFound, "renter %d: not found", id)
	}
	return s.renters[id-1], nil
}
