package postgres_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"semesterhaus/platform/pgtest"
	"semesterhaus/platform/postgres"
	pgadapter "semesterhaus/services/renting/internal/adapters/postgres"
	"semesterhaus/services/renting/internal/adapters/postgres/db"
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
	r := domain.NewRenting(renterID, apartmentID, 3, time.Now())
	if err := repo.Create(context.Background(), r); err != nil {
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

func TestHolderChecks_theHoldingStatesHoldTheApartment(t *testing.T) {
	t.Parallel()
	repo, exec := newRepository(t)
	ctx := context.Background()
	holder := domain.NewRenting(1, 11, 3, time.Now())
	other := domain.NewRenting(2, 11, 3, time.Now())
	for _, r := range []*domain.Renting{holder, other} {
		if err := repo.Create(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	states := []domain.State{domain.ApartmentRequested, domain.ApartmentReserved, domain.SelectApartment,
		domain.OwnerAcknowledged, domain.ContractRequested, domain.ContractSigned, domain.Unpaid, domain.Payed,
		domain.RenewalRequest, domain.RenewalAccepted, domain.Canceled}
	for _, state := range states {
		if err := exec("UPDATE renting SET state = $1 WHERE id = $2", string(state), holder.ID); err != nil {
			t.Fatal(err)
		}
		var heldByAnother bool
		err := repo.Confirm(ctx, other.ID, func(_ *domain.Renting, h bool, _ []*domain.Renting) error { heldByAnother = h; return nil })
		if err != nil || heldByAnother != state.Holds() {
			t.Errorf("another renting in %s: held %v (%v), want %v", state, heldByAnother, err, state.Holds())
		}
		if held, err := repo.ApartmentHeld(ctx, 11, 3); err != nil || held != state.Holds() {
			t.Errorf("a renting in %s: apartment held %v (%v), want %v", state, held, err, state.Holds())
		}
	}
}

func TestApartmentHolder_readsTheHolderOnly(t *testing.T) {
	t.Parallel()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	ctx := context.Background()
	// 500 renters requested the apartment, the last of them holds it.
	_, err := pool.Exec(ctx, `INSERT INTO renting (id, renter_id, apartment_id, semester_id, state, renewal, created_at, updated_at)
		SELECT gen_random_uuid(), g, 11, 3, CASE WHEN g = 500 THEN 'APARTMENT_RESERVED' ELSE 'APARTMENT_REQUESTED' END, false, now(), now()
		FROM generate_series(1, 500) g`)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, "ANALYZE renting"); err != nil { // as autovacuum would
		t.Fatal(err)
	}
	err = postgres.InTx(ctx, pool, func(tx pgx.Tx) error {
		// A connection that ran the query a few times plans it once for all parameters.
		if _, err := tx.Exec(ctx, "SET LOCAL plan_cache_mode = force_generic_plan"); err != nil {
			return err
		}
		if _, err := db.New(tx).ApartmentHolder(ctx, db.ApartmentHolderParams{ApartmentID: 11, SemesterID: 3}); err != nil {
			t.Errorf("no holder found: %v", err)
		}
		read, err := pgtest.RowsRead(ctx, tx, "renting")
		if err != nil {
			return err
		}
		if read > 5 {
			t.Errorf("checking the holder among 500 rentings of the apartment read %d of them", read)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
