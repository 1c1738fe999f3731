package app_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"semesterhaus/platform/identity"
	"semesterhaus/platform/pgtest"
	"semesterhaus/services/catalog/internal/domain"
	"semesterhaus/services/catalog/internal/testenv"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// designDay: the winter semester 2026/27 runs; the demo import holds SoSe 2026 up to WiSe 2027/28.
var designDay = time.Date(2026, 11, 22, 12, 0, 0, 0, testenv.Berlin)

func names(t *testing.T, views []domain.SemesterView) []string {
	t.Helper()
	out := make([]string, len(views))
	for i, v := range views {
		out[i] = v.Name
	}
	return out
}

func TestAddSemestersAhead_keepsTwoYearsPresentAndAddsEachOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	catalog, pool := testenv.NewCatalogOn(t, func() time.Time { return designDay })

	added, ran, err := catalog.AddSemestersAhead(ctx)
	if err != nil || !ran {
		t.Fatalf("AddSemestersAhead = %v, ran %v", err, ran)
	}
	if len(added) != 2 || added[0].Name != "SoSe 2028" || added[1].Name != "WiSe 2028/29" {
		t.Fatalf("added %+v, want SoSe 2028 and WiSe 2028/29", added)
	}
	again, _, err := catalog.AddSemestersAhead(ctx)
	if err != nil || len(again) != 0 {
		t.Errorf("a second run added %+v, %v; want nothing", again, err)
	}
	views, _ := catalog.Semesters(ctx)
	want := []string{"WiSe 2028/29", "SoSe 2028", "WiSe 2027/28", "SoSe 2027", "WiSe 2026/27", "SoSe 2026"}
	if got := names(t, views); len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("semesters %v, want %v", got, want)
	}
	if views[0].Phase != domain.PhasePlanned || !views[0].Start.Equal(time.Date(2028, 10, 1, 0, 0, 0, 0, time.UTC)) ||
		!views[0].End.Equal(time.Date(2029, 3, 31, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("WiSe 2028/29 = %+v, want PLANNED from 1 October to 31 March", views[0])
	}
	var audited int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM audit_log WHERE action = 'addSemesterAhead' AND actor = 'system'`).Scan(&audited); err != nil || audited != 2 {
		t.Errorf("audit entries of the job: %d, %v; want 2", audited, err)
	}
}

func TestAddSemestersAhead_replicasAtOnceAddEachOnlyOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	catalog, _ := testenv.NewCatalogOn(t, func() time.Time { return designDay })
	var wg sync.WaitGroup
	var mu sync.Mutex
	total := 0
	for range 4 {
		wg.Go(func() {
			added, _, err := catalog.AddSemestersAhead(ctx)
			if err != nil {
				t.Errorf("a replica's run: %v", err)
			}
			mu.Lock()
			total += len(added)
			mu.Unlock()
		})
	}
	wg.Wait()
	views, _ := catalog.Semesters(ctx)
	if total != 2 || len(views) != 6 {
		t.Errorf("four replicas added %d semesters, %d stored; want 2 and 6", total, len(views))
	}
}

func TestAddSemestersAhead_leavesTheDaysOfAnAdministratorsSemesterAlone(t *testing.T) {
	t.Parallel()
	ctx := identity.WithIdentity(context.Background(), identity.Identity{Subject: "admin", Role: identity.RoleAdmin})
	catalog, _ := testenv.NewCatalogOn(t, func() time.Time { return designDay })
	summer := domain.SemesterInput{Name: "Sommer 2028", Start: time.Date(2028, 4, 3, 0, 0, 0, 0, time.UTC), End: time.Date(2028, 9, 29, 0, 0, 0, 0, time.UTC)}
	if err := catalog.CreateSemester(ctx, summer); err != nil {
		t.Fatal(err)
	}
	added, _, err := catalog.AddSemestersAhead(ctx)
	if err != nil || len(added) != 1 || added[0].Name != "WiSe 2028/29" {
		t.Errorf("added %+v, %v; want only WiSe 2028/29 beside the administrator's Sommer 2028", added, err)
	}
}

// TestSemesterEdits_byAnAdmin_auditedWithWhoAndWhat: an administrator's new semester and its edit each
// leave one audit entry naming the administrator, the semester and its dates before and after; a
// refused edit (an anonymous caller's, or one that overlaps) leaves none.
func TestSemesterEdits_byAnAdmin_auditedWithWhoAndWhat(t *testing.T) {
	t.Parallel()
	catalog, pool := testenv.NewCatalogOn(t, func() time.Time { return designDay })
	ctx := identity.WithIdentity(context.Background(), identity.Identity{Subject: "erika", Role: identity.RoleAdmin})
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	if err := catalog.CreateSemester(ctx, domain.SemesterInput{Name: "SoSe 2030", Start: day(2030, 4, 1), End: day(2030, 9, 30)}); err != nil {
		t.Fatal(err)
	}
	var id int
	if err := pool.QueryRow(ctx, `SELECT id FROM semester WHERE name = 'SoSe 2030'`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	if err := catalog.UpdateSemester(ctx, id, domain.SemesterInput{Name: "Sommer 2030", Start: day(2030, 4, 6), End: day(2030, 9, 30)}); err != nil {
		t.Fatal(err)
	}
	anonymous := identity.WithIdentity(context.Background(), identity.Anonymous)
	if err := catalog.UpdateSemester(anonymous, id, domain.SemesterInput{Name: "Fremd", Start: day(2030, 4, 1), End: day(2030, 9, 30)}); err == nil {
		t.Error("an anonymous edit went through")
	}
	if err := catalog.CreateSemester(ctx, domain.SemesterInput{Name: "Doppelt", Start: day(2030, 9, 1), End: day(2030, 12, 31)}); err == nil {
		t.Error("an overlapping semester went through")
	}

	rows, err := pool.Query(ctx, `SELECT action, actor, coalesce(details->'before'->>'name', ''), details->'after'->>'name',
		details->'after'->>'startDate' FROM audit_log WHERE subject = $1 ORDER BY id`, fmt.Sprintf("semester/%d", id))
	if err != nil {
		t.Fatal(err)
	}
	type entry struct{ action, actor, before, after, start string }
	got, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (entry, error) {
		var e entry
		err := row.Scan(&e.action, &e.actor, &e.before, &e.after, &e.start)
		return e, err
	})
	want := []entry{
		{"createSemester", "erika", "", "SoSe 2030", "2030-04-01"},
		{"updateSemester", "erika", "SoSe 2030", "Sommer 2030", "2030-04-06"},
	}
	if err != nil || len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("audit entries %+v (%v), want %+v", got, err, want)
	}
}
