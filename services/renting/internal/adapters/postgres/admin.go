package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"semesterhaus/platform/audit"
	"semesterhaus/proto/audit/v1/concerns"
	"semesterhaus/services/renting/internal/adapters/postgres/db"
	"semesterhaus/services/renting/internal/domain"
)

// AdminCreate stores a new renting with an audit entry of the admin's action, in one transaction.
func (r *Repository) AdminCreate(ctx context.Context, renting *domain.Renting, actor, action string) error {
	return r.inTx(ctx, func(tx pgx.Tx, q *db.Queries) error {
		if err := r.insert(ctx, tx, renting); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{
			Actor: actor, Action: action, Subject: "renting/" + renting.ID, Concerns: concerns.Renter(renting.RenterID),
			Details: map[string]any{"state": renting.State, "apartmentId": renting.ApartmentID, "semesterId": renting.SemesterID},
		})
	})
}

// AdminUpdate is Update with an audit entry of the admin's action in the same transaction.
func (r *Repository) AdminUpdate(ctx context.Context, id, actor, action string, change func(*domain.Renting) error) error {
	return r.inTx(ctx, func(tx pgx.Tx, q *db.Queries) error {
		renting, err := r.update(ctx, tx, q, id, change)
		if err != nil {
			return err
		}
		details := map[string]any{"state": renting.State}
		if c := renting.Cancellation; c != nil { // the office's cancellation: its reason and its money
			details["reason"], details["refundCents"] = c.Reason, c.RefundCents
		}
		return audit.Record(ctx, tx, audit.Entry{
			Actor: actor, Action: action, Subject: "renting/" + id, Concerns: concerns.Renter(renting.RenterID),
			Details: details,
		})
	})
}

// DeleteApartment deletes every renting of the apartment in the semester (their log goes with them),
// announces each deletion and audits the whole, in one transaction, unless refuse refuses one of them.
func (r *Repository) DeleteApartment(ctx context.Context, apartmentID, semesterID int, actor string, at time.Time, refuse func(domain.Renting) error) ([]domain.Renting, error) {
	var deleted []domain.Renting
	err := r.inTx(ctx, func(tx pgx.Tx, q *db.Queries) error {
		rows, err := q.DeleteRentingsOfApartment(ctx, db.DeleteRentingsOfApartmentParams{ApartmentID: int32(apartmentID), SemesterID: int32(semesterID)})
		if err != nil {
			return fmt.Errorf("delete rentings of apartment %d in semester %d: %w", apartmentID, semesterID, err)
		}
		place := map[string]any{"apartmentId": apartmentID, "semesterId": semesterID}
		if len(rows) == 0 {
			return audit.Record(ctx, tx, audit.Entry{
				Actor: actor, Action: "freeApartment", Subject: placeSubject(apartmentID, semesterID),
				Details: place,
			})
		}
		// One entry per deleted renting, so that each renter's log shows the deletion.
		for _, row := range rows {
			renting := rentingFromDB(row)
			if err := refuse(renting); err != nil {
				return err // the deletion rolls back with the transaction
			}
			deleted = append(deleted, renting)
			if err := r.enqueueDeleted(ctx, tx, renting, actor, at); err != nil {
				return err
			}
			if err := audit.Record(ctx, tx, audit.Entry{
				Actor: actor, Action: "freeApartment", Subject: "renting/" + renting.ID, Concerns: concerns.Renter(renting.RenterID),
				Details: map[string]any{"apartmentId": apartmentID, "semesterId": semesterID, "state": renting.State},
			}); err != nil {
				return err
			}
		}
		return nil
	})
	return deleted, err
}
