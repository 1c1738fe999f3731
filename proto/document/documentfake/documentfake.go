// Package documentfake is an in-memory stand-in for the document service's gRPC API, for other
// services' tests: it counts the uploads it stores per renting without looking at their content, and
// answers a violation that the test sets instead of checking them. It reissues the contracts a test
// opened with OpenContract, at the total the test gives, as the real service reissues an open one.
package documentfake

import (
	"context"
	"crypto/rand"
	"fmt"
	"sync"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

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
	open       map[string]int64 // open contracts' reissue totals by renting
	reissued   map[string][]string
}

// New returns a document service that stored nothing.
func New() *Server {
	return &Server{stored: map[string]int{}, fromRenter: map[string]bool{}, open: map[string]int64{}, reissued: map[string][]string{}}
}

// OpenContract makes the renting's contract open (written, unsigned); a reissue answers totalCents,
// the price the catalog would give it now.
func (s *Server) OpenContract(rentingID string, totalCents int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.open[rentingID] = totalCents
}

// Signed makes the renting's contract signed: a reissue is refused.
func (s *Server) Signed(rentingID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.open, rentingID)
}

// ReissueContract writes a new contract for a renting whose contract is open and answers its id and
// total; FAILED_PRECONDITION without an open contract, as the real service answers.
func (s *Server) ReissueContract(_ context.Context, req *documentv1.ReissueContractRequest) (*documentv1.ReissueContractResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	total, ok := s.open[req.GetRentingId()]
	if !ok {
		return nil, status.Errorf(codes.FailedPrecondition, "renting %s has no open contract", req.GetRentingId())
	}
	id := newDocumentID()
	s.reissued[req.GetRentingId()] = append(s.reissued[req.GetRentingId()], id)
	return &documentv1.ReissueContractResponse{DocumentId: id, TotalCents: total, Currency: "EUR"}, nil
}

// Reissued returns the ids of the contracts reissued for a renting, oldest first.
func (s *Server) Reissued(rentingID string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.reissued[rentingID]...)
}

// newDocumentID is a random UUID (version 4), as the real service's document ids are.
func newDocumentID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	b[6], b[8] = b[6]&0x0f|0x40, b[8]&0x3f|0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// Register adds the fake to a gRPC server, e.g. with platform/grpctest: grpctest.Serve(t, fake.Register).
func (s *Server) Register(server *grpc.Server) { documentv1.RegisterDocumentServiceServer(server, s) }

// Refuse makes every later StoreUploads answer the violation and store nothing; nil stores again.
func (s *Server) Refuse(v *commonv1.Violation) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.violation = v
}

// StoreUploads stores all uploads and answers a new document id for each, in their order, as the
// document service does; or stores none with the violation set by Refuse.
func (s *Server) StoreUploads(_ context.Context, req *documentv1.StoreUploadsRequest) (*documentv1.StoreUploadsResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.violation != nil {
		return &documentv1.StoreUploadsResponse{Violation: s.violation}, nil
	}
	s.stored[req.GetRentingId()] += len(req.GetUploads())
	s.fromRenter[req.GetRentingId()] = req.GetFromRenter()
	s.last = req.GetUploads()
	ids := make([]string, len(req.GetUploads()))
	for i := range ids {
		ids[i] = newDocumentID()
	}
	return &documentv1.StoreUploadsResponse{DocumentIds: ids}, nil
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
