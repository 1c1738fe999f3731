// Package postgres stores rentings and their log in the renting service's PostgreSQL database, on
// sqlc-generated queries. Every transition is stored with its log entry and its outbox event in one
// transaction.
package postgres

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"semesterhaus/platform/audit"
	"semesterhaus/platform/postgres"
	"semesterhaus/services/renting/internal/adapters/postgres/db"
	"semesterhaus/services/renting/internal/domain"
)

// Repository is the renting service's store; it owns its transactions.
type Repository struct {
	pool     *pgxpool.Pool
	queries  *db.Queries
	subjects string // events go out on <subjects>.state.<state> and <subjects>.deleted
}

// NewRepository returns a repository on the pool whose events use the subject prefix (the service
// uses "renting"; tests use their own, as streams on one NATS server may not share subjects).
func NewRepository(pool *pgxpool.Pool, subjectPrefix string) *Repository {
	return &Repository{pool: pool, queries: db.New(pool), subjects: subjectPrefix}
}

// Get loads one renting or returns domain.ErrNotFound.
func (r *Repository) Get(ctx context.Context, id string) (domain.Renting, error) {
	row, err := r.queries.GetRenting(ctx, id)
	if err != nil {
		return domain.Renting{}, rentingError(id, err)
	}
	return rentingFromDB(row), nil
}

// Create stores a new renting with its first log entry and event.
func (r *Repository) Create(ctx context.Context, renting *domain.Renting) error {
	return r.inTx(ctx, func(tx pgx.Tx, _ *db.Queries) error { return r.insert(ctx, tx, renting) })
}

