package domain

import (
	"testing"
	"time"
)

func day(s string) time.Time {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		panic(err)
	}
	return t
}

func TestSemesterContaining_namesAndBoundaries(t *testing.T) {
	t.Parallel()
	tests := []struct {
		day, name, start, end string
	}{
		{"2026-11-22", "WiSe 2026/27", "2026-10-01", "2027-03-31"},
		{"2027-03-31", "WiSe 2026/27", "2026-10-01", "2027-03-31"},
		{"2027-04-01", "SoSe 2027", "2027-04-01", "2027-09-30"},
		{"2027-09-30", "SoSe 2027", "2027-04-01", "2027-09-30"},
		{"2099-10-01", "WiSe 2099/00", "2099-10-01", "2100-03-31"},
	}
	for _, tt := range tests {
		s := SemesterContaining(day(tt.day))
		if s.Name != tt.name || !s.Start.Equal(day(tt.start)) || !s.End.Equal(day(tt.end)) {
			t.Errorf("SemesterContaining(%s) = %s %s..%s, want %s %s..%s", tt.day, s.Name,
				s.Start.Format(time.DateOnly), s.End.Format(time.DateOnly), tt.name, tt.start, tt.end)
		}
		if s.Months() != 6 {
			t.Errorf("%s lasts %d months, want 6", s.Name, s.Months())
		}
	}
}

func TestCalendar_phasesOnTheDesignExampleDay(t *testing.T) {
	t.Parallel()
	cal := Calendar{Today: day("2026-11-22"), RenewalWindowDays: 30}
	tests := []struct {
		semester     string
		phase        Phase
		current      bool
		startsInDays int
	}{
		{"2026-05-01", PhaseFinished, false, -235},
		{"2026-11-01", PhaseRunning, true, -52},
		{"2027-05-01", PhaseBooking, false, 130},
		{"2027-11-01", PhasePlanned, false, 313},
	}
	for _, tt := range tests {
		v := cal.View(SemesterContaining(day(tt.semester)))
		if v.Phase != tt.phase || v.Current != tt.current || v.StartsInDays != tt.startsInDays {
			t.Errorf("%s: phase %s current %v startsInDays %d, want %s %v %d",
				v.Name, v.Phase, v.Current, v.StartsInDays, tt.phase, tt.current, tt.startsInDays)
		}
	}
}

func TestCalendar_renewalWindowOpensWithThePreviousSemester(t *testing.T) {
	t.Parallel()
	summer := SemesterContaining(day("2027-05-01"))
	tests := []struct {
		today string
		phase Phase
	}{
		{"2026-09-30", PhasePlanned},
		{"2026-10-01", PhaseRenewal},
		{"2026-10-30", PhaseRenewal},
		{"2026-10-31", PhaseBooking},
		{"2027-03-31", PhaseBooking},
		{"2027-04-01", PhaseRunning},
		{"2027-10-01", PhaseFinished},
	}
	for _, tt := range tests {
		v := Calendar{Today: day(tt.today), RenewalWindowDays: 30}.View(summer)
		if v.Phase != tt.phase {
			t.Errorf("on %s %s is %s, want %s", tt.today, summer.Name, v.Phase, tt.phase)
		}
		if !v.RenewalDeadline.Equal(day("2026-10-30")) {
			t.Errorf("renewal deadline %s, want 2026-10-30", v.RenewalDeadline.Format(time.DateOnly))
		}
	}
}

func TestBookable_prefersBookingOverRenewalAndTheEarliest(t *testing.T) {
	t.Parallel()
	view := func(start string, phase Phase) SemesterView {
		return SemesterView{Semester: Semester{Name: start, Start: day(start)}, Phase: phase}
	}
	tests := []struct {
		name  string
		views []SemesterView
		want  string
		ok    bool
	}{
		{"booking wins", []SemesterView{view("2027-10-01", PhaseRenewal), view("2027-04-01", PhaseBooking)}, "2027-04-01", true},
		{"earliest booking", []SemesterView{view("2027-10-01", PhaseBooking), view("2027-04-01", PhaseBooking)}, "2027-04-01", true},
		{"renewal when no booking", []SemesterView{view("2026-10-01", PhaseRunning), view("2027-04-01", PhaseRenewal)}, "2027-04-01", true},
		{"none", []SemesterView{view("2026-10-01", PhaseRunning)}, "", false},
	}
	for _, tt := range tests {
		got, ok := Bookable(tt.views)
		if ok != tt.ok || got.Name != tt.want {
			t.Errorf("%s: got %q %v, want %q %v", tt.name, got.Name, ok, tt.want, tt.ok)
		}
	}
}

func TestDay_usesTheResidencesTimeZone(t *testing.T) {
	t.Parallel()
	berlin, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	lateEvening := time.Date(2026, 9, 30, 22, 30, 0, 0, time.UTC) // already 1 October in Berlin
	if got := Day(lateEvening, berlin); !got.Equal(day("2026-10-01")) {
		t.Errorf("Day = %s, want 2026-10-01", got.Format(time.DateOnly))
	}
}
