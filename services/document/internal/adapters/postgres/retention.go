package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"semesterhaus/platform/audit"
	"semesterhaus/platform/postgres"
	"semesterhaus/proto/audit/v1/concerns"
	"semesterhaus/services/document/internal/adapters/postgres/db"
	"semesterhaus/services/document/internal/domain"
)

// retentionActor is who the audit log names for deletions by the retention rules.
const retentionActor = "retention"

// ScheduleDeletionIn schedules the deletion of the renting's documents of the rule's types in tx,
// keeping an earlier one already scheduled, and audits it when it changed anything.
func (r *Repository) ScheduleDeletionIn(ctx context.Context, tx pgx.Tx, rule domain.Retention) (int64, error) {
	renting, err := toUUID(rule.RentingID)
	if err != nil {
		return 0, err
	}
	types := make([]string, len(rule.Types))
	for i, t := range rule.Types {
		types[i] = string(t)
	}
	n, err := r.queries.WithTx(tx).ScheduleDeletion(ctx, db.ScheduleDeletionParams{
		At: pgtype.Timestamptz{Time: rule.At, Valid: true}, Reason: rule.Reason, RentingID: renting, Types: types,
	})
	if err != nil || n == 0 {
		return 0, err
	}
	return n, audit.Record(ctx, tx, audit.Entry{
		Actor: retentionActor, Action: "scheduleDeletion", Subject: "renting/" + rule.RentingID, Concerns: concerns.Renter(rule.RenterID),
		Details: map[string]any{"documents": n, "types": types, "at": rule.At.UTC().Format(time.RFC3339), "reason": rule.Reason},
	})
}

// DeleteDue deletes at most max documents whose deletion is due at now, in one transaction, with an
// audit entry for each (what, when, why; never the content). It returns how many it deleted.
func (r *Repository) DeleteDue(ctx context.Context, now time.Time, max int32) (int, error) {
	return r.deleteAudited(ctx, func(q *db.Queries) ([]deletedDocument, error) {
		rows, err := q.DeleteDueDocuments(ctx, db.DeleteDueDocumentsParams{Now: pgtype.Timestamptz{Time: now, Valid: true}, MaxDocuments: max})
		deleted := make([]deletedDocument, len(rows))
		for i, row := range rows {
			deleted[i] = deletedDocument{row.ID, row.Type, row.RenterID, row.RentingID, row.RetentionReason.String}
		}
		return deleted, err
	})
}

// DeleteContractsBefore deletes at most max contracts and signed contracts stored before `before`,
// whose legal retention period is over, audited as DeleteDue.
func (r *Repository) DeleteContractsBefore(ctx context.Context, before time.Time, max int32) (int, error) {
	return r.deleteAudited(ctx, func(q *db.Queries) ([]deletedDocument, error) {
		rows, err := q.DeleteContractsBefore(ctx, db.DeleteContractsBeforeParams{Before: pgtype.Timestamptz{Time: before, Valid: true}, MaxDocuments: max})
		deleted := make([]deletedDocument, len(rows))
		for i, row := range rows {
			deleted[i] = deletedDocument{row.ID, row.Type, row.RenterID, row.RentingID, domain.ReasonLegalPeriodOver}
		}
		return deleted, err
	})
}

// deletedDocument is a document a retention rule deleted, and why.
type deletedDocument struct {
	id       pgtype.UUID
	typ      string
	renterID int64
	renting  pgtype.UUID
	reason   string
}

// deleteAudited runs del in a transaction and audits each document it deleted.
func (r *Repository) deleteAudited(ctx context.Context, del func(*db.Queries) ([]deletedDocument, error)) (int, error) {
	var deleted int
	err := postgres.InTx(ctx, r.pool, func(tx pgx.Tx) error {
		documents, err := del(r.queries.WithTx(tx))
		if err != nil {
			return fmt.Errorf("retention: %w", err)
		}
		deleted = len(documents)
		return auditDeleted(ctx, tx, retentionActor, "deleteDocument", documents)
	})
	return deleted, err
}

// auditDeleted records in tx an audit entry of the action for each deleted document: what, when,
// why and who (actor), never the content.
func auditDeleted(ctx context.Context, tx pgx.Tx, actor, action string, documents []deletedDocument) error {
	for _, d := range documents {
		if err := audit.Record(ctx, tx, audit.Entry{
			Actor: actor, Action: action, Subject: "document/" + d.id.String(), Concerns: concerns.Renter(d.renterID),
			Details: map[string]any{"type": d.typ, "renting": d.renting.String(), "reason": d.reason},
		}); err != nil {
			return err
		}
	}
	return nil
}