// CreateRequest stores a new booking request with its first log entry, its event and the form it
// came with; the renter's other rentings of the semester are locked and handed to check first,
// which refuses by failing.
func (r *Repository) CreateRequest(ctx context.Context, renting *domain.Renting, form domain.RenterData, check func(others []*domain.Renting) error) error {
	return r.inTx(ctx, func(tx pgx.Tx, q *db.Queries) error {
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

// AdminCreate stores a new renting with an audit entry of the admin's action, in one transaction.
func (r *Repository) AdminCreate(ctx context.Context, renting *domain.Renting, actor, action string) error {
	return r.inTx(ctx, func(tx pgx.Tx, q *db.Queries) error {
		if err := r.insert(ctx, tx, renting); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{
			Actor: actor, Action: action, Subject: "renting/" + renting.ID, RenterID: renting.RenterID,
			Details: map[string]any{"state": renting.State, "apartmentId": renting.ApartmentID, "semesterId": renting.SemesterID},
		})
	})
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
		return q.InsertRenewalToken(ctx, db.InsertRenewalTokenParams{RentingID: renting.ID, Hash: domain.HashRenewalToken(renting.RenewalToken())})
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

// AdminUpdate is Update with an audit entry of the admin's action in the same transaction.
func (r *Repository) AdminUpdate(ctx context.Context, id, actor, action string, change func(*domain.Renting) error) error {
	return r.inTx(ctx, func(tx pgx.Tx, q *db.Queries) error {
		renting, err := r.update(ctx, tx, q, id, change)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{
			Actor: actor, Action: action, Subject: "renting/" + id, RenterID: renting.RenterID,
			Details: map[string]any{"state": renting.State},
		})
	})
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
// in one round trip.
func (r *Repository) store(ctx context.Context, tx pgx.Tx, renting *domain.Renting) error {
	if len(renting.Changes()) == 0 {
		return nil
	}
	err := r.write(ctx, tx, renting, func(q *db.Queries) error {
		err := q.UpdateRenting(ctx, db.UpdateRentingParams{
			ID: renting.ID, State: string(renting.State), ApartmentID: int32(renting.ApartmentID), UpdatedAt: renting.UpdatedAt,
			SigningLink: renting.SigningLink, PaymentLink: renting.PaymentLink, AccessKey: renting.AccessKey,
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
	return writes.Send(ctx, tx)
}

// DeleteApartment deletes every renting of the apartment in the semester (their log goes with them),
// announces each deletion and audits the whole, in one transaction.
func (r *Repository) DeleteApartment(ctx context.Context, apartmentID, semesterID int, actor string, at time.Time) ([]domain.Renting, error) {
	var deleted []domain.Renting
	err := r.inTx(ctx, func(tx pgx.Tx, q *db.Queries) error {
		rows, err := q.DeleteRentingsOfApartment(ctx, db.DeleteRentingsOfApartmentParams{ApartmentID: int32(apartmentID), SemesterID: int32(semesterID)})
		if err != nil {
			return fmt.Errorf("delete rentings of apartment %d in semester %d: %w", apartmentID, semesterID, err)
		}
		place := map[string]any{"apartmentId": apartmentID, "semesterId": semesterID}
		if len(rows) == 0 {
			return audit.Record(ctx, tx, audit.Entry{
				Actor: actor, Action: "freeApartment", Subject: fmt.Sprintf("apartment/%d/semester/%d", apartmentID, semesterID),
				Details: place,
			})
		}
		// One entry per deleted renting, so that each renter's log shows the deletion.
		for _, row := range rows {
			renting := rentingFromDB(row)
			deleted = append(deleted, renting)
			if err := r.enqueueDeleted(ctx, tx, renting, actor, at); err != nil {
				return err
			}
			if err := audit.Record(ctx, tx, audit.Entry{
				Actor: actor, Action: "freeApartment", Subject: "renting/" + renting.ID, RenterID: renting.RenterID,
				Details: map[string]any{"apartmentId": apartmentID, "semesterId": semesterID, "state": renting.State},
			}); err != nil {
				return err
			}
		}
		return nil
	})
	return deleted, err
}

// RenewalTokenHash returns the stored hash of a renewal's link token, or domain.ErrNotFound when
// the renting has none (it is no renewal, or does not exist).
func (r *Repository) RenewalTokenHash(ctx context.Context, rentingID string) ([]byte, error) {
	hash, err := r.queries.GetRenewalTokenHash(ctx, rentingID)
	if err != nil {
		return nil, rentingError(rentingID, err)
	}
	return hash, nil
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
		err := q.InsertRenewalToken(ctx, db.InsertRenewalTokenParams{RentingID: renewal.ID, Hash: domain.HashRenewalToken(renewal.RenewalToken())})
		if err != nil {
			return fmt.Errorf("store the renewal token of renting %s: %w", renewal.ID, err)
		}
		again := domain.Transition{RentingID: renewal.ID, From: domain.RenewalRequest, To: domain.RenewalRequest, At: at}
		return r.enqueueStateChanged(ctx, tx, *renewal, again)
	})
}

// RentingsOfRenter loads every renting of a renter, oldest first.
func (r *Repository) RentingsOfRenter(ctx context.Context, renterID int64) ([]domain.Renting, error) {
	rows, err := r.queries.ListRentingsOfRenter(ctx, renterID)
	return rentingsFromDB(rows, err)
}

// LogOfRenter loads the log of every renting of a renter, in order.
func (r *Repository) LogOfRenter(ctx context.Context, renterID int64) ([]domain.LogEntry, error) {
	rows, err := r.queries.ListLogOfRenter(ctx, renterID)
	if err != nil {
		return nil, fmt.Errorf("load the log of renter %d: %w", renterID, err)
	}
	log := make([]domain.LogEntry, len(rows))
	for i, row := range rows {
		log[i] = logEntryFromDB(row)
	}
	return log, nil
}

// ApartmentHeld reports whether a renting holds the apartment in the semester.
func (r *Repository) ApartmentHeld(ctx context.Context, apartmentID, semesterID int) (bool, error) {
	_, held, err := apartmentHolder(ctx, r.queries, apartmentID, semesterID)
	return held, err
}

// apartmentHolder returns the id of the renting that holds the apartment in the semester, if one does.
func apartmentHolder(ctx context.Context, q *db.Queries, apartmentID, semesterID int) (id string, held bool, err error) {
	id, err = q.ApartmentHolder(ctx, db.ApartmentHolderParams{ApartmentID: int32(apartmentID), SemesterID: int32(semesterID)})
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return "", false, nil
	case err != nil:
		return "", false, fmt.Errorf("holder of apartment %d: %w", apartmentID, err)
	}
	return id, true, nil
}

// RentingsOfSemester loads every renting of a semester.
func (r *Repository) RentingsOfSemester(ctx context.Context, semesterID int) ([]domain.Renting, error) {
	rows, err := r.queries.ListRentingsOfSemester(ctx, int32(semesterID))
	return rentingsFromDB(rows, err)
}

// RentingsInState loads the rentings of the semesters that are in the state.
func (r *Repository) RentingsInState(ctx context.Context, state domain.State, semesterIDs []int) ([]domain.Renting, error) {
	rows, err := r.queries.ListRentingsInState(ctx, db.ListRentingsInStateParams{State: string(state), SemesterIds: int32s(semesterIDs)})
	return rentingsFromDB(rows, err)
}

func int32s(ids []int) []int32 {
	out := make([]int32, len(ids))
	for i, id := range ids {
		out[i] = int32(id)
	}
	return out
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

// RequestsCreatedBefore returns the ids of booking requests still unconfirmed that were made before t.
func (r *Repository) RequestsCreatedBefore(ctx context.Context, t time.Time) ([]string, error) {
	ids, err := r.queries.ListRequestsCreatedBefore(ctx, t)
	if err != nil {
		return nil, fmt.Errorf("load unconfirmed requests: %w", err)
	}
	return ids, nil
}

// RenterHasRenting reports whether the renter has any renting in the semester.
func (r *Repository) RenterHasRenting(ctx context.Context, renterID int64, semesterID int) (bool, error) {
	has, err := r.queries.RenterHasRentingInSemester(ctx, db.RenterHasRentingInSemesterParams{RenterID: renterID, SemesterID: int32(semesterID)})
	if err != nil {
		return false, fmt.Errorf("look up rentings of renter %d: %w", renterID, err)
	}
	return has, nil
}

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

func (r *Repository) inTx(ctx context.Context, fn func(pgx.Tx, *db.Queries) error) error {
	err := postgres.InTx(ctx, r.pool, func(tx pgx.Tx) error { return fn(tx, r.queries.WithTx(tx)) })
	return uniqueViolation(err)
}

// uniqueViolation turns a violation of the partial unique indexes into the domain's errors: the
// database, not the application, decides who holds an apartment.
func uniqueViolation(err error) error {
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "23505" {
		return err
	}
	switch pgErr.ConstraintName {
	case "renting_holds_apartment":
		return fmt.Errorf("%w: %s", domain.ErrApartmentTaken, pgErr.Detail)
	case "renting_holds_renter":
		return fmt.Errorf("%w: %s", domain.ErrRenterHoldsApartment, pgErr.Detail)
	default:
		return err
	}
}

func rentingError(id string, err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("renting %s: %w", id, domain.ErrNotFound)
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "22P02" { // not a UUID: no such renting either
		return fmt.Errorf("renting %q: %w", id, domain.ErrNotFound)
	}
	return fmt.Errorf("load renting %s: %w", id, err)
}
