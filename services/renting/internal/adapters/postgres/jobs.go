package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"semesterhaus/platform/audit"
	"semesterhaus/proto/audit/v1/concerns"
	"semesterhaus/services/renting/internal/adapters/postgres/db"
	"semesterhaus/services/renting/internal/domain"
)

// jobLockID is the advisory lock ("rentjob" in ASCII) that lets one replica at a time run the job.
const jobLockID = 0x72656e746a6f62

// Exclusively runs job while holding a session advisory lock on a connection of its own; when
// another replica holds it, job does not run.
func (r *Repository) Exclusively(ctx context.Context, job func(context.Context) error) (bool, error) {
	conn, err := r.pool.Acquire(ctx)
	if err != nil {
		return false, fmt.Errorf("job lock: %w", err)
	}
	defer conn.Release()
	var locked bool
	if err := conn.QueryRow(ctx, "SELECT pg_try_advisory_lock($1)", jobLockID).Scan(&locked); err != nil || !locked {
		return false, err
	}
	defer func() {
		if _, err := conn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", jobLockID); err != nil {
			conn.Conn().Close(context.WithoutCancel(ctx)) // closing the session frees the lock
		}
	}()
	return true, job(ctx)
}

// RequestsCreatedBefore returns the ids of booking requests still unconfirmed that were made before t.
func (r *Repository) RequestsCreatedBefore(ctx context.Context, t time.Time) ([]string, error) {
	ids, err := r.queries.ListRequestsCreatedBefore(ctx, t)
	if err != nil {
		return nil, fmt.Errorf("load unconfirmed requests: %w", err)
	}
	return ids, nil
}

// RenewalsWithoutToken loads the renewals waiting for their answer that have no renewal token.
func (r *Repository) RenewalsWithoutToken(ctx context.Context) ([]domain.Renting, error) {
	rows, err := r.queries.ListRenewalsWithoutToken(ctx)
	return rentingsFromDB(rows, err)
}

// AnnounceRenewalToken stores the hash of the renewal's newly issued token and announces the renewal
// again with it (renting.state.renewal_request, from and to RENEWAL_REQUEST, no log entry: the state
// does not change), in one transaction, so that the renter gets the renewal mail with a working link.
func (r *Repository) AnnounceRenewalToken(ctx context.Context, renewal *domain.Renting, at time.Time) error {
	return r.inTx(ctx, func(tx pgx.Tx, q *db.Queries) error {
		err := q.InsertRenewalToken(ctx, db.InsertRenewalTokenParams{RentingID: renewal.ID, Hash: domain.HashLinkToken(renewal.RenewalToken())})
		if err != nil {
			return fmt.Errorf("store the renewal token of renting %s: %w", renewal.ID, err)
		}
		again := domain.Transition{RentingID: renewal.ID, From: domain.RenewalRequest, To: domain.RenewalRequest, At: at}
		return r.enqueueStateChanged(ctx, tx, *renewal, again)
	})
}

// KeyCodesDue returns the paid rentings of the semesters whose key code was not announced yet.
func (r *Repository) KeyCodesDue(ctx context.Context, semesterIDs []int) ([]domain.Renting, error) {
	rows, err := r.queries.ListKeyCodesDue(ctx, int32s(semesterIDs))
	return rentingsFromDB(rows, err)
}

// AnnounceKeyCode marks the renting's key code as announced and enqueues its KeyCodeDue event, in
// one transaction. A renting no longer paid or announced already (by another replica) is left alone.
func (r *Repository) AnnounceKeyCode(ctx context.Context, id string, moveIn, at time.Time) error {
	return r.inTx(ctx, func(tx pgx.Tx, q *db.Queries) error {
		row, err := q.MarkKeyCodeAnnounced(ctx, db.MarkKeyCodeAnnouncedParams{ID: id, KeyCodeAnnouncedAt: pgtype.Timestamptz{Time: at, Valid: true}})
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("announce key code of renting %s: %w", id, err)
		}
		return r.enqueueKeyCodeDue(ctx, tx, rentingFromDB(row), moveIn)
	})
}

// RemindersDue returns the rentings of the semesters that wait in the step's state since before
// enteredBefore and whose renter was not reminded of the step yet.
func (r *Repository) RemindersDue(ctx context.Context, step domain.Step, enteredBefore time.Time, semesterIDs []int) ([]domain.Renting, error) {
	rows, err := r.queries.ListRemindersDue(ctx, db.ListRemindersDueParams{
		State: string(step.WaitsIn()), Step: string(step), EnteredBefore: enteredBefore, SemesterIds: int32s(semesterIDs),
	})
	return rentingsFromDB(rows, err)
}

// Remind records that the renting's renter is reminded of the step and enqueues the ReminderDue
// event, in one transaction, with the hash of the renewal reminder's token when the renting carries
// one. A renting that left the step's state or was reminded already (by another replica) is left
// alone.
func (r *Repository) Remind(ctx context.Context, renting *domain.Renting, step domain.Step, at time.Time) error {
	return r.inTx(ctx, func(tx pgx.Tx, q *db.Queries) error {
		_, err := q.InsertReminder(ctx, db.InsertReminderParams{RentingID: renting.ID, Step: string(step), State: string(step.WaitsIn()), SentAt: at})
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("remind renting %s of %s: %w", renting.ID, step, err)
		}
		if token := renting.RenewalToken(); token != "" {
			if err := q.InsertRenewalToken(ctx, db.InsertRenewalTokenParams{RentingID: renting.ID, Hash: domain.HashLinkToken(token)}); err != nil {
				return fmt.Errorf("store the renewal reminder's token of renting %s: %w", renting.ID, err)
			}
		}
		return r.enqueueReminderDue(ctx, tx, *renting, step, at)
	})
}

// ForgetRequests deletes at most max booking requests that were cancelled before `before` without
// ever being confirmed (their log and form go with them), announces each deletion (renting.deleted,
// which lets the renter service forget the renter) and audits it, in one transaction.
func (r *Repository) ForgetRequests(ctx context.Context, before, at time.Time, max int32) (int, error) {
	var forgotten int
	err := r.inTx(ctx, func(tx pgx.Tx, q *db.Queries) error {
		rows, err := q.DeleteForgottenRequests(ctx, db.DeleteForgottenRequestsParams{
			Before: before, MaxRentings: max,
		})
		if err != nil {
			return fmt.Errorf("delete requests cancelled unconfirmed: %w", err)
		}
		for _, row := range rows {
			renting := rentingFromDB(row)
			if err := r.enqueueDeleted(ctx, tx, renting, retentionActor, at); err != nil {
				return err
			}
			if err := audit.Record(ctx, tx, audit.Entry{
				Actor: retentionActor, Action: "forgetRequest", Subject: "renting/" + renting.ID, Concerns: concerns.Renter(renting.RenterID),
				Details: map[string]any{"apartmentId": renting.ApartmentID, "semesterId": renting.SemesterID, "reason": "never confirmed"},
			}); err != nil {
				return err
			}
		}
		forgotten = len(rows)
		return nil
	})
	return forgotten, err
}

// retentionActor is who the audit log and renting.deleted name for deletions by the retention rules.
const retentionActor = "retention"
