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
