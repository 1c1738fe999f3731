package postgres_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"semesterhaus/platform/pgtest"
	pgadapter "semesterhaus/services/renting/internal/adapters/postgres"
	"semesterhaus/services/renting/internal/domain"
	"semesterhaus/services/renting/migrations"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func newRepository(t *testing.T) (*pgadapter.Repository, func(string, ...any) error) {
	t.Helper()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	exec := func(sql string, args ...any) error {
		_, err := pool.Exec(context.Background(), sql, args...)
		return err
	}
	return pgadapter.NewRepository(pool, "renting"), exec
}

// reserved stores a renting and moves it to APARTMENT_RESERVED; it returns the error of that move.
func reserved(t *testing.T, repo *pgadapter.Repository, renterID int64, apartmentID int) (string, error) {
	t.Helper()
	r := domain.NewRenting(renterID, apartmentID, 3, false, time.Now())
	if err := repo.Create(context.Background(), r, nil); err != nil {
		t.Fatal(err)
	}
	return r.ID, repo.Update(context.Background(), r.ID, func(r *domain.Renting) error {
		return r.MoveTo(domain.ApartmentReserved, time.Now())
	})
}

func TestUniqueIndexes_makeDoubleBookingImpossible(t *testing.T) {
	t.Parallel()
	repo, _ := newRepository(t)
	if _, err := reserved(t, repo, 1, 11); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		renterID int64
		apt      int
		want     error
	}{
		{"same apartment, other renter", 2, 11, domain.ErrApartmentTaken},
		{"same renter, other apartment", 1, 12, domain.ErrRenterHoldsApartment},
	}
	for _, tt := range tests {
		id, err := reserved(t, repo, tt.renterID, tt.apt)
		if !errors.Is(err, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.want)
		}
		if r, _ := repo.Get(context.Background(), id); r.State != domain.ApartmentRequested {
			t.Errorf("%s: the refused move was stored: %s", tt.name, r.State)
		}
	}
	if _, err := reserved(t, repo, 2, 12); err != nil {
		t.Errorf("another renter in another apartment: %v", err)
	}
}

func TestRentingLog_isAppendOnly(t *testing.T) {
	t.Parallel()
	repo, exec := newRepository(t)
	if _, err := reserved(t, repo, 1, 11); err != nil {
		t.Fatal(err)
	}
	if err := exec("UPDATE renting_log SET state = 'PAYED'"); err == nil {
		t.Error("a log entry was changed")
	}
}

func TestGet_unknownOrMalformedIdIsNotFound(t *testing.T) {
	t.Parallel()
	repo, _ := newRepository(t)
	for _, id := range []string{"5f0e1c1e-0000-4000-8000-000000000000", "not-a-uuid"} {
		if _, err := repo.Get(context.Background(), id); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("%q: %v", id, err)
		}
	}
}
