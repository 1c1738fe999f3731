// Package postgres stores renters, e-mail tokens and outgoing mails in the renter service's
// PostgreSQL database, on sqlc-generated queries.
package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"semesterhaus/platform/audit"
	"semesterhaus/platform/postgres"
	"semesterhaus/proto/audit/v1/concerns"
	"semesterhaus/services/renter/internal/adapters/postgres/db"
	"semesterhaus/services/renter/internal/domain"
)

// Repository is the renter service's store; it owns its transactions.
type Repository struct {
	pool    *pgxpool.Pool
	queries *db.Queries
}

// NewRepository returns a repository on the pool.
func NewRepository(pool *pgxpool.Pool) *Repository {
	return &Repository{pool: pool, queries: db.New(pool)}
}

// Register creates the renter or counts a registration of the one with the same e-mail (whose data
// stays as it is), in one statement, so two bookings with a new e-mail at the same moment still make
// one renter.
func (r *Repository) Register(ctx context.Context, data domain.PersonalData) (int64, bool, error) {
	row, err := r.queries.RegisterRenterByEmail(ctx, registerParams(data))
	if err != nil {
		return 0, false, fmt.Errorf("register renter: %w", err)
	}
	return row.ID, row.Created, nil
}

// UpdatePersonalData changes a renter's personal data except the e-mail and audits the change as
// the renter's own (actor), in one transaction.
func (r *Repository) UpdatePersonalData(ctx context.Context, id int64, data domain.PersonalData, actor string) error {
	return postgres.InTx(ctx, r.pool, func(tx pgx.Tx) error {
		q := r.queries.WithTx(tx)
		before, err := lockRenter(ctx, q, id)
		if err != nil {
			return err
		}
		if _, err := q.UpdateRenterData(ctx, updateParams(id, data)); err != nil {
			return fmt.Errorf("update renter %d: %w", id, err)
		}
		after := before
		after.Data = data
		after.Data.Email = before.Data.Email
		return audit.Record(ctx, tx, audit.Entry{
			Actor: actor, Action: "applyPersonalData", Subject: fmt.Sprintf("renter/%d", id), Concerns: concerns.Renter(id),
			Details: map[string]any{"before": personalDataView(before.Data), "after": personalDataView(after.Data)},
		})
	})
}

// DeleteUnused releases one registration and deletes the renter when it is unused (see the query).
func (r *Repository) DeleteUnused(ctx context.Context, id int64) error {
	return postgres.InTx(ctx, r.pool, func(tx pgx.Tx) error {
		q := r.queries.WithTx(tx)
		if err := q.ReleaseRegistration(ctx, id); err != nil {
			return fmt.Errorf("release registration of renter %d: %w", id, err)
		}
		if _, err := q.DeleteRenterIfUnused(ctx, id); err != nil {
			return fmt.Errorf("delete unused renter %d: %w", id, err)
		}
		return nil
	})
}

// Renter loads one renter or returns domain.ErrNotFound.
func (r *Repository) Renter(ctx context.Context, id int64) (domain.Renter, error) {
	return loadRenter(ctx, r.queries, id)
}

func loadRenter(ctx context.Context, q *db.Queries, id int64) (domain.Renter, error) {
	row, err := q.GetRenter(ctx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.Renter{}, fmt.Errorf("renter %d: %w", id, domain.ErrNotFound)
	}
	if err != nil {
		return domain.Renter{}, fmt.Errorf("load renter %d: %w", id, err)
	}
	return renterFromDB(row), nil
}

// lockRenter loads one renter for update or returns domain.ErrNotFound.
func lockRenter(ctx context.Context, q *db.Queries, id int64) (domain.Renter, error) {
	row, err := q.LockRenter(ctx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.Renter{}, fmt.Errorf("renter %d: %w", id, domain.ErrNotFound)
	}
	if err != nil {
		return domain.Renter{}, fmt.Errorf("lock renter %d: %w", id, err)
	}
	return renterFromDB(row), nil
}

// Renters loads the renters of the ids that exist.
func (r *Repository) Renters(ctx context.Context, ids []int64) ([]domain.Renter, error) {
	rows, err := r.queries.ListRentersByIDs(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("load renters: %w", err)
	}
	renters := make([]domain.Renter, len(rows))
	for i, row := range rows {
		renters[i] = renterFromDB(row)
	}
	return renters, nil
}

