package graphql

import (
	"context"

	"semesterhaus/services/renting/internal/adapters/graphql/model"
)

// occupancy answers the batched SemesterApartment representations of the admin overview: one app
// call per semester (usually one), and one entry per representation, in order.
func (r *entityResolver) occupancy(ctx context.Context, reps []*model.SemesterApartmentByIDAndSemesterIDsInput) ([]*model.SemesterApartment, error) {
	apartmentsOf := make(map[int][]int)
	var semesters []int
	for _, rep := range reps {
		if _, seen := apartmentsOf[rep.SemesterID]; !seen {
			semesters = append(semesters, rep.SemesterID)
		}
		apartmentsOf[rep.SemesterID] = append(apartmentsOf[rep.SemesterID], rep.ID)
	}
	type key struct{ apartment, semester int }
	answers := make(map[key]*model.SemesterApartment, len(reps))
	for _, semesterID := range semesters {
		statuses, err := r.queries.Occupancy(ctx, semesterID, apartmentsOf[semesterID])
		if err != nil {
			return nil, err
		}
		for _, s := range statuses {
			answers[key{s.ApartmentID, s.SemesterID}] = toGraphStatus(s)
		}
	}
	result := make([]*model.SemesterApartment, len(reps))
	for i, rep := range reps {
		result[i] = answers[key{rep.ID, rep.SemesterID}]
	}
	return result, nil
}
