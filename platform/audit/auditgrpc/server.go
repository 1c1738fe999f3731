// Package auditgrpc serves a service's audit log over gRPC (semesterhaus.audit.v1.AuditLog), so that
// the renter service can show a renter's entries from every service in one place.
package auditgrpc

import (
	"context"
	"errors"
	"log/slog"
	"strconv"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"

	"semesterhaus/platform/audit"
	"semesterhaus/platform/identity"
	auditv1 "semesterhaus/proto/gen/audit/v1"
)

// Server answers AuditLog calls from the service's own audit_log table.
type Server struct {
	auditv1.UnimplementedAuditLogServer
	db     audit.Querier
	logger *slog.Logger
}

// NewServer returns the AuditLog API over db, the service's database.
func NewServer(db audit.Querier, logger *slog.Logger) *Server {
	return &Server{db: db, logger: logger}
}

// EntriesOfRenter returns the renter's entries, newest first, to admins only: the log names who looked
// at whose identity card.
func (s *Server) EntriesOfRenter(ctx context.Context, req *auditv1.EntriesOfRenterRequest) (*auditv1.EntriesOfRenterResponse, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return nil, status.Error(codes.PermissionDenied, err.Error())
	}
	if req.GetRenterId() <= 0 {
		return nil, status.Error(codes.InvalidArgument, "renter_id must be positive")
	}
	entries, err := audit.Concerning(ctx, s.db, RenterKey(req.GetRenterId()))
	if err != nil {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return nil, status.FromContextError(err).Err()
		}
		s.logger.ErrorContext(ctx, "audit entries of a renter", "renter", req.GetRenterId(), "err", err)
		return nil, status.Error(codes.Internal, "audit log unavailable")
	}
	resp := &auditv1.EntriesOfRenterResponse{Entries: make([]*auditv1.AuditEntry, len(entries))}
	for i, e := range entries {
		resp.Entries[i] = &auditv1.AuditEntry{
			At: timestamppb.New(e.At), Actor: e.Actor, Action: e.Action, Subject: e.Subject, DetailsJson: string(e.Details),
		}
	}
	return resp, nil
}

// RenterKey is the audit.Entry.Concerns of an entry about the renter: EntriesOfRenter, the contract
// this package serves, lists them.
func RenterKey(renterID int64) string { return "renter/" + strconv.FormatInt(renterID, 10) }

// FromProto turns received entries back into audit.Recorded.
func FromProto(entries []*auditv1.AuditEntry) []audit.Recorded {
	recorded := make([]audit.Recorded, len(entries))
	for i, e := range entries {
		recorded[i] = audit.Recorded{
			At: e.GetAt().AsTime(), Actor: e.GetActor(), Action: e.GetAction(), Subject: e.GetSubject(),
			Details: []byte(e.GetDetailsJson()),
		}
	}
	return recorded
}