// Summaries loads every renter's name and e-mail.
func (r *Repository) Summaries(ctx context.Context) ([]domain.Summary, error) {
	rows, err := r.queries.ListRenterSummaries(ctx)
	if err != nil {
		return nil, fmt.Errorf("load renters: %w", err)
	}
	summaries := make([]domain.Summary, len(rows))
	for i, row := range rows {
		summaries[i] = domain.Summary{ID: row.ID, FirstName: row.FirstName, LastName: row.LastName, Email: row.Email}
	}
	return summaries, nil
}

// EditRenter locks the renter, applies change and stores the result with an audit entry, all in
// one transaction.
func (r *Repository) EditRenter(ctx context.Context, id int64, actor string, change func(*domain.Renter) error) error {
	return postgres.InTx(ctx, r.pool, func(tx pgx.Tx) error {
		q := r.queries.WithTx(tx)
		renter, err := lockRenter(ctx, q, id)
		if err != nil {
			return err
		}
		before := renter
		if err := change(&renter); err != nil {
			return err
		}
		if err := q.UpdateRenterEdit(ctx, db.UpdateRenterEditParams{
			ID: id, FirstName: renter.Data.FirstName, LastName: renter.Data.LastName, Phone: renter.Data.Phone, Notes: renter.Notes,
		}); err != nil {
			return fmt.Errorf("update renter %d: %w", id, err)
		}
		return audit.Record(ctx, tx, audit.Entry{
			Actor: actor, Action: "updateRenter", Subject: fmt.Sprintf("renter/%d", id), Concerns: concerns.Renter(id),
			Details: map[string]any{"before": auditView(before), "after": auditView(renter)},
		})
	})
}

// personalDataView is what an audit entry of a form's data keeps: everything but the e-mail, which
// a form never changes.
func personalDataView(d domain.PersonalData) map[string]any {
	return map[string]any{
		"firstName": d.FirstName, "lastName": d.LastName, "street": d.Street, "zip": d.Zip, "city": d.City,
		"country": d.Country, "birthday": d.Birthday.Format(time.DateOnly), "phone": d.Phone,
		"nationality": d.Nationality, "gender": d.Gender, "language": d.Language,
	}
}

func auditView(r domain.Renter) map[string]any {
	return map[string]any{"firstName": r.Data.FirstName, "lastName": r.Data.LastName, "phone": r.Data.Phone, "notes": r.Notes}
}

// UseEmailToken reads the token with its renter's e-mail, lets use decide, and stores a first use:
// the token as used and the renter's e-mail as confirmed, in one statement. It takes no lock: of
// uses of one token at the same moment the statement stores the first, and use decides again for
// the others, now with a used token. Two round trips instead of a transaction's five matter when
// hundreds of renters confirm at once.
func (r *Repository) UseEmailToken(ctx context.Context, hash []byte, use func(*domain.EmailToken, string) error) error {
	row, err := r.queries.EmailTokenWithEmail(ctx, hash)
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("e-mail token: %w", domain.ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("read e-mail token: %w", err)
	}
	token := tokenFromDB(row.EmailToken)
	if err := use(&token, row.Email); err != nil {
		return err
	}
	if row.EmailToken.UsedAt.Valid || token.UsedAt == nil {
		return nil // used before: nothing changes
	}
	stored, err := r.queries.UseEmailToken(ctx, db.UseEmailTokenParams{Hash: hash, UsedAt: timestamptz(*token.UsedAt)})
	if err != nil {
		return fmt.Errorf("use e-mail token of renter %d: %w", token.RenterID, err)
	}
	if stored == 0 { // a concurrent use came first: decide again as for a token used before
		usedMeanwhile := tokenFromDB(row.EmailToken)
		usedMeanwhile.UsedAt = token.UsedAt // when exactly does not matter to use, only that it was used
		return use(&usedMeanwhile, row.Email)
	}
	return nil
}

// EntriesOfRenter returns this service's audit entries about the renter (edits), newest first.
func (r *Repository) EntriesOfRenter(ctx context.Context, renterID int64) ([]audit.Recorded, error) {
	return audit.Concerning(ctx, r.pool, concerns.Renter(renterID))
}
