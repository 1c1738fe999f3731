package postgres

import (
	"context"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"

	"semesterhaus/platform/postgres"
	"semesterhaus/services/renting/internal/adapters/postgres/db"
	"semesterhaus/services/renting/internal/domain"
)

// Create stores a new renting with its first log entry and event.
func (r *Repository) Create(ctx context.Context, renting *domain.Renting) error {
	return r.inTx(ctx, func(tx pgx.Tx, _ *db.Queries) error { return r.insert(ctx, tx, renting) })
}

// CreateRequest stores a new booking request with its first log entry, its event (which mails the
// confirmation link) and the form it came with, and counts the mail to the address; an address that
// got its limit of mails is refused first (*domain.TooManyMailsError). The renter's other rentings
// of the semester are locked and handed to check, which refuses by failing.
func (r *Repository) CreateRequest(ctx context.Context, renting *domain.Renting, form domain.RenterData, mail domain.AddressMail, check func(others []*domain.Renting) error) error {
	return r.inTx(ctx, func(tx pgx.Tx, q *db.Queries) error {
		if err := checkAddress(ctx, q, mail); err != nil {
			return err
		}
		if err := countAddressMail(ctx, q, mail); err != nil {
			return err
		}
		others, err := lockRentingsOfRenter(ctx, q, renting.RenterID, renting.SemesterID)
		if err != nil {
			return err
		}
		if err := check(others); err != nil {
			return err
		}
		if err := r.insert(ctx, tx, renting); err != nil {
			return err
		}
		if err := q.InsertBookingRequestForm(ctx, db.InsertBookingRequestFormParams{RentingID: renting.ID, Form: formToDB(form)}); err != nil {
			return fmt.Errorf("store the form of booking request %s: %w", renting.ID, err)
		}
		return nil
	})
}

// NotifyHolder enqueues the notice to the renter of holding that somebody asked to book with their
// address (a ReminderDue of domain.StepBookingAttempt) and counts the mail to the address, as
// CreateRequest counts a confirmation link: refused the same way over the limit.
func (r *Repository) NotifyHolder(ctx context.Context, holding domain.Renting, mail domain.AddressMail) error {
	return r.inTx(ctx, func(tx pgx.Tx, q *db.Queries) error {
		if err := checkAddress(ctx, q, mail); err != nil {
			return err
		}
		if err := countAddressMail(ctx, q, mail); err != nil {
			return err
		}
		return r.enqueueReminderDue(ctx, tx, holding, domain.StepBookingAttempt, mail.At)
	})
}

// RequestForm returns the form a booking request came with, or domain.ErrNotFound once the renting
// left APARTMENT_REQUESTED (or for a request made before forms were kept).
func (r *Repository) RequestForm(ctx context.Context, rentingID string) (domain.RenterData, error) {
	form, err := r.queries.GetBookingRequestForm(ctx, rentingID)
	if err != nil {
		return domain.RenterData{}, rentingError(rentingID, err)
	}
	return formFromDB(form)
}

// Confirm locks the renter's rentings of the renting's semester (in one order, so that two
// confirmations of one renter wait for each other instead of deadlocking), tells change whether
// another renting holds the renting's apartment, and stores what change did to the renting and to
// the others in one transaction.
func (r *Repository) Confirm(ctx context.Context, id string, change func(renting *domain.Renting, apartmentHeld bool, others []*domain.Renting) error) error {
	return r.inTx(ctx, func(tx pgx.Tx, q *db.Queries) error {
		row, err := q.GetRenting(ctx, id) // renter and semester never change: safe to read unlocked
		if err != nil {
			return rentingError(id, err)
		}
		rentings, err := lockRentingsOfRenter(ctx, q, row.RenterID, int(row.SemesterID))
		if err != nil {
			return err
		}
		i := slices.IndexFunc(rentings, func(o *domain.Renting) bool { return o.ID == id })
		if i < 0 {
			return fmt.Errorf("renting %s: %w", id, domain.ErrNotFound) // deleted meanwhile
		}
		renting, others := rentings[i], slices.Delete(slices.Clone(rentings), i, i+1)
		holder, held, err := apartmentHolder(ctx, q, renting.ApartmentID, renting.SemesterID)
		if err != nil {
			return err
		}
		if err := change(renting, held && holder != renting.ID, others); err != nil {
			return err
		}
		for _, o := range rentings {
			if err := r.store(ctx, tx, o); err != nil {
				return err
			}
		}
		return nil
	})
}

// lockRentingsOfRenter loads the renter's rentings of the semester for update, oldest first.
func lockRentingsOfRenter(ctx context.Context, q *db.Queries, renterID int64, semesterID int) ([]*domain.Renting, error) {
	rows, err := q.LockRentingsOfRenterInSemester(ctx, db.LockRentingsOfRenterInSemesterParams{
		RenterID: renterID, SemesterID: int32(semesterID),
	})
	if err != nil {
		return nil, fmt.Errorf("lock the rentings of renter %d: %w", renterID, err)
	}
	rentings := make([]*domain.Renting, len(rows))
	for i, row := range rows {
		renting := rentingFromDB(row)
		rentings[i] = &renting
	}
	return rentings, nil
}

