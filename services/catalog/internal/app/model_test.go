package app_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"semesterhaus/services/catalog/internal/app"
	"semesterhaus/services/catalog/internal/demo"
	"semesterhaus/services/catalog/internal/domain"
)

// countingRepository counts how often the catalog is read from the store, and fails when told to.
type countingRepository struct {
	app.Repository // the writes are not used here
	loads          atomic.Int32
	fail           atomic.Bool
}

func (r *countingRepository) Load(context.Context) (domain.Catalog, error) {
	r.loads.Add(1)
	if r.fail.Load() {
		return domain.Catalog{}, errors.New("database unreachable")
	}
	return domain.Catalog{Building: demo.Building(), Semesters: demoSemesters()}, nil
}

// demoSemesters are the demo semesters with the ids the store would give them.
func demoSemesters() []domain.Semester {
	semesters := demo.Semesters(designDay)
	for i := range semesters {
		semesters[i].ID = i + 1
	}
	return semesters
}

func TestReads_answeredFromMemoryAfterTheFirstLoad(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	repo := &countingRepository{}
	catalog := app.New(repo, func() time.Time { return designDay }, app.Settings{TimeZone: time.UTC, RenewalWindowDays: 30})
	var apartments []int
	for _, f := range demo.Building().Floors {
		for _, a := range f.Apartments {
			apartments = append(apartments, a.ID)
		}
	}
	semesters := demoSemesters()
	for i := range 100 {
		apartmentID := apartments[i%len(apartments)]
		if _, err := catalog.PriceCalculation(ctx, apartmentID, semesters[i%len(semesters)].ID, false); err != nil {
			t.Fatalf("price of apartment %d: %v", apartmentID, err)
		}
		if _, err := catalog.Building(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if n := repo.loads.Load(); n != 1 {
		t.Errorf("200 reads loaded the catalog %d times; want once", n)
	}
	repo.fail.Store(true)
	if err := catalog.Reload(ctx); err == nil {
		t.Fatal("a failed reload reported no error")
	}
	if _, err := catalog.Apartment(ctx, 5); err != nil {
		t.Errorf("after a failed reload the catalog in memory should still answer: %v", err)
	}
	if _, err := catalog.Apartment(ctx, 9999); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("apartment 9999: %v; want not found", err)
	}
}
