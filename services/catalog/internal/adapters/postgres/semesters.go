package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"semesterhaus/platform/audit"
	"semesterhaus/platform/exception"
	"semesterhaus/platform/postgres"
	"semesterhaus/services/catalog/internal/adapters/postgres/db"
	"semesterhaus/services/catalog/internal/domain"
)

// semesterJobLockID is the advisory lock ("semjob" in ASCII) that lets one replica at a time add the
// semesters ahead.
const semesterJobLockID = 0x73656d6a6f62

// AddSemestersAhead adds each of the semesters that shares neither a day nor its name with a stored
// one, in one transaction under an advisory lock; ran is false when another replica held the lock.
func (r *Repository) AddSemestersAhead(ctx context.Context, semesters []domain.Semester) (added []domain.Semester, ran bool, err error) {
	err = postgres.InTx(ctx, r.pool, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, "SELECT pg_try_advisory_xact_lock($1)", semesterJobLockID).Scan(&ran); err != nil || !ran {
			return err
		}
		added, err = ensureSemesters(ctx, r.queries.WithTx(tx), semesters)
		if err != nil {
			return err
		}
		for _, s := range added {
			err := audit.Record(ctx, tx, audit.Entry{
				Actor: "system", Action: "addSemesterAhead", Subject: fmt.Sprintf("semester/%d", s.ID),
				Details: map[string]any{"after": semesterAuditView(s)},
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
	return added, ran, err
}

// CreateSemester stores a new semester with an audit entry. A semester sharing a day or the name
// with another is refused as a business exception.
func (r *Repository) CreateSemester(ctx context.Context, s domain.Semester, actor string) error {
	return r.semesterTx(ctx, func(q *db.Queries, tx pgx.Tx) error {
		if err := checkFree(ctx, q, s); err != nil {
			return err
		}
		id, err := q.InsertSemester(ctx, db.InsertSemesterParams{Name: s.Name, StartDate: s.Start, EndDate: s.End})
		if err != nil {
			return fmt.Errorf("insert semester %s: %w", s.Name, err)
		}
		return audit.Record(ctx, tx, audit.Entry{
			Actor: actor, Action: "createSemester", Subject: fmt.Sprintf("semester/%d", id),
			Details: map[string]any{"after": semesterAuditView(s)},
		})
	})
}

// UpdateSemester loads the semester, lets change modify it and stores it with an audit entry, checked
// against the other semesters as CreateSemester checks a new one.
func (r *Repository) UpdateSemester(ctx context.Context, id int, actor string, change func(*domain.Semester) error) error {
	return r.semesterTx(ctx, func(q *db.Queries, tx pgx.Tx) error {
		row, err := q.GetSemester(ctx, int32(id))
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("semester %d: %w", id, domain.ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("load semester %d: %w", id, err)
		}
		semester := semesterFromDB(row)
		before := semester
		if err := change(&semester); err != nil {
			return err
		}
		if err := checkFree(ctx, q, semester); err != nil {
			return err
		}
		err = q.UpdateSemester(ctx, db.UpdateSemesterParams{ID: int32(id), Name: semester.Name, StartDate: semester.Start, EndDate: semester.End})
		if err != nil {
			return fmt.Errorf("update semester %d: %w", id, err)
		}
		return audit.Record(ctx, tx, audit.Entry{
			Actor: actor, Action: "updateSemester", Subject: fmt.Sprintf("semester/%d", id),
			Details: map[string]any{"before": semesterAuditView(before), "after": semesterAuditView(semester)},
		})
	})
}

// semesterTx runs fn in a transaction that holds the semester table against other writers, so that
// the checks of concurrent edits see each other's result.
func (r *Repository) semesterTx(ctx context.Context, fn func(*db.Queries, pgx.Tx) error) error {
	return postgres.InTx(ctx, r.pool, func(tx pgx.Tx) error {
		q := r.queries.WithTx(tx)
		if err := q.LockSemesters(ctx); err != nil {
			return fmt.Errorf("lock semesters: %w", err)
		}
		return fn(q, tx)
	})
}

// checkFree refuses a semester (s.ID 0 for a new one) that shares a day or its name with another.
func checkFree(ctx context.Context, q *db.Queries, s domain.Semester) error {
	other, err := q.FirstOverlappingSemester(ctx, db.FirstOverlappingSemesterParams{ExceptID: int32(s.ID), StartDate: s.Start, EndDate: s.End})
	if err == nil {
		return exception.New("startDate", domain.MsgSemesterOverlap, "name", other.Name)
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("look for overlapping semesters: %w", err)
	}
	named, err := q.SemesterNamed(ctx, s.Name)
	if err == nil && int(named.ID) != s.ID {
		return exception.New("name", domain.MsgSemesterNameTaken, "name", s.Name)
	}
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("look for the semester name: %w", err)
	}
	return nil
}

func semesterAuditView(s domain.Semester) map[string]any {
	return map[string]any{"name": s.Name, "startDate": s.Start.Format(time.DateOnly), "endDate": s.End.Format(time.DateOnly)}
}
