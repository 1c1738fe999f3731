package app

import (
	"context"
	"log/slog"
	"time"

	"semesterhaus/platform/server"
)

// DueDeletions deletes, audited, at most max documents whose retention ended at now, or contracts
// stored before `before`.
type DueDeletions interface {
	DeleteDue(ctx context.Context, now time.Time, max int32) (int, error)
	DeleteContractsBefore(ctx context.Context, before time.Time, max int32) (int, error)
}

// RetentionPeriods are how long the documents with a legal retention duty are kept.
type RetentionPeriods struct {
	Contracts time.Duration // contracts and signed contracts, from their storing
}

// retentionBatch is how many documents one transaction deletes.
const retentionBatch = 100

// Retention is the scheduled job that deletes the documents whose retention ended: at once and then
// every interval (server.Every). Replicas may run it together: each document is deleted, and
// audited, once.
func Retention(store DueDeletions, periods RetentionPeriods, interval time.Duration, now func() time.Time, logger *slog.Logger) server.Component {
	return server.Every("retention", interval, logger, func(ctx context.Context) error {
		deleted, err := DeleteDue(ctx, store, periods, now())
		if deleted > 0 {
			logger.InfoContext(ctx, "retention: deleted documents no longer needed", "documents", deleted)
		}
		return err
	})
}

// DeleteDue deletes every document whose retention ended at now, batch by batch.
func DeleteDue(ctx context.Context, store DueDeletions, periods RetentionPeriods, now time.Time) (int, error) {
	due, err := inBatches(func(max int32) (int, error) { return store.DeleteDue(ctx, now, max) })
	if err != nil {
		return due, err
	}
	before := now.Add(-periods.Contracts)
	contracts, err := inBatches(func(max int32) (int, error) { return store.DeleteContractsBefore(ctx, before, max) })
	return due + contracts, err
}

// inBatches runs del with the batch size until a batch deletes less.
func inBatches(del func(max int32) (int, error)) (int, error) {
	total := 0
	for {
		n, err := del(retentionBatch)
		total += n
		if err != nil || n < retentionBatch {
			return total, err
		}
	}
}
