package app

import (
	"context"
	"slices"

	"semesterhaus/platform/identity"
	"semesterhaus/services/renting/internal/domain"
)

// SemesterStatistics is one semester's occupancy and rent for the office's charts. Money is in
// integer cents.
type SemesterStatistics struct {
	Semester   domain.Semester
	Apartments int // the building's apartments
	Held       int // apartments a renting holds (domain.State.Holds)
	Blocked    int // apartments an administrator blocked (a renting never holds a blocked one)
	// RentExpected is the price total of the holding rentings (a renewal's is rent only);
	// RentCollected the same for the paid ones: the whole semester is paid at once, so a PAYED
	// renting has paid its total.
	RentExpected, RentCollected int64
}

// SemesterStatistics returns the occupancy and the rent expected and collected of every semester
// the catalog knows, latest first. Admins only.
func (s *Queries) SemesterStatistics(ctx context.Context) ([]SemesterStatistics, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	semesters, err := s.catalog.Semesters(ctx)
	if err != nil {
		return nil, err
	}
	_, apartments, err := s.catalog.Apartments(ctx)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(semesters, func(a, b domain.Semester) int { return b.Start.Compare(a.Start) })
	result := make([]SemesterStatistics, len(semesters))
	for i, semester := range semesters {
		if result[i], err = s.semesterStatistics(ctx, semester, len(apartments)); err != nil {
			return nil, err
		}
	}
	return result, nil
}

func (s *Queries) semesterStatistics(ctx context.Context, semester domain.Semester, apartments int) (SemesterStatistics, error) {
	stats := SemesterStatistics{Semester: semester, Apartments: apartments}
	rentings, err := s.queries.RentingsOfSemester(ctx, semester.ID)
	if err != nil {
		return stats, err
	}
	blocks, err := s.queries.BlocksOfSemester(ctx, semester.ID)
	if err != nil {
		return stats, err
	}
	stats.Blocked = len(blocks)
	for _, r := range rentings {
		if !r.State.Holds() {
			continue
		}
		price, err := s.catalog.Price(ctx, r.ApartmentID, r.SemesterID, r.Renewal)
		if err != nil {
			return stats, err
		}
		stats.Held++
		stats.RentExpected += price.Total
		if r.State == domain.Payed {
			stats.RentCollected += price.Total
		}
	}
	return stats, nil
}
