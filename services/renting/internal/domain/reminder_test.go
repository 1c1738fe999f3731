package domain

import (
	"testing"
	"time"
)

func TestRenewalReminderFrom_aWeekBeforeTheDeadlineInTheResidencesTimeZoneUntilTheDeadlineDay(t *testing.T) {
	t.Parallel()
	berlin, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	rules := ReminderRules{RenewalDaysBefore: 7}
	summer := Semester{RenewalDeadline: time.Date(2026, 10, 30, 0, 0, 0, 0, time.UTC)}
	day := func(d int) time.Time { return time.Date(2026, 10, d, 0, 0, 0, 0, time.UTC) }
	tests := []struct {
		name     string
		semester Semester
		today    time.Time
		due      bool
	}{
		{"weeks before: the moment lies ahead", summer, day(15), true},
		{"the deadline day", summer, day(30), true},
		{"after the deadline", summer, day(31), false},
		{"a semester without renewals", Semester{}, day(15), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			from, ok := rules.RenewalReminderFrom(tt.semester, tt.today, berlin)
			if ok != tt.due {
				t.Fatalf("due %v, want %v", ok, tt.due)
			}
			if want := time.Date(2026, 10, 23, 0, 0, 0, 0, berlin); ok && !from.Equal(want) {
				t.Errorf("from %s, want %s", from, want)
			}
		})
	}
}

func TestRenewalRemindedIfOfferedBefore_theWindowsStartOrTheWaitWithinIt(t *testing.T) {
	t.Parallel()
	rules := ReminderRules{RenewalDaysBefore: 7, AnswerRenewalAfter: 72 * time.Hour}
	summer := Semester{RenewalDeadline: time.Date(2026, 10, 30, 0, 0, 0, 0, time.UTC)}
	windowStart := time.Date(2026, 10, 23, 0, 0, 0, 0, time.UTC)
	at := func(d, h int) time.Time { return time.Date(2026, 10, d, h, 0, 0, 0, time.UTC) }
	day := func(d int) time.Time { return time.Date(2026, 10, d, 0, 0, 0, 0, time.UTC) }
	tests := []struct {
		name          string
		now           time.Time
		offeredBefore time.Time // zero: no reminders
	}{
		{"before the window", at(22, 23), time.Time{}},
		{"the window's first days: offered before it", at(25, 12), windowStart},
		{"three days into the window: offered before it or 72 h ago", at(26, 12), at(23, 12)},
		{"the deadline day", at(30, 18), at(27, 18)},
		{"after the deadline", at(31, 1), time.Time{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, ok := rules.RenewalRemindedIfOfferedBefore(summer, tt.now, day(tt.now.Day()), time.UTC)
			if ok != !tt.offeredBefore.IsZero() || !got.Equal(tt.offeredBefore) {
				t.Errorf("offered before %s (%v), want %s", got, ok, tt.offeredBefore)
			}
		})
	}
}

func TestStep_waitsInTheStateOfTheStepsMail(t *testing.T) {
	t.Parallel()
	tests := map[Step]State{
		StepConfirmEmail: ApartmentRequested, StepSignContract: ContractRequested, StepPayRent: Unpaid, StepAnswerRenewal: RenewalRequest,
	}
	for step, want := range tests {
		if got := step.WaitsIn(); got != want {
			t.Errorf("%s waits in %s, want %s", step, got, want)
		}
	}
}
