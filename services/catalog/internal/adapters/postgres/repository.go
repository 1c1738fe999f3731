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

// Load reads the whole catalog (the building with its floors, apartments and pictures, and every
// semester) as of one moment, in a read-only repeatable-read transaction.
func (r *Repository) Load(ctx context.Context) (domain.Catalog, error) {
	var catalog domain.Catalog
	err := pgx.BeginTxFunc(ctx, r.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		q := r.queries.WithTx(tx)
		var err error
		if catalog.Building, err = building(ctx, q); err != nil {
			return err
		}
		catalog.Semesters, err = semesters(ctx, q)
		return err
	})
	return catalog, err
}

// building loads the building with its floors and apartments, each sorted by id; before the
// building is imported it is the zero Building.
func building(ctx context.Context, q *db.Queries) (domain.Building, error) {
	row, err := q.GetBuilding(ctx)
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.Building{}, nil
	}
	if err != nil {
		return domain.Building{}, fmt.Errorf("load building: %w", err)
	}
	floors, err := q.ListFloors(ctx)
	if err != nil {
		return domain.Building{}, fmt.Errorf("load floors: %w", err)
	}
	apartments, err := apartments(ctx, q)
	if err != nil {
		return domain.Building{}, err
	}
	return buildingFromDB(row, floors, apartments), nil
}

func apartments(ctx context.Context, q *db.Queries) ([]domain.Apartment, error) {
	rows, err := q.ListApartments(ctx)
	if err != nil {
		return nil, fmt.Errorf("load apartments: %w", err)
	}
	pictures, err := q.ListPictures(ctx)
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

// semesters loads every semester, the latest first.
func semesters(ctx context.Context, q *db.Queries) ([]domain.Semester, error) {
	rows, err := q.ListSemesters(ctx)
	if err != nil {
		return nil, fmt.Errorf("load semesters: %w", err)
	}
	semesters := make([]domain.Semester, len(rows))
	for i, row := range rows {
		semesters[i] = semesterFromDB(row)
	}
	return semesters, nil
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
// descriptions, and which are left) with an audit entry, all in one transaction. The files of an
// uploaded picture that is deleted go with it.
func (r *Repository) UpdatePictures(ctx context.Context, id int, actor string, change func(*domain.Apartment) error) error {
	return postgres.InTx(ctx, r.pool, func(tx pgx.Tx) error {
		return changePictures(ctx, tx, r.queries.WithTx(tx), id, actor, "updateApartmentPictures", change)
	})
}

// AddPicture stores an uploaded picture's files, then locks the apartment, lets change add the
// picture and stores the apartment's pictures with an audit entry, all in one transaction: nothing is
// stored when change fails.
func (r *Repository) AddPicture(ctx context.Context, id int, actor, fileID string, files []domain.PictureFile, change func(*domain.Apartment) error) error {
	return postgres.InTx(ctx, r.pool, func(tx pgx.Tx) error {
		q := r.queries.WithTx(tx)
		for _, f := range files {
			if err := q.InsertPictureFile(ctx, db.InsertPictureFileParams{
				ID: fileID, Width: int32(f.Width), Height: int32(f.Height), Sha256: f.SHA256[:], Content: f.Content,
			}); err != nil {
				return fmt.Errorf("store the %d px file of picture %s: %w", f.Width, fileID, err)
			}
		}
		return changePictures(ctx, tx, q, id, actor, "uploadApartmentPicture", change)
	})
}

// changePictures locks the apartment, lets change modify its pictures, stores them, deletes the files
// no picture names any more and records the change as action.
func changePictures(ctx context.Context, tx pgx.Tx, q *db.Queries, id int, actor, action string, change func(*domain.Apartment) error) error {
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
	if _, err := q.DeleteUnusedPictureFiles(ctx); err != nil {
		return fmt.Errorf("delete the files of deleted pictures: %w", err)
	}
	return audit.Record(ctx, tx, audit.Entry{
		Actor: actor, Action: action, Subject: fmt.Sprintf("apartment/%d", id),
		Details: map[string]any{"before": auditPictures(before), "after": auditPictures(apartment.Pictures)},
	})
}

// PictureFile reads one width of an uploaded picture's files; a missing one is domain.ErrNotFound.
func (r *Repository) PictureFile(ctx context.Context, id string, width int) (domain.PictureFile, error) {
	row, err := r.queries.GetPictureFile(ctx, db.GetPictureFileParams{ID: id, Width: int32(width)})
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.PictureFile{}, fmt.Errorf("picture file %s/%d: %w", id, width, domain.ErrNotFound)
	}
	if err != nil {
		return domain.PictureFile{}, fmt.Errorf("read picture file %s/%d: %w", id, width, err)
	}
	return pictureFileFromDB(row), nil
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
		if p.File != "" {
			view[i]["file"] = p.File
		}
	}
	return view
}

func auditView(a domain.Apartment) map[string]any {
	return map[string]any{
		"rentCents": a.RentPerMonth.Cents(), "depositCents": a.Deposit.Cents(), "cleaningCents": a.CleaningFee.Cents(),
		"descriptionDe": a.DescriptionDe, "descriptionEn": a.DescriptionEn,
	}
}
