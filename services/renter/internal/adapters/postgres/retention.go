package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"semesterhaus/platform/audit"
	"semesterhaus/proto/audit/v1/concerns"
	"semesterhaus/services/renter/internal/adapters/postgres/db"
)

// ForgetRentingIn forgets in tx what a deleted renting leaves in this service: its e-mail tokens and
// its registration on the renter. A renter nothing refers to any more (no other registration, an
// address never confirmed, no token left) goes too, with the mails sent to them, audited. It tells
// whether the renter was deleted.
func ForgetRentingIn(ctx context.Context, tx pgx.Tx, rentingID string, renterID int64, actor string) (bool, error) {
	renting, err := toUUID(rentingID)
	if err != nil {
		return false, fmt.Errorf("deleted renting %q: %w", rentingID, err)
	}
	q := db.New(tx)
	if _, err := q.DeleteEmailTokensOfRenting(ctx, renting); err != nil {
		return false, fmt.Errorf("e-mail tokens of renting %s: %w", rentingID, err)
	}
	if err := q.ReleaseRegistration(ctx, renterID); err != nil {
		return false, fmt.Errorf("release registration of renter %d: %w", renterID, err)
	}
	deleted, err := q.DeleteRenterIfUnused(ctx, renterID)
	if err != nil || deleted == 0 {
		return false, err
	}
	mails, err := q.DeleteSentMailsOf(ctx, pgtype.Int8{Int64: renterID, Valid: true})
	if err != nil {
		return false, fmt.Errorf("mails of renter %d: %w", renterID, err)
	}
	return true, audit.Record(ctx, tx, audit.Entry{
		Actor: actor, Action: "forgetRenter", Subject: fmt.Sprintf("renter/%d", renterID), Concerns: concerns.Renter(renterID),
		Details: map[string]any{"renting": rentingID, "mails": mails, "reason": "nothing refers to the renter any more"},
	})
}
