package domain

import (
	"errors"
	"strings"
	"testing"
	"time"

	"semesterhaus/platform/exception"
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

func TestNewSemester_checksNameAndDates(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		in         SemesterInput
		path, msg  string
		wantStored string
	}{
		{"regular summer", SemesterInput{"SoSe 2029", day("2029-04-01"), day("2029-09-30")}, "", "", "SoSe 2029"},
		{"name trimmed", SemesterInput{"  Sommer 2029 ", day("2029-04-01"), day("2029-09-30")}, "", "", "Sommer 2029"},
		{"one day", SemesterInput{"Kurz", day("2029-04-01"), day("2029-04-02")}, "", "", "Kurz"},
		{"blank name", SemesterInput{" ", day("2029-04-01"), day("2029-09-30")}, "name", MsgNotNull, ""},
		{"long name", SemesterInput{strings.Repeat("x", MaxSemesterNameLength+1), day("2029-04-01"), day("2029-09-30")}, "name", MsgStringMax, ""},
		{"name over two lines", SemesterInput{"SoSe\n2029", day("2029-04-01"), day("2029-09-30")}, "name", MsgSingleLine, ""},
		{"end on the start", SemesterInput{"SoSe 2029", day("2029-04-01"), day("2029-04-01")}, "endDate", MsgSemesterDates, ""},
		{"end before the start", SemesterInput{"SoSe 2029", day("2029-09-30"), day("2029-04-01")}, "endDate", MsgSemesterDates, ""},
		{"longer than a year", SemesterInput{"Lang", day("2029-04-01"), day("2030-04-02")}, "endDate", MsgSemesterTooLong, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, err := NewSemester(tt.in)
			if tt.msg == "" {
				if err != nil || s.Name != tt.wantStored || !s.Start.Equal(tt.in.Start) || !s.End.Equal(tt.in.End) {
					t.Errorf("NewSemester = %+v, %v; want %q accepted", s, err, tt.wantStored)
				}
				return
			}
			var e *exception.Error
			if !errors.As(err, &e) || e.Path != tt.path || e.MessageID != tt.msg {
				t.Errorf("NewSemester error = %v, want %s at %s", err, tt.msg, tt.path)
			}
		})
	}
}

func TestSemesterEdit_datesOfAStartedSemesterStayItsNameMayChange(t *testing.T) {
	t.Parallel()
	running := Semester{ID: 3, Name: "WiSe 2026/27", Start: day("2026-10-01"), End: day("2027-03-31")}
	today := day("2026-11-22")

	renamed := running
	if err := renamed.Edit(SemesterInput{"Winter 2026/27", running.Start, running.End}, today); err != nil || renamed.Name != "Winter 2026/27" {
		t.Errorf("renaming a running semester: %+v, %v", renamed, err)
	}
	moved := running
	err := moved.Edit(SemesterInput{running.Name, running.Start, day("2027-03-30")}, today)
	var e *exception.Error
	if !errors.As(err, &e) || e.MessageID != MsgSemesterStarted || e.Path != "startDate" || moved != running {
		t.Errorf("moving a running semester's end: %v, %+v; want %s and nothing changed", err, moved, MsgSemesterStarted)
	}

	planned := Semester{ID: 5, Name: "WiSe 2027/28", Start: day("2027-10-01"), End: day("2028-03-31")}
	if err := planned.Edit(SemesterInput{"WiSe 2027/28", day("2027-10-04"), day("2028-03-31")}, today); err != nil || !planned.Start.Equal(day("2027-10-04")) {
		t.Errorf("moving a planned semester's start: %+v, %v", planned, err)
	}
	bad := planned
	if err := bad.Edit(SemesterInput{"", planned.Start, planned.End}, today); err == nil || bad != planned {
		t.Errorf("an invalid edit: %v, %+v; want refused and nothing changed", err, bad)
	}
}

func TestSemesterOverlaps_sharedDaysOnly(t *testing.T) {
	t.Parallel()
	summer := Semester{Start: day("2027-04-01"), End: day("2027-09-30")}
	tests := []struct {
		start, end string
		want       bool
	}{
		{"2027-10-01", "2028-03-31", false},
		{"2026-10-01", "2027-03-31", false},
		{"2027-09-30", "2028-03-31", true},
		{"2026-10-01", "2027-04-01", true},
		{"2027-05-01", "2027-06-01", true},
	}
	for _, tt := range tests {
		if got := summer.Overlaps(Semester{Start: day(tt.start), End: day(tt.end)}); got != tt.want {
			t.Errorf("summer 2027 overlaps %s..%s = %v, want %v", tt.start, tt.end, got, tt.want)
		}
	}
}

func TestSemestersAhead_fromTodaysSemesterUpToThoseStartingWithinTheMonths(t *testing.T) {
	t.Parallel()
	tests := []struct {
		today  string
		months int
		want   []string
	}{
		{"2026-11-22", 24, []string{"WiSe 2026/27", "SoSe 2027", "WiSe 2027/28", "SoSe 2028", "WiSe 2028/29"}},
		{"2026-09-30", 12, []string{"SoSe 2026", "WiSe 2026/27", "SoSe 2027"}},
		{"2027-04-01", 6, []string{"SoSe 2027", "WiSe 2027/28"}},
	}
	for _, tt := range tests {
		var got []string
		for _, s := range SemestersAhead(day(tt.today), tt.months) {
			got = append(got, s.Name)
		}
		if strings.Join(got, ",") != strings.Join(tt.want, ",") {
			t.Errorf("SemestersAhead(%s, %d) = %v, want %v", tt.today, tt.months, got, tt.want)
		}
	}
}
