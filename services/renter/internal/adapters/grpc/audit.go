package grpc

import (
	"context"
	"fmt"

	"google.golang.org/grpc"

	"semesterhaus/platform/audit"
	"semesterhaus/platform/audit/auditgrpc"
	"semesterhaus/proto/audit/v1/concerns"
	auditv1 "semesterhaus/proto/gen/audit/v1"
)

// AuditClient reads another service's audit entries about a renter (app.AuditSource).
type AuditClient struct {
	service string
	client  auditv1.AuditLogClient
}

// NewAuditClient returns the AuditLog API of the named service behind conn.
func NewAuditClient(service string, conn grpc.ClientConnInterface) *AuditClient {
	return &AuditClient{service: service, client: auditv1.NewAuditLogClient(conn)}
}

// EntriesOfRenter asks the service for the renter's entries; the caller's identity travels with the call.
func (c *AuditClient) EntriesOfRenter(ctx context.Context, renterID int64) ([]audit.Recorded, error) {
	resp, err := c.client.EntriesConcerning(ctx, &auditv1.EntriesConcerningRequest{Concerns: concerns.Renter(renterID)})
	if err != nil {
		return nil, fmt.Errorf("%s audit log: %w", c.service, err)
	}
	return auditgrpc.FromProto(resp.GetEntries()), nil
}