// insert writes a new renting with its first log entry and event (and a renewal's token hash), in
// one round trip.
func (r *Repository) insert(ctx context.Context, tx pgx.Tx, renting *domain.Renting) error {
	err := r.write(ctx, tx, renting, func(q *db.Queries) error {
		err := q.InsertRenting(ctx, db.InsertRentingParams{
			ID: renting.ID, RenterID: renting.RenterID, ApartmentID: int32(renting.ApartmentID),
			SemesterID: int32(renting.SemesterID), State: string(renting.State), Renewal: renting.Renewal,
			CreatedAt: renting.CreatedAt, UpdatedAt: renting.UpdatedAt,
		})
		if err != nil || renting.RenewalToken() == "" {
			return err
		}
		return q.InsertRenewalToken(ctx, db.InsertRenewalTokenParams{RentingID: renting.ID, Hash: domain.HashLinkToken(renting.RenewalToken())})
	})
	if err != nil {
		return fmt.Errorf("insert renting %s: %w", renting.ID, err)
	}
	return nil
}

// Update locks the renting, lets change move it and stores its transitions.
func (r *Repository) Update(ctx context.Context, id string, change func(*domain.Renting) error) error {
	return r.inTx(ctx, func(tx pgx.Tx, q *db.Queries) error {
		_, err := r.update(ctx, tx, q, id, change)
		return err
	})
}

// In returns the repository's Update inside tx, a transaction the caller owns: an event consumer
// stores a transition in the transaction that records the event as processed.
func (r *Repository) In(tx pgx.Tx) *TxRepository {
	return &TxRepository{repo: r, tx: tx}
}

// TxRepository updates rentings inside a transaction it does not own.
type TxRepository struct {
	repo *Repository
	tx   pgx.Tx
}

// Update is Repository.Update in the caller's transaction. It runs in a savepoint: a failed statement
// (a malformed id) would otherwise abort the caller's transaction, which must still commit when the
// caller decides to drop the event.
func (t *TxRepository) Update(ctx context.Context, id string, change func(*domain.Renting) error) error {
	err := pgx.BeginFunc(ctx, t.tx, func(sp pgx.Tx) error {
		_, err := t.repo.update(ctx, sp, t.repo.queries.WithTx(sp), id, change)
		return err
	})
	return uniqueViolation(err)
}

func (r *Repository) update(ctx context.Context, tx pgx.Tx, q *db.Queries, id string, change func(*domain.Renting) error) (domain.Renting, error) {
	row, err := q.LockRenting(ctx, id)
	if err != nil {
		return domain.Renting{}, rentingError(id, err)
	}
	renting := rentingFromDB(row)
	if err := change(&renting); err != nil {
		return domain.Renting{}, err
	}
	return renting, r.store(ctx, tx, &renting)
}

// store writes a loaded renting's transitions, if it has any: the new state, a log entry and an
// event each, and for a renting that left APARTMENT_REQUESTED the deletion of its request's form,
// in one round trip. Changed money marks alone are written without a log entry or an event.
func (r *Repository) store(ctx context.Context, tx pgx.Tx, renting *domain.Renting) error {
	if len(renting.Changes()) == 0 && !renting.MarksChanged() {
		return nil
	}
	items, err := contractItemsToDB(renting.ContractPrice.Items)
	if err != nil {
		return fmt.Errorf("encode the contract items of renting %s: %w", renting.ID, err)
	}
	reason, refundCents, actor := cancellationToDB(renting.Cancellation)
	err = r.write(ctx, tx, renting, func(q *db.Queries) error {
		err := q.UpdateRenting(ctx, db.UpdateRentingParams{
			ID: renting.ID, State: string(renting.State), ApartmentID: int32(renting.ApartmentID), UpdatedAt: renting.UpdatedAt,
			SigningLink: renting.SigningLink, PaymentLink: renting.PaymentLink, AccessKey: renting.AccessKey,
			ContractTotalCents: renting.ContractPrice.Cents, ContractCurrency: renting.ContractPrice.Currency, ContractItems: items,
			CancellationReason: reason, CancellationRefundCents: refundCents, CancellationActor: actor,
			InPayment: renting.Money.InPayment, DisputedSince: nullableTime(renting.Money.DisputedSince), DisputeStatus: renting.Money.DisputeStatus,
			RefundFailedSince: nullableTime(renting.Money.RefundFailedSince), RefundFailure: renting.Money.RefundFailure,
		})
		if err != nil || !renting.LeftRequest() {
			return err
		}
		return q.DeleteBookingRequestForm(ctx, renting.ID) // applied on confirmation, or never to be
	})
	if err != nil {
		return fmt.Errorf("update renting %s: %w", renting.ID, err)
	}
	return nil
}

// write sends the renting's row (written by row), a log entry and an event for each of its
// transitions to the database in one round trip.
func (r *Repository) write(ctx context.Context, tx pgx.Tx, renting *domain.Renting, row func(*db.Queries) error) error {
	var writes postgres.Pipeline
	q := db.New(&writes)
	if err := row(q); err != nil {
		return err
	}
	for _, t := range renting.Changes() {
		if err := q.AppendLog(ctx, db.AppendLogParams{RentingID: t.RentingID, State: string(t.To), At: t.At}); err != nil {
			return err
		}
		if err := r.enqueueStateChanged(ctx, &writes, *renting, t); err != nil {
			return err
		}
	}
	if !renting.ReissuedAt().IsZero() {
		if err := r.enqueueContractReissued(ctx, &writes, *renting); err != nil {
			return err
		}
	}
	return writes.Send(ctx, tx)
}
