package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"semesterhaus/platform/audit"
	"semesterhaus/proto/audit/v1/concerns"
	"semesterhaus/services/document/internal/adapters/postgres/db"
)

// erasureReason is why an erased renter's papers go.
const erasureReason = "the renter's erasure request (GDPR art. 17)"

// EraseRenterIn deletes in tx what this service keeps of a renter whose erasure an admin executed
// (renter.erased) and no retention duty keeps: their identity card copies, enrollment certificates
// and other papers, each audited (eraseDocument: actor, type, renting, reason), and the uploads of
// their requests never confirmed. Contracts and signed contracts stay for the legal retention
// period (CONTRACT_RETENTION). A summary entry says what went and what stayed, never the content.
func EraseRenterIn(ctx context.Context, tx pgx.Tx, renterID int64, actor string) error {
	q := db.New(tx)
	rows, err := q.DeleteRenterPapers(ctx, renterID)
	if err != nil {
		return fmt.Errorf("erase the papers of renter %d: %w", renterID, err)
	}
	deleted := make([]deletedDocument, len(rows))
	for i, row := range rows {
		deleted[i] = deletedDocument{row.ID, row.Type, row.RenterID, row.RentingID, erasureReason}
	}
	if err := auditDeleted(ctx, tx, actor, "eraseDocument", deleted); err != nil {
		return err
	}
	pending, err := q.DeleteRenterPendingUploads(ctx, renterID)
	if err != nil {
		return fmt.Errorf("erase the pending uploads of renter %d: %w", renterID, err)
	}
	return audit.Record(ctx, tx, audit.Entry{
		Actor: actor, Action: "eraseRenterData", Subject: fmt.Sprintf("renter/%d", renterID), Concerns: concerns.Renter(renterID),
		Details: map[string]any{
			"reason": erasureReason, "documents": len(rows), "pendingUploads": pending,
			"kept": "contracts and signed contracts, for the legal retention period",
		},
	})
}
