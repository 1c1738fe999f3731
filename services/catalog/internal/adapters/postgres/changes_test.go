package postgres_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"semesterhaus/platform/identity"
	"semesterhaus/platform/pgtest"
	pgadapter "semesterhaus/services/catalog/internal/adapters/postgres"
	"semesterhaus/services/catalog/internal/app"
	"semesterhaus/services/catalog/internal/demo"
	"semesterhaus/services/catalog/internal/domain"
	"semesterhaus/services/catalog/migrations"
)

// Two replicas of the catalog on one database, each answering from memory: what an administrator
// changes on one, and what is changed beside them (as `catalog import` does), every replica answers
// within a second.
func TestChange_visibleOnEveryReplicaWithinASecond(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	if err := pgadapter.NewRepository(pool).Seed(ctx, demo.Building(), demo.Semesters(time.Now())); err != nil {
		t.Fatal(err)
	}
	replicas := []*app.Catalog{startReplica(ctx, t, pool), startReplica(ctx, t, pool)}

	admin := identity.WithIdentity(ctx, identity.Identity{Subject: "office", Role: identity.RoleAdmin})
	before, _ := replicas[1].Apartment(ctx, 3)
	err := replicas[0].UpdateApartment(admin, domain.ApartmentUpdate{
		ID: 3, DescriptionDe: "Neu", DescriptionEn: "New", RentPerMonth: 612, CleaningFee: before.CleaningFee.Euros(), Deposit: before.Deposit.Euros(),
	})
	if err != nil {
		t.Fatal(err)
	}
	if a, _ := replicas[0].Apartment(ctx, 3); a.RentPerMonth != 612_00 {
		t.Errorf("the writing replica answers a rent of %v; want its own write at once", a.RentPerMonth)
	}
	waitFor(t, "the admin's new rent on the other replica", func() bool {
		a, _ := replicas[1].Apartment(ctx, 3)
		return a.RentPerMonth == 612_00
	})

	if _, err := pool.Exec(ctx, `UPDATE semester SET name = 'Renamed' WHERE id = (SELECT min(id) FROM semester)`); err != nil {
		t.Fatal(err)
	}
	for i, replica := range replicas {
		waitFor(t, "a semester renamed beside the replicas on replica "+string(rune('A'+i)), func() bool {
			semesters, _ := replica.Semesters(ctx)
			for _, s := range semesters {
				if s.Name == "Renamed" {
					return true
				}
			}
			return false
		})
	}
}

func startReplica(ctx context.Context, t *testing.T, pool *pgxpool.Pool) *app.Catalog {
	catalog := app.New(pgadapter.NewRepository(pool), time.Now, app.Settings{TimeZone: time.UTC, RenewalWindowDays: 30})
	if _, err := catalog.Building(ctx); err != nil { // loaded before listening, as a replica that served a while
		t.Fatal(err)
	}
	go pgadapter.ListenForChanges(ctx, pool, catalog.Reload, slog.New(slog.NewTextHandler(io.Discard, nil)))
	return catalog
}

func waitFor(t *testing.T, what string, done func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Second)
	for !done() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not seen within a second", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
