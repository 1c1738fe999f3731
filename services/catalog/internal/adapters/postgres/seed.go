package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"semesterhaus/platform/postgres"
	"semesterhaus/services/catalog/internal/adapters/postgres/db"
	"semesterhaus/services/catalog/internal/domain"
)

// Seed stores the building when the database has none yet and adds the semesters that are missing.
// It can run at every start: existing data, including an administrator's edits, is kept.
func (r *Repository) Seed(ctx context.Context, building domain.Building, semesters []domain.Semester) error {
	return postgres.InTx(ctx, r.pool, func(tx pgx.Tx) error {
		q := r.queries.WithTx(tx)
		if _, err := q.GetBuilding(ctx); err == nil {
			if err := q.FillBuildingContact(ctx, db.FillBuildingContactParams{
				ID: int32(building.ID), Email: building.Contact.Email, Phone: building.Contact.Phone,
			}); err != nil {
				return fmt.Errorf("fill the building's contact: %w", err)
			}
			_, err := ensureSemesters(ctx, q, semesters)
			return err
		} else if !errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("look for a building: %w", err)
		}
		if err := insertBuilding(ctx, q, building); err != nil {
			return err
		}
		_, err := ensureSemesters(ctx, q, semesters)
		return err
	})
}

func insertBuilding(ctx context.Context, q *db.Queries, b domain.Building) error {
	if err := q.InsertBuilding(ctx, db.InsertBuildingParams{
		ID: int32(b.ID), Name: b.Name, Address: b.Address, Email: b.Contact.Email, Phone: b.Contact.Phone,
	}); err != nil {
		return fmt.Errorf("insert building: %w", err)
	}
	for _, f := range b.Floors {
		if err := q.InsertFloor(ctx, db.InsertFloorParams{ID: int32(f.ID), BuildingID: int32(b.ID), Name: f.Name}); err != nil {
			return fmt.Errorf("insert floor %s: %w", f.Name, err)
		}
		for _, a := range f.Apartments {
			if err := insertApartment(ctx, q, a); err != nil {
				return err
			}
		}
	}
	return nil
}

func insertApartment(ctx context.Context, q *db.Queries, a domain.Apartment) error {
	features := make([]string, len(a.Features))
	for i, f := range a.Features {
		features[i] = string(f)
	}
	err := q.InsertApartment(ctx, db.InsertApartmentParams{
		ID: int32(a.ID), FloorID: int32(a.FloorID), Name: a.Name,
		DescriptionDe: a.DescriptionDe, DescriptionEn: a.DescriptionEn,
		RentCents: a.RentPerMonth.Cents(), CleaningCents: a.CleaningFee.Cents(), DepositCents: a.Deposit.Cents(),
		Features: features, PlanX: a.X, PlanY: a.Y,
	})
	if err != nil {
		return fmt.Errorf("insert apartment %s: %w", a.Name, err)
	}
	return insertPictures(ctx, q, a)
}

// insertPictures stores the apartment's pictures in their order.
func insertPictures(ctx context.Context, q *db.Queries, a domain.Apartment) error {
	for i, p := range a.Pictures {
		sources, err := pictureSourcesToDB(p.Sources)
		if err != nil {
			return fmt.Errorf("picture %s of apartment %s: %w", p.Name, a.Name, err)
		}
		err = q.InsertPicture(ctx, db.InsertPictureParams{
			ApartmentID: int32(a.ID), Position: int32(i), Name: p.Name, Url: p.URL,
			DescriptionDe: p.DescriptionDe, DescriptionEn: p.DescriptionEn,
			Width: int32(p.Width), Height: int32(p.Height), Sources: sources,
		})
		if err != nil {
			return fmt.Errorf("insert picture %s of apartment %s: %w", p.Name, a.Name, err)
		}
	}
	return nil
}

// ensureSemesters adds each semester that shares neither a day nor its name with one stored, and
// returns those it added.
func ensureSemesters(ctx context.Context, q *db.Queries, semesters []domain.Semester) ([]domain.Semester, error) {
	var added []domain.Semester
	for _, s := range semesters {
		ids, err := q.InsertSemesterIfFree(ctx, db.InsertSemesterIfFreeParams{Name: s.Name, StartDate: s.Start, EndDate: s.End})
		if err != nil {
			return added, fmt.Errorf("insert semester %s: %w", s.Name, err)
		}
		for _, id := range ids {
			s.ID = int(id)
			added = append(added, s)
		}
	}
	return added, nil
}
