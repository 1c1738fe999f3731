// Package postgres stores the catalog in its PostgreSQL database, on sqlc-generated queries.
package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"semesterhaus/platform/audit"
	"semesterhaus/platform/postgres"
	"semesterhaus/services/catalog/internal/adapters/postgres/db"
	"semesterhaus/services/catalog/internal/domain"
)

// Repository is the catalog's store; it owns its transactions.
type Repository struct {
	pool    *pgxpool.Pool
	queries *db.Queries
}

// NewRepository returns a repository on the pool.
func NewRepository(pool *pgxpool.Pool) *Repository {
	return &Repository{pool: pool, queries: db.New(pool)}
}

// Building loads the building with its floors and apartments, each sorted by id.
func (r *Repository) Building(ctx context.Context) (domain.Building, error) {
	row, err := r.queries.GetBuilding(ctx)
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.Building{}, fmt.Errorf("building: %w", domain.ErrNotFound)
	}
	if err != nil {
		return domain.Building{}, fmt.Errorf("load building: %w", err)
	}
	floors, err := r.queries.ListFloors(ctx)
	if err != nil {
		return domain.Building{}, fmt.Errorf("load floors: %w", err)
	}
	apartments, err := r.apartments(ctx)
	if err != nil {
		return domain.Building{}, err
	}
	return buildingFromDB(row, floors, apartments), nil
}

func (r *Repository) apartments(ctx context.Context) ([]domain.Apartment, error) {
	rows, err := r.queries.ListApartments(ctx)
	if err != nil {
		return nil, fmt.Errorf("load apartments: %w", err)
	}
	pictures, err := r.queries.ListPictures(ctx)
	if err != nil {
		return nil, fmt.Errorf("load pictures: %w", err)
	}
	byApartment := make(map[int32][]db.Picture)
	for _, p := range pictures {
		byApartment[p.ApartmentID] = append(byApartment[p.ApartmentID], p)
	}
	apartments := make([]domain.Apartment, len(rows))
	for i, row := range rows {
		if apartments[i], err = apartmentFromDB(row.Apartment, row.FloorName, byApartment[row.Apartment.ID]); err != nil {
			return nil, err
		}
	}
	return apartments, nil
}

// Apartment loads one apartment or returns domain.ErrNotFound.
func (r *Repository) Apartment(ctx context.Context, id int) (domain.Apartment, error) {
	row, err := r.queries.GetApartment(ctx, int32(id))
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.Apartment{}, fmt.Errorf("apartment %d: %w", id, domain.ErrNotFound)
	}
	if err != nil {
		return domain.Apartment{}, fmt.Errorf("load apartment %d: %w", id, err)
	}
	pictures, err := r.queries.ListPicturesOfApartment(ctx, int32(id))
	if err != nil {
		return domain.Apartment{}, fmt.Errorf("load pictures of apartment %d: %w", id, err)
	}
	return apartmentFromDB(row.Apartment, row.FloorName, pictures)
}

// Semesters loads every semester.
func (r *Repository) Semesters(ctx context.Context) ([]domain.Semester, error) {
	rows, err := r.queries.ListSemesters(ctx)
	if err != nil {
		return nil, fmt.Errorf("load semesters: %w", err)
	}
	semesters := make([]domain.Semester, len(rows))
	for i, row := range rows {
		semesters[i] = semesterFromDB(row)
	}
	return semesters, nil
}

// Semester loads one semester or returns domain.ErrNotFound.
func (r *Repository) Semester(ctx context.Context, id int) (domain.Semester, error) {
	row, err := r.queries.GetSemester(ctx, int32(id))
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.Semester{}, fmt.Errorf("semester %d: %w", id, domain.ErrNotFound)
	}
	if err != nil {
		return domain.Semester{}, fmt.Errorf("load semester %d: %w", id, err)
	}
	return semesterFromDB(row), nil
}

// UpdateApartment locks the apartment, applies change and stores the result with an audit entry, all
// in one transaction.
func (r *Repository) UpdateApartment(ctx context.Context, id int, actor string, change func(*domain.Apartment) error) error {
	return postgres.InTx(ctx, r.pool, func(tx pgx.Tx) error {
		q := r.queries.WithTx(tx)
		apartment, err := lockApartment(ctx, q, id, false)
		if err != nil {
			return err
		}
		before := apartment
		if err := change(&apartment); err != nil {
			return err
		}
		if err := q.UpdateApartment(ctx, db.UpdateApartmentParams{
			ID: int32(id), DescriptionDe: apartment.DescriptionDe, DescriptionEn: apartment.DescriptionEn,
			RentCents: apartment.RentPerMonth.Cents(), DepositCents: apartment.Deposit.Cents(),
			CleaningCents: apartment.CleaningFee.Cents(),
		}); err != nil {
			return fmt.Errorf("update apartment %d: %w", id, err)
		}
		return audit.Record(ctx, tx, audit.Entry{
			Actor: actor, Action: "updateApartment", Subject: fmt.Sprintf("apartment/%d", id),
			Details: map[string]any{"before": auditView(before), "after": auditView(apartment)},
		})
	})
}

// UpdatePictures locks the apartment, lets change modify its pictures and stores them (their order,
// descriptions, and which are left) with an audit entry, all in one transaction.
func (r *Repository) UpdatePictures(ctx context.Context, id int, actor string, change func(*domain.Apartment) error) error {
	return postgres.InTx(ctx, r.pool, func(tx pgx.Tx) error {
		q := r.queries.WithTx(tx)
		apartment, err := lockApartment(ctx, q, id, true)
		if err != nil {
			return err
		}
		before := apartment.Pictures
		if err := change(&apartment); err != nil {
			return err
		}
		if err := q.DeletePicturesOfApartment(ctx, int32(id)); err != nil {
			return fmt.Errorf("delete pictures of apartment %d: %w", id, err)
		}
		if err := insertPictures(ctx, q, apartment); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{
			Actor: actor, Action: "updateApartmentPictures", Subject: fmt.Sprintf("apartment/%d", id),
			Details: map[string]any{"before": auditPictures(before), "after": auditPictures(apartment.Pictures)},
		})
	})
}

// lockApartment locks the apartment's row for the transaction and loads it, with its pictures when
// asked; a missing apartment is domain.ErrNotFound.
func lockApartment(ctx context.Context, q *db.Queries, id int, withPictures bool) (domain.Apartment, error) {
	row, err := q.LockApartment(ctx, int32(id))
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.Apartment{}, fmt.Errorf("apartment %d: %w", id, domain.ErrNotFound)
	}
	if err != nil {
		return domain.Apartment{}, fmt.Errorf("lock apartment %d: %w", id, err)
	}
	var pictures []db.Picture
	if withPictures {
		if pictures, err = q.ListPicturesOfApartment(ctx, int32(id)); err != nil {
			return domain.Apartment{}, fmt.Errorf("load pictures of apartment %d: %w", id, err)
		}
	}
	return apartmentFromDB(row.Apartment, row.FloorName, pictures)
}

func auditPictures(pictures []domain.Picture) []map[string]string {
	view := make([]map[string]string, len(pictures))
	for i, p := range pictures {
		view[i] = map[string]string{"name": p.Name, "descriptionDe": p.DescriptionDe, "descriptionEn": p.DescriptionEn}
	}
	return view
}

func auditView(a domain.Apartment) map[string]any {
	return map[string]any{
		"rentCents": a.RentPerMonth.Cents(), "depositCents": a.Deposit.Cents(), "cleaningCents": a.CleaningFee.Cents(),
		"descriptionDe": a.DescriptionDe, "descriptionEn": a.DescriptionEn,
	}
}
