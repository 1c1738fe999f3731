package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"semesterhaus/services/renting/internal/adapters/postgres/db"
	"semesterhaus/services/renting/internal/domain"
)

// Get loads one renting or returns domain.ErrNotFound.
func (r *Repository) Get(ctx context.Context, id string) (domain.Renting, error) {
	row, err := r.queries.GetRenting(ctx, id)
	if err != nil {
		return domain.Renting{}, rentingError(id, err)
	}
	return rentingFromDB(row), nil
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

// RenterApartments loads the apartment ids of each renter's rentings that are not canceled.
func (r *Repository) RenterApartments(ctx context.Context) (map[int64][]int, error) {
	rows, err := r.queries.ListRenterApartments(ctx)
	if err != nil {
		return nil, fmt.Errorf("load the renters' apartments: %w", err)
	}
	apartments := make(map[int64][]int)
	for _, row := range rows {
		apartments[row.RenterID] = append(apartments[row.RenterID], int(row.ApartmentID))
	}
	return apartments, nil
}

// RentingsWithMoneyTasks loads the rentings with an open dispute or a failed refund, of any state.
func (r *Repository) RentingsWithMoneyTasks(ctx context.Context) ([]domain.Renting, error) {
	return rentingsFromDB(r.queries.ListRentingsWithMoneyTasks(ctx))
}

// RentingsInStates loads the rentings in any of the states, of every semester.
func (r *Repository) RentingsInStates(ctx context.Context, states []domain.State) ([]domain.Renting, error) {
	names := make([]string, len(states))
	for i, s := range states {
		names[i] = string(s)
	}
	rows, err := r.queries.ListRentingsInStates(ctx, names)
	return rentingsFromDB(rows, err)
}

func int32s(ids []int) []int32 {
	out := make([]int32, len(ids))
	for i, id := range ids {
		out[i] = int32(id)
	}
	return out
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

// RenterHasRenting reports whether the renter has any renting in the semester.
func (r *Repository) RenterHasRenting(ctx context.Context, renterID int64, semesterID int) (bool, error) {
	has, err := r.queries.RenterHasRentingInSemester(ctx, db.RenterHasRentingInSemesterParams{RenterID: renterID, SemesterID: int32(semesterID)})
	if err != nil {
		return false, fmt.Errorf("look up rentings of renter %d: %w", renterID, err)
	}
	return has, nil
}

// RenewalTokenHashes returns the stored hashes of a renewal's link tokens (the renewal mail's and
// the reminder's); none when the renting has none (it is no renewal, or does not exist).
func (r *Repository) RenewalTokenHashes(ctx context.Context, rentingID string) ([][]byte, error) {
	hashes, err := r.queries.ListRenewalTokenHashes(ctx, rentingID)
	if err != nil {
		return nil, fmt.Errorf("load the renewal tokens of renting %s: %w", rentingID, err)
	}
	return hashes, nil
}
