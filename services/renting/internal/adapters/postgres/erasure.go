package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"semesterhaus/platform/audit"
	"semesterhaus/proto/audit/v1/concerns"
	"semesterhaus/services/renting/internal/adapters/postgres/db"
)

// EraseRenterIn erases in tx what this service keeps of a renter whose erasure an admin executed
// (renter.erased) and no retention duty keeps: the forms of their booking requests not confirmed
// yet (name, address, birthday, …). The rentings and their logs stay: they hold ids, states and
// times only, and record the contracts and payments kept for the legal period. Audited with the
// count, never the content.
func EraseRenterIn(ctx context.Context, tx pgx.Tx, renterID int64, actor string) error {
	forms, err := db.New(tx).DeleteBookingRequestFormsOfRenter(ctx, renterID)
	if err != nil {
		return fmt.Errorf("erase the booking request forms of renter %d: %w", renterID, err)
	}
	return audit.Record(ctx, tx, audit.Entry{
		Actor: actor, Action: "eraseRenterData", Subject: fmt.Sprintf("renter/%d", renterID), Concerns: concerns.Renter(renterID),
		Details: map[string]any{
			"reason":              "the renter's erasure request (GDPR art. 17)",
			"bookingRequestForms": forms,
			"kept":                "rentings and their logs: ids, states and times of the contracts and payments kept for the legal period",
		},
	})
}
