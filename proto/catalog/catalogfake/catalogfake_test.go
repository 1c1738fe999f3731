package catalogfake_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"semesterhaus/proto/catalog/catalogfake"
	catalogv1 "semesterhaus/proto/gen/catalog/v1"
)

func TestSemester_phaseFollowsTheClockThroughItsDates(t *testing.T) {
	t.Parallel()
	summer := catalogfake.Semester{ID: 1, Name: "SoSe 2027", Start: catalogfake.Day(2027, 4, 1), End: catalogfake.Day(2027, 9, 30),
		RenewalOpens: catalogfake.Day(2026, 10, 1), BookingOpens: catalogfake.Day(2026, 10, 31)}
	tests := []struct {
		day  time.Time
		want catalogv1.RentingPhase
	}{
		{catalogfake.Day(2026, 9, 30), catalogv1.RentingPhase_RENTING_PHASE_PLANNED},
		{catalogfake.Day(2026, 10, 1), catalogv1.RentingPhase_RENTING_PHASE_RENEWAL},
		{catalogfake.Day(2026, 10, 30), catalogv1.RentingPhase_RENTING_PHASE_RENEWAL},
		{catalogfake.Day(2026, 10, 31), catalogv1.RentingPhase_RENTING_PHASE_BOOKING},
		{catalogfake.Day(2027, 4, 1), catalogv1.RentingPhase_RENTING_PHASE_RUNNING},
		{catalogfake.Day(2027, 10, 1), catalogv1.RentingPhase_RENTING_PHASE_FINISHED},
	}
	for _, tt := range tests {
		catalog := catalogfake.New(func() time.Time { return tt.day.Add(12 * time.Hour) }, time.UTC)
		catalog.AddSemester(summer)
		got, err := catalog.GetSemester(context.Background(), &catalogv1.GetSemesterRequest{Id: 1})
		if err != nil || got.GetRentingPhase() != tt.want || got.GetCurrent() != (tt.want == catalogv1.RentingPhase_RENTING_PHASE_RUNNING) {
			t.Errorf("on %s: %v, %v; want %s", tt.day.Format(time.DateOnly), got, err, tt.want)
		}
		if d := got.GetRenewalDeadline(); d.GetYear() != 2026 || d.GetMonth() != 10 || d.GetDay() != 30 {
			t.Errorf("renewal deadline %v, want the day before booking opens", d)
		}
	}
}

func TestGetBookableSemester_bookingBeforeRenewal_elseNotFound(t *testing.T) {
	t.Parallel()
	catalog := catalogfake.New(func() time.Time { return catalogfake.Example }, time.UTC)
	if _, err := catalog.GetBookableSemester(context.Background(), &catalogv1.GetBookableSemesterRequest{}); status.Code(err) != codes.NotFound {
		t.Errorf("without semesters: %v, want NOT_FOUND", err)
	}
	catalog.AddSemester(catalogfake.Semester{ID: 2, Name: "WiSe 2027/28", Start: catalogfake.Day(2027, 10, 1), End: catalogfake.Day(2028, 3, 31),
		RenewalOpens: catalogfake.Day(2026, 11, 1), BookingOpens: catalogfake.Day(2027, 4, 1)})
	catalog.AddSemester(catalogfake.Semester{ID: 1, Name: "SoSe 2027", Start: catalogfake.Day(2027, 4, 1), End: catalogfake.Day(2027, 9, 30),
		RenewalOpens: catalogfake.Day(2026, 10, 1), BookingOpens: catalogfake.Day(2026, 10, 31)})

	got, err := catalog.GetBookableSemester(context.Background(), &catalogv1.GetBookableSemesterRequest{})

	if err != nil || got.GetId() != 1 {
		t.Errorf("bookable %v, %v; want the semester open for booking, not the one open for renewal", got, err)
	}
}

func TestCalculatePrice_newBookingPaysCleaningAndDeposit_renewalTheRentOnly(t *testing.T) {
	t.Parallel()
	catalog := catalogfake.NewExample()
	ctx := context.Background()

	booking, err := catalog.CalculatePrice(ctx, &catalogv1.CalculatePriceRequest{ApartmentId: 1, SemesterId: 1})
	if err != nil || len(booking.GetItems()) != 3 || booking.GetTotal().GetCents() != 6*445_00+85_00+800_00 {
		t.Errorf("new booking %v, %v; want six months' rent, cleaning and deposit", booking, err)
	}
	for i, kind := range []string{"RENT", "CLEANING", "DEPOSIT"} {
		if got := booking.GetItems()[i].GetKind(); got != kind {
			t.Errorf("item %d is %q, want %s", i, got, kind)
		}
	}
	renewal, err := catalog.CalculatePrice(ctx, &catalogv1.CalculatePriceRequest{ApartmentId: 1, SemesterId: 1, Renewal: true})
	if err != nil || len(renewal.GetItems()) != 1 || renewal.GetTotal().GetCents() != 6*445_00 {
		t.Errorf("renewal %v, %v; want six months' rent", renewal, err)
	}
	if _, err := catalog.CalculatePrice(ctx, &catalogv1.CalculatePriceRequest{ApartmentId: 99, SemesterId: 1}); status.Code(err) != codes.NotFound {
		t.Errorf("unknown apartment: %v, want NOT_FOUND", err)
	}
}

func TestGetBuilding_answersTheBuildingSetLast(t *testing.T) {
	t.Parallel()
	fake := catalogfake.NewExample()
	ctx := context.Background()
	if b, err := fake.GetBuilding(ctx, &catalogv1.GetBuildingRequest{}); err != nil || b.GetName() != catalogfake.ExampleBuilding().GetName() {
		t.Fatalf("GetBuilding = %v, %v; want the example building", b, err)
	}
	if b, _ := fake.GetBuilding(ctx, &catalogv1.GetBuildingRequest{}); b.GetMoneyRules().GetHandoverAnswerDays() != 14 ||
		!slices.Equal(b.GetMoneyRules().GetMeters(), []string{"Strom", "Wasser"}) || b.GetBooks().GetAccountLength() != 4 || b.GetBooks().GetDepositAccount() != 1790 {
		t.Errorf("the example building's rules %v and books %v; want the catalog's defaults, with the demo's meters", b.GetMoneyRules(), b.GetBooks())
	}
	other := &catalogv1.Building{Id: 7, Name: "Haus Ost", Address: "Oststraße 2", Contact: &catalogv1.Contact{Email: "ost@example.org"}}
	fake.SetBuilding(other)
	if b, err := fake.GetBuilding(ctx, &catalogv1.GetBuildingRequest{}); err != nil || b.GetName() != "Haus Ost" || b.GetContact().GetEmail() != "ost@example.org" {
		t.Fatalf("GetBuilding after SetBuilding = %v, %v", b, err)
	}
}
