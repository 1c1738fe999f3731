// Package documentfake is an in-memory stand-in for the document service's gRPC API, for other
// services' tests: it counts the uploads it stores per renting without looking at their content, and
// answers a violation that the test sets instead of checking them.
package documentfake

import (
	"context"
	"sync"

	"google.golang.org/grpc"

	commonv1 "semesterhaus/proto/gen/common/v1"
	documentv1 "semesterhaus/proto/gen/document/v1"
)

// MaxMessageBytes is the largest message the real service accepts (64 MiB); serve the fake with
// grpc.MaxRecvMsgSize(MaxMessageBytes) to accept as much.
const MaxMessageBytes = 64 << 20

// Server is a document service that remembers what it stored.
type Server struct {
	documentv1.UnimplementedDocumentServiceServer
	mu         sync.Mutex
	violation  *commonv1.Violation
	stored     map[string]int // uploads by renting
	fromRenter map[string]bool
	last       []*documentv1.Upload
}

// New returns a document service that stored nothing.
func New() *Server { return &Server{stored: map[string]int{}, fromRenter: map[string]bool{}} }

// Register adds the fake to a gRPC server, e.g. with platform/grpctest: grpctest.Serve(t, fake.Register).
func (s *Server) Register(server *grpc.Server) { documentv1.RegisterDocumentServiceServer(server, s) }

// Refuse makes every later StoreUploads answer the violation and store nothing; nil stores again.
func (s *Server) Refuse(v *commonv1.Violation) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.violation = v
}

// StoreUploads stores all uploads, or none with the violation set by Refuse.
func (s *Server) StoreUploads(_ context.Context, req *documentv1.StoreUploadsRequest) (*documentv1.StoreUploadsResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.violation != nil {
		return &documentv1.StoreUploadsResponse{Violation: s.violation}, nil
	}
	s.stored[req.GetRentingId()] += len(req.GetUploads())
	s.fromRenter[req.GetRentingId()] = req.GetFromRenter()
	s.last = req.GetUploads()
	return &documentv1.StoreUploadsResponse{}, nil
}

// DeleteRentingDocuments forgets a renting's uploads.
func (s *Server) DeleteRentingDocuments(_ context.Context, req *documentv1.DeleteRentingDocumentsRequest) (*documentv1.DeleteRentingDocumentsResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.stored, req.GetRentingId())
	return &documentv1.DeleteRentingDocumentsResponse{}, nil
}

// StoredFor returns how many uploads a renting has.
func (s *Server) StoredFor(rentingID string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stored[rentingID]
}

// Rentings returns how many rentings have uploads.
func (s *Server) Rentings() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.stored)
}

// StoredFromRenter reports whether a renting's uploads were stored as the renter's documents at once.
func (s *Server) StoredFromRenter(rentingID string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.fromRenter[rentingID]
}

// LastUploads returns the uploads of the last StoreUploads that stored something.
func (s *Server) LastUploads() []*documentv1.Upload {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.last
}
