package app

import (
	"context"
	"fmt"
	"time"

	"semesterhaus/services/document/internal/domain"
)

// Semesters tells the last day of a semester (the catalog's).
type Semesters interface {
	SemesterLastDay(ctx context.Context, semesterID int32) (domain.Date, error)
}

// Deletions schedules deletions of a renting's documents, in the caller's transaction (an event
// consumer's, so that the schedule and the processed event commit together).
type Deletions interface {
	ScheduleDeletion(ctx context.Context, rule domain.Retention) error
}

// Keeping schedules the deletions a booking's moves call for, by the residence's retention rules.
type Keeping struct {
	rules     domain.Keeping
	semesters Semesters
	zone      *time.Location // the residence's: a semester ends when its last day there is over
}

// NewKeeping returns the scheduling of the rules; zone is the residence's.
func NewKeeping(rules domain.Keeping, semesters Semesters, zone *time.Location) *Keeping {
	return &Keeping{rules: rules, semesters: semesters, zone: zone}
}

// ContractAsked schedules what an approved booking or an accepted renewal of the semester no longer
// needs once its contract is asked for (domain.Keeping.OnContract).
func (k *Keeping) ContractAsked(ctx context.Context, deletions Deletions, move domain.BookingMove, semesterID int32) error {
	last, err := k.semesters.SemesterLastDay(ctx, semesterID)
	if err != nil {
		return fmt.Errorf("end of semester %d: %w", semesterID, err)
	}
	return schedule(ctx, deletions, k.rules.OnContract(move, last.EndIn(k.zone))...)
}

// BookingEnded schedules what a booking cancelled after its confirmation no longer needs: all of it,
// now (domain.OnEnded).
func (k *Keeping) BookingEnded(ctx context.Context, deletions Deletions, move domain.BookingMove) error {
	return schedule(ctx, deletions, domain.OnEnded(move))
}

func schedule(ctx context.Context, deletions Deletions, rules ...domain.Retention) error {
	for _, rule := range rules {
		if err := deletions.ScheduleDeletion(ctx, rule); err != nil {
			return err
		}
	}
	return nil
}
