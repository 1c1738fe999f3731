package postgres_test

import (
	"context"
	"testing"
	"time"

	"semesterhaus/platform/pgtest"
	pgadapter "semesterhaus/services/catalog/internal/adapters/postgres"
	"semesterhaus/services/catalog/internal/demo"
	"semesterhaus/services/catalog/internal/domain"
	"semesterhaus/services/catalog/migrations"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestSeed_runsAtEveryStartAndKeepsEditsAndAddsNewSemesters(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	repo := pgadapter.NewRepository(pool)
	november := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	if err := repo.Seed(ctx, demo.Building(), demo.Semesters(november)); err != nil {
		t.Fatal(err)
	}
	err := repo.UpdateApartment(ctx, 1, "admin", func(a *domain.Apartment) error { a.RentPerMonth = 777_00; return nil })
	if err != nil {
		t.Fatal(err)
	}
	nextSummer := time.Date(2027, 5, 2, 0, 0, 0, 0, time.UTC)
	if err := repo.Seed(ctx, demo.Building(), demo.Semesters(nextSummer)); err != nil {
		t.Fatalf("second seed: %v", err)
	}
	catalog, err := repo.Load(ctx)
	if a := apartment(catalog, 1); err != nil || a.RentPerMonth != 777_00 {
		t.Errorf("after the second seed apartment 1 = %+v, %v; want the edited rent kept", a, err)
	}
	if semesters := catalog.Semesters; len(semesters) != 5 || semesters[0].Name != "SoSe 2028" {
		t.Errorf("semesters after a later seed: %+v; want five, the newest SoSe 2028", semesters)
	}
	var audited int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM audit_log WHERE action = 'updateApartment' AND subject = 'apartment/1' AND actor = 'admin'`).Scan(&audited); err != nil || audited != 1 {
		t.Errorf("audit entries for the edit: %d, %v; want 1", audited, err)
	}
}

func TestSeed_buildingStoredWithoutContact_getsTheSeedsContactButKeepsAnOperatorsOwn(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	repo := pgadapter.NewRepository(pool)
	seed := demo.Building()
	if err := repo.Seed(ctx, seed, nil); err != nil {
		t.Fatal(err)
	}
	// As a building stored before the contact columns existed: the migration left them empty.
	if _, err := pool.Exec(ctx, `UPDATE building SET email = '', phone = ''`); err != nil {
		t.Fatal(err)
	}
	if err := repo.Seed(ctx, seed, nil); err != nil {
		t.Fatal(err)
	}
	if c, err := repo.Load(ctx); err != nil || c.Building.Contact != seed.Contact {
		t.Fatalf("contact after the seed = %+v, %v; want %+v", c.Building.Contact, err, seed.Contact)
	}
	if _, err := pool.Exec(ctx, `UPDATE building SET email = 'office@example.org', phone = ''`); err != nil {
		t.Fatal(err)
	}
	if err := repo.Seed(ctx, seed, nil); err != nil {
		t.Fatal(err)
	}
	if c, err := repo.Load(ctx); err != nil || c.Building.Contact != (domain.Contact{Email: "office@example.org"}) {
		t.Errorf("contact after a seed over an operator's = %+v, %v; want theirs kept", c.Building.Contact, err)
	}
}

func TestUpdateApartment_failedChangeStoresNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	repo := pgadapter.NewRepository(pool)
	if err := repo.Seed(ctx, demo.Building(), demo.Semesters(time.Now())); err != nil {
		t.Fatal(err)
	}
	before := loadApartment(t, repo, 2)
	err := repo.UpdateApartment(ctx, 2, "admin", func(a *domain.Apartment) error {
		return a.Apply(domain.ApartmentUpdate{DescriptionDe: "x", DescriptionEn: "y", RentPerMonth: -1})
	})
	if err == nil {
		t.Fatal("an invalid change was accepted")
	}
	after := loadApartment(t, repo, 2)
	var audited int
	_ = pool.QueryRow(ctx, `SELECT count(*) FROM audit_log`).Scan(&audited)
	if after.RentPerMonth != before.RentPerMonth || after.DescriptionDe != before.DescriptionDe || audited != 0 {
		t.Errorf("a failed change left traces: %+v, %d audit entries", after, audited)
	}
}

func loadApartment(t *testing.T, repo *pgadapter.Repository, id int) domain.Apartment {
	t.Helper()
	catalog, err := repo.Load(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return apartment(catalog, id)
}

// apartment finds apartment id in the catalog, or returns the zero Apartment.
func apartment(c domain.Catalog, id int) domain.Apartment {
	for _, f := range c.Building.Floors {
		for _, a := range f.Apartments {
			if a.ID == id {
				return a
			}
		}
	}
	return domain.Apartment{}
}
