package app

import (
	"context"
	"fmt"
	"slices"

	"golang.org/x/sync/errgroup"

	"semesterhaus/platform/audit"
	"semesterhaus/platform/identity"
)

// AuditSource is one service's audit log: the renter service's own database or another service's
// AuditLog API.
type AuditSource interface {
	EntriesOfRenter(ctx context.Context, renterID int64) ([]audit.Recorded, error)
}

// AuditLog shows a renter's audit entries from every service that records admin actions about
// renters: edits here, identity approvals and deletions in renting, document downloads in document.
type AuditLog struct {
	sources []AuditSource
}

// NewAuditLog returns the renters' audit log over its sources.
func NewAuditLog(sources ...AuditSource) *AuditLog {
	return &AuditLog{sources: sources}
}

// OfRenter returns the renter's entries from all sources, newest first, to admins only. It fails
// when a source fails: a log with holes would mislead.
func (l *AuditLog) OfRenter(ctx context.Context, renterID int64) ([]audit.Recorded, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	found := make([][]audit.Recorded, len(l.sources))
	g, ctx := errgroup.WithContext(ctx)
	for i, source := range l.sources {
		g.Go(func() error {
			entries, err := source.EntriesOfRenter(ctx, renterID)
			found[i] = entries
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, fmt.Errorf("audit log of renter %d: %w", renterID, err)
	}
	all := slices.Concat(found...)
	slices.SortStableFunc(all, func(a, b audit.Recorded) int { return b.At.Compare(a.At) })
	return all, nil
}
