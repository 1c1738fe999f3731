package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"semesterhaus/platform/audit"
	"semesterhaus/services/renting/internal/adapters/postgres/db"
	"semesterhaus/services/renting/internal/domain"
)

// BlockApartment stores the block (a new reason replaces an old one) with an audit entry, in one
// transaction under the lock a renting that starts holding the apartment takes too; refuse sees the
// renting that holds the apartment (nil for none) first and refuses by failing.
func (r *Repository) BlockApartment(ctx context.Context, b domain.Block, refuse func(holder *domain.Renting) error) error {
	return r.inTx(ctx, func(tx pgx.Tx, q *db.Queries) error {
		err := q.LockApartmentInSemester(ctx, db.LockApartmentInSemesterParams{ApartmentID: int32(b.ApartmentID), SemesterID: int32(b.SemesterID)})
		if err != nil {
			return fmt.Errorf("lock apartment %d in semester %d: %w", b.ApartmentID, b.SemesterID, err)
		}
		holder, err := holdingRenting(ctx, q, b.ApartmentID, b.SemesterID)
		if err != nil {
			return err
		}
		if err := refuse(holder); err != nil {
			return err
		}
		err = q.UpsertApartmentBlock(ctx, db.UpsertApartmentBlockParams{
			SemesterID: int32(b.SemesterID), ApartmentID: int32(b.ApartmentID), Reason: b.Reason, BlockedBy: b.By, BlockedAt: b.At,
		})
		if err != nil {
			return fmt.Errorf("block apartment %d in semester %d: %w", b.ApartmentID, b.SemesterID, err)
		}
		return audit.Record(ctx, tx, audit.Entry{
			Actor: b.By, Action: "blockApartment", Subject: placeSubject(b.ApartmentID, b.SemesterID),
			Details: map[string]any{"apartmentId": b.ApartmentID, "semesterId": b.SemesterID, "reason": b.Reason},
		})
	})
}

// UnblockApartment deletes the block with an audit entry; domain.ErrNotFound when there was none.
func (r *Repository) UnblockApartment(ctx context.Context, apartmentID, semesterID int, actor string) error {
	return r.inTx(ctx, func(tx pgx.Tx, q *db.Queries) error {
		rows, err := q.DeleteApartmentBlock(ctx, db.DeleteApartmentBlockParams{SemesterID: int32(semesterID), ApartmentID: int32(apartmentID)})
		if err != nil {
			return fmt.Errorf("unblock apartment %d in semester %d: %w", apartmentID, semesterID, err)
		}
		if len(rows) == 0 {
			return fmt.Errorf("block of apartment %d in semester %d: %w", apartmentID, semesterID, domain.ErrNotFound)
		}
		return audit.Record(ctx, tx, audit.Entry{
			Actor: actor, Action: "unblockApartment", Subject: placeSubject(apartmentID, semesterID),
			Details: map[string]any{"apartmentId": apartmentID, "semesterId": semesterID, "reason": rows[0].Reason},
		})
	})
}

// BlocksOfSemester loads the blocks of a semester by apartment id.
func (r *Repository) BlocksOfSemester(ctx context.Context, semesterID int) (map[int]domain.Block, error) {
	rows, err := r.queries.ListBlocksOfSemester(ctx, int32(semesterID))
	if err != nil {
		return nil, fmt.Errorf("load the blocks of semester %d: %w", semesterID, err)
	}
	blocks := make(map[int]domain.Block, len(rows))
	for _, row := range rows {
		blocks[int(row.ApartmentID)] = blockFromDB(row)
	}
	return blocks, nil
}

// ApartmentBlocked reports whether the apartment is blocked in the semester.
func (r *Repository) ApartmentBlocked(ctx context.Context, apartmentID, semesterID int) (bool, error) {
	_, err := r.queries.GetApartmentBlock(ctx, db.GetApartmentBlockParams{SemesterID: int32(semesterID), ApartmentID: int32(apartmentID)})
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("block of apartment %d in semester %d: %w", apartmentID, semesterID, err)
	}
	return true, nil
}

// holdingRenting loads the renting that holds the apartment in the semester, nil when none does.
func holdingRenting(ctx context.Context, q *db.Queries, apartmentID, semesterID int) (*domain.Renting, error) {
	id, held, err := apartmentHolder(ctx, q, apartmentID, semesterID)
	if err != nil || !held {
		return nil, err
	}
	row, err := q.GetRenting(ctx, id)
	if err != nil {
		return nil, rentingError(id, err)
	}
	holder := rentingFromDB(row)
	return &holder, nil
}

func blockFromDB(row db.ApartmentBlock) domain.Block {
	return domain.Block{ApartmentID: int(row.ApartmentID), SemesterID: int(row.SemesterID), Reason: row.Reason, By: row.BlockedBy, At: row.BlockedAt}
}

// placeSubject names an apartment in a semester in the audit log.
func placeSubject(apartmentID, semesterID int) string {
	return fmt.Sprintf("apartment/%d/semester/%d", apartmentID, semesterID)
}
