package app_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"semesterhaus/platform/identity"
	"semesterhaus/services/renting/internal/app"
	"semesterhaus/services/renting/internal/domain"
	"semesterhaus/services/renting/internal/testenv"
)

func TestSemesterStatistics_countsHoldingAndBlockedApartmentsAndTheRentOfHoldingAndPaidRentings(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	current := semesterNamed(t, env, "WiSe 2026/27")
	next := semesterNamed(t, env, "SoSe 2027") // bookable on the design day
	payedRenting(t, env, 7, 11, next.ID)       // holds, paid
	if _, err := env.Renewals.OfferRenewal(testenv.Admin(), payedRenting(t, env, 8, 12, current.ID)); err != nil {
		t.Fatal(err) // a renewal of 12 in the next semester: holds, rent only, unpaid
	}
	request(t, env, 13, "early@example.org") // unconfirmed: holds nothing
	reserved := request(t, env, 14, "ada@example.org")
	confirm(t, env, reserved, "ada@example.org") // reserved: holds, unpaid
	canceled := payedRenting(t, env, 9, 15, next.ID)
	if err := env.Repo.Update(context.Background(), canceled, func(r *domain.Renting) error { return r.MoveTo(domain.Canceled, env.Clock.Now()) }); err != nil {
		t.Fatal(err)
	}
	if err := env.Office.BlockApartment(testenv.Admin(), 16, next.ID, "Wasserschaden"); err != nil {
		t.Fatal(err)
	}

	if _, err := env.Queries.SemesterStatistics(testenv.Anonymous()); !errors.Is(err, identity.ErrForbidden) {
		t.Errorf("anonymous: %v, want forbidden", err)
	}
	stats, err := env.Queries.SemesterStatistics(testenv.Admin())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range stats {
		names = append(names, s.Semester.Name)
	}
	if want := []string{"WiSe 2027/28", "SoSe 2027", "WiSe 2026/27", "SoSe 2026"}; !slices.Equal(names, want) {
		t.Fatalf("semesters %v, want %v (latest first)", names, want)
	}
	price := func(apartmentID, semesterID int, renewal bool) int64 {
		t.Helper()
		p, err := env.Catalog.Price(context.Background(), apartmentID, semesterID, renewal)
		if err != nil {
			t.Fatal(err)
		}
		return p.Total
	}
	if price(12, next.ID, true) >= price(12, next.ID, false) {
		t.Fatal("a renewal should cost less than a new booking (rent only)")
	}
	paid := price(11, next.ID, false)
	want := app.SemesterStatistics{
		Semester: next, Apartments: 24, Held: 3, Blocked: 1,
		RentExpected: paid + price(12, next.ID, true) + price(14, next.ID, false), RentCollected: paid,
	}
	if stats[1] != want {
		t.Errorf("next semester %+v,\nwant %+v", stats[1], want)
	}
	wantCurrent := app.SemesterStatistics{
		Semester: current, Apartments: 24, Held: 1,
		RentExpected: price(12, current.ID, false), RentCollected: price(12, current.ID, false),
	}
	if stats[2] != wantCurrent {
		t.Errorf("current semester %+v,\nwant %+v", stats[2], wantCurrent)
	}
	if empty := (app.SemesterStatistics{Semester: stats[0].Semester, Apartments: 24}); stats[0] != empty {
		t.Errorf("a semester without rentings %+v, want %+v", stats[0], empty)
	}
}
