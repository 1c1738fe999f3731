// Package auditgrpc serves a service's audit log over gRPC (semesterhaus.audit.v1.AuditLog), so that
// one service can show the entries that concern one key (a renter, say) from every service in one place.
package auditgrpc

import (
	"context"
	"errors"
	"log/slog"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"

	"semesterhaus/platform/audit"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/peer"
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

// EntriesConcerning returns the entries that concern the key, newest first, to admins only: the log
// names who looked at whose identity card.
func (s *Server) EntriesConcerning(ctx context.Context, req *auditv1.EntriesConcerningRequest) (*auditv1.EntriesConcerningResponse, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return nil, status.Error(codes.PermissionDenied, err.Error())
	}
	if req.GetConcerns() == "" {
		return nil, status.Error(codes.InvalidArgument, "concerns must name a key")
	}
	entries, err := audit.Concerning(ctx, s.db, req.GetConcerns())
	if err != nil {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return nil, status.FromContextError(err).Err()
		}
		s.logger.ErrorContext(ctx, "audit entries", "concerns", req.GetConcerns(), "err", err)
		return nil, status.Error(codes.Internal, "audit log unavailable")
	}
	resp := &auditv1.EntriesConcerningResponse{Entries: make([]*auditv1.AuditEntry, len(entries))}
	for i, e := range entries {
		resp.Entries[i] = &auditv1.AuditEntry{
			At: timestamppb.New(e.At), Actor: e.Actor, Action: e.Action, Subject: e.Subject, DetailsJson: string(e.Details),
		}
	}
	return resp, nil
}

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

// Callers is who may read a service's audit log: the renter service, which shows the entries about
// a renter from every service, and only for an administrator.
var Callers = peer.Rules{
	auditv1.AuditLog_EntriesConcerning_FullMethodName: {Callers: []string{"renter"}, Admin: true},
}
