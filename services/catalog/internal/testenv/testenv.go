// Package testenv assembles the catalog for its own tests: its use cases on a fresh migrated
// database on real PostgreSQL holding the demo building. Packages using it need
// `func TestMain(m *testing.M) { pgtest.Main(m) }`.
package testenv

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"semesterhaus/platform/pgtest"
	"semesterhaus/platform/picture"
	pgadapter "semesterhaus/services/catalog/internal/adapters/postgres"
	"semesterhaus/services/catalog/internal/app"
	"semesterhaus/services/catalog/internal/demo"
	"semesterhaus/services/catalog/internal/domain"
	"semesterhaus/services/catalog/migrations"
)

// Berlin is the residence's time zone.
var Berlin = mustLoad("Europe/Berlin")

// NewCatalog returns the catalog's use cases on a fresh database holding the demo building, with
// the semesters around the clock's today.
func NewCatalog(t testing.TB, now func() time.Time) *app.Catalog {
	t.Helper()
	catalog, _ := NewCatalogOn(t, now)
	return catalog
}

// NewCatalogOn is NewCatalog that also returns the database, for tests that look at what was stored
// (the audit log). The catalog keeps 24 months of semesters ahead and takes uploaded pictures of up
// to MAX_IMAGE_PIXELS' default.
func NewCatalogOn(t testing.TB, now func() time.Time) (*app.Catalog, *pgxpool.Pool) {
	t.Helper()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	repo := pgadapter.NewRepository(pool)
	if _, err := repo.Import(context.Background(), demo.Building(), domain.SemestersAround(now().In(Berlin))); err != nil {
		t.Fatalf("seed the demo catalog: %v", err)
	}
	return app.New(repo, now, app.Settings{
		TimeZone: Berlin, RenewalWindowDays: 30, SemestersAheadMonths: 24,
		MaxImagePixels: picture.DefaultMaxPixels, MaxConcurrentDecodes: 1,
	}), pool
}

func mustLoad(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}
