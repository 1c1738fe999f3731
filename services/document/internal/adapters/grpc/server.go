// Package grpc serves the document service's gRPC API to the other services.
package grpc

import (
	"context"
	"errors"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/exception/exceptionpb"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/server"
	documentv1 "semesterhaus/proto/gen/document/v1"
	"semesterhaus/services/document/internal/app"
	"semesterhaus/services/document/internal/domain"
)

// MaxMessageBytes is the largest message the server accepts: three uploads of up to 10 MiB each
// with room to spare. Clients must allow it too (grpc.MaxCallSendMsgSize).
const MaxMessageBytes = 64 << 20

// ServerOptions are the options every document gRPC server needs.
func ServerOptions() []grpc.ServerOption {
	return []grpc.ServerOption{grpc.MaxRecvMsgSize(MaxMessageBytes)}
}

// Server implements documentv1.DocumentServiceServer on the document service's use cases.
type Server struct {
	documentv1.UnimplementedDocumentServiceServer
	documents *app.Documents
	contracts *app.Contracts
}

// NewServer returns the gRPC server.
func NewServer(documents *app.Documents, contracts *app.Contracts) *Server {
	return &Server{documents: documents, contracts: contracts}
}

// StoreUploads checks and stores a booking's uploads, all or none; a broken upload comes back as the
// response's violation. Uploads not from_renter wait apart until the renting is confirmed.
func (s *Server) StoreUploads(ctx context.Context, req *documentv1.StoreUploadsRequest) (*documentv1.StoreUploadsResponse, error) {
	ids, err := s.documents.StoreUploads(ctx, req.GetRenterId(), req.GetRentingId(), toDomainSender(req.GetFromRenter()), toDomainUploads(req.GetUploads()))
	var violation *exception.Error
	if errors.As(err, &violation) {
		return &documentv1.StoreUploadsResponse{Violation: exceptionpb.ToProto(violation)}, nil
	}
	if err != nil {
		return nil, toStatus(err)
	}
	return &documentv1.StoreUploadsResponse{DocumentIds: ids}, nil
}

// DeleteRentingDocuments removes the uploads of a renting whose booking failed.
func (s *Server) DeleteRentingDocuments(ctx context.Context, req *documentv1.DeleteRentingDocumentsRequest) (*documentv1.DeleteRentingDocumentsResponse, error) {
	if _, err := s.documents.DeleteRentingDocuments(ctx, req.GetRentingId()); err != nil {
		return nil, toStatus(err)
	}
	return &documentv1.DeleteRentingDocumentsResponse{}, nil
}

// ReissueContract replaces the renting's open contract by one priced anew (renting's, for an
// administrator: the rule in Callers); FAILED_PRECONDITION when it has no open contract.
func (s *Server) ReissueContract(ctx context.Context, req *documentv1.ReissueContractRequest) (*documentv1.ReissueContractResponse, error) {
	renting := domain.Renting{
		ID: req.GetRentingId(), RenterID: req.GetRenterId(), ApartmentID: req.GetApartmentId(), SemesterID: req.GetSemesterId(), Renewal: req.GetRenewal(),
	}
	session, err := s.contracts.ReissueContract(ctx, renting, identity.FromContext(ctx).Subject)
	if err != nil {
		return nil, toStatus(err)
	}
	return &documentv1.ReissueContractResponse{
		DocumentId: session.ContractDocumentID, TotalCents: session.Contract.TotalCents, Currency: session.Contract.Currency,
	}, nil
}

// toStatus is the one place where the document service's errors become gRPC codes; details of
// unexpected errors stay in the server's log (server.LogInternalErrors).
func toStatus(err error) error {
	switch {
	case errors.Is(err, app.ErrInvalidArgument):
		return status.Error(codes.InvalidArgument, err.Error())
	case errors.Is(err, domain.ErrNotFound):
		return status.Error(codes.NotFound, err.Error())
	case errors.Is(err, domain.ErrNoOpenContract):
		return status.Error(codes.FailedPrecondition, err.Error())
	default:
		return server.Internal(err)
	}
}
