package domain

import (
	"fmt"
	"strings"
	"time"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/validation"
)

// Semester is one rental period. Start and End are calendar days (midnight UTC stands for the day).
type Semester struct {
	ID    int
	Name  string
	Start time.Time
	End   time.Time
}

// Phase is where a semester stands in its renting life.
type Phase string

const (
	PhasePlanned  Phase = "PLANNED"  // nobody can book it yet
	PhaseRenewal  Phase = "RENEWAL"  // current renters may extend into it
	PhaseBooking  Phase = "BOOKING"  // open to everybody until it starts
	PhaseRunning  Phase = "RUNNING"  // renters live there
	PhaseFinished Phase = "FINISHED" // over
)

// Day returns the calendar day of t in loc, as midnight UTC, so that day arithmetic ignores
// daylight-saving shifts.
func Day(t time.Time, loc *time.Location) time.Time {
	y, m, d := t.In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// SemestersAround returns the semester before the one that day falls into, that one and the next two,
// so that a residence that just started has one open for booking.
func SemestersAround(day time.Time) []Semester {
	current := SemesterContaining(day)
	return []Semester{current.Previous(), current, current.Next(), current.Next().Next()}
}

// SemesterContaining returns the semester (without id) that the calendar day falls into: the summer
// semester runs from 1 April to 30 September, the winter semester from 1 October to 31 March.
func SemesterContaining(day time.Time) Semester {
	year, month := day.Year(), day.Month()
	if month >= time.April && month <= time.September {
		return Semester{
			Name:  fmt.Sprintf("SoSe %d", year),
			Start: time.Date(year, time.April, 1, 0, 0, 0, 0, time.UTC),
			End:   time.Date(year, time.September, 30, 0, 0, 0, 0, time.UTC),
		}
	}
	if month <= time.March {
		year--
	}
	return Semester{
		Name:  fmt.Sprintf("WiSe %d/%02d", year, (year+1)%100),
		Start: time.Date(year, time.October, 1, 0, 0, 0, 0, time.UTC),
		End:   time.Date(year+1, time.March, 31, 0, 0, 0, 0, time.UTC),
	}
}

// Next returns the semester that follows s.
func (s Semester) Next() Semester { return SemesterContaining(s.End.AddDate(0, 0, 1)) }

// Previous returns the semester before s.
func (s Semester) Previous() Semester { return SemesterContaining(s.Start.AddDate(0, 0, -1)) }

// Months is how many whole months the semester lasts, the quantity the rent is charged for.
func (s Semester) Months() int {
	after := s.End.AddDate(0, 0, 1)
	return (after.Year()-s.Start.Year())*12 + int(after.Month()-s.Start.Month())
}

// Calendar decides the phase of a semester on a given day. The renewal window opens when the
// previous semester starts and lasts RenewalWindowDays; booking is open from its end until the
// semester starts.
type Calendar struct {
	Today             time.Time // a calendar day as Day returns it
	RenewalWindowDays int
}

// SemesterView is a semester as seen on the calendar's day.
type SemesterView struct {
	Semester
	Current         bool
	Phase           Phase
	StartsInDays    int
	RenewalDeadline time.Time
}

// View computes what a semester looks like today.
func (c Calendar) View(s Semester) SemesterView {
	return SemesterView{
		Semester:        s,
		Current:         !c.Today.Before(s.Start) && !c.Today.After(s.End),
		Phase:           c.phase(s),
		StartsInDays:    int(s.Start.Sub(c.Today).Hours() / 24),
		RenewalDeadline: c.bookingOpens(s).AddDate(0, 0, -1),
	}
}

func (c Calendar) bookingOpens(s Semester) time.Time {
	return s.Previous().Start.AddDate(0, 0, c.RenewalWindowDays)
}

func (c Calendar) phase(s Semester) Phase {
	switch {
	case c.Today.After(s.End):
		return PhaseFinished
	case !c.Today.Before(s.Start):
		return PhaseRunning
	case c.Today.Before(s.Previous().Start):
		return PhasePlanned
	case c.Today.Before(c.bookingOpens(s)):
		return PhaseRenewal
	default:
		return PhaseBooking
	}
}

// Bookable picks the semester that the booking site offers: the earliest one open for booking,
// else the earliest one open for renewal. ok is false when there is none.
func Bookable(views []SemesterView) (bookable SemesterView, ok bool) {
	for _, phase := range []Phase{PhaseBooking, PhaseRenewal} {
		for _, v := range views {
			if v.Phase == phase && (!ok || v.Start.Before(bookable.Start)) {
				bookable, ok = v, true
			}
		}
		if ok {
			return bookable, true
		}
	}
	return SemesterView{}, false
}

// MaxSemesterNameLength is the longest name an administrator may give a semester.
const MaxSemesterNameLength = 40

// maxSemesterDays is the longest a semester may last: a year.
const maxSemesterDays = 366

// SemesterInput is what an administrator enters for a semester: its name and its first and last day.
type SemesterInput struct {
	Name       string
	Start, End time.Time
}

// NewSemester checks an administrator's new semester: a name on one line of at most
// MaxSemesterNameLength characters, a last day after the first, at most a year long. Whether it
// overlaps another semester is the store's check, which sees them all.
func NewSemester(in SemesterInput) (Semester, error) {
	s := Semester{}
	return s, s.apply(in)
}

// Edit changes the semester's name and dates as NewSemester checks them. The dates of a semester
// that has started (today lies on or after its first day) are what its renters booked and paid, so
// they stay; its name may change.
func (s *Semester) Edit(in SemesterInput, today time.Time) error {
	if !today.Before(s.Start) && (!in.Start.Equal(s.Start) || !in.End.Equal(s.End)) {
		return exception.New("startDate", MsgSemesterStarted, "name", s.Name)
	}
	return s.apply(in)
}

func (s *Semester) apply(in SemesterInput) error {
	name := strings.TrimSpace(in.Name)
	if name == "" {
		return exception.New("name", MsgNotNull)
	}
	if err := validation.SingleLine("name", name, MaxSemesterNameLength); err != nil {
		return err
	}
	switch {
	case !in.End.After(in.Start):
		return exception.New("endDate", MsgSemesterDates)
	case in.End.Sub(in.Start).Hours()/24 >= maxSemesterDays:
		return exception.New("endDate", MsgSemesterTooLong, "maxDays", itoa(maxSemesterDays))
	}
	s.Name, s.Start, s.End = name, in.Start, in.End
	return nil
}

// Overlaps reports whether the two semesters share a day.
func (s Semester) Overlaps(o Semester) bool {
	return !s.Start.After(o.End) && !o.Start.After(s.End)
}

// SemestersAhead returns the regular semesters (SemesterContaining) from the one today lies in up to
// the last that starts within months from today: the semesters a residence keeps ready ahead.
func SemestersAhead(today time.Time, months int) []Semester {
	until := today.AddDate(0, months, 0)
	var ahead []Semester
	for s := SemesterContaining(today); !s.Start.After(until); s = s.Next() {
		ahead = append(ahead, s)
	}
	return ahead
}
