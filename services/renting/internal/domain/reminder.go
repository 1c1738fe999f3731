package domain

import "time"

// Step is what a renting waits for its renter to do; a renter who takes too long is reminded of it
// once, with the link to it (docs/booking.md, "Reminders").
type Step string

// The steps a renter is reminded of.
const (
	StepConfirmEmail  Step = "CONFIRM_EMAIL"  // APARTMENT_REQUESTED: open the confirmation link
	StepSignContract  Step = "SIGN_CONTRACT"  // CONTRACT_REQUESTED: sign the contract
	StepPayRent       Step = "PAY_RENT"       // UNPAID: pay the semester
	StepAnswerRenewal Step = "ANSWER_RENEWAL" // RENEWAL_REQUEST: extend or decline
)

// WaitsIn is the state in which a renting waits for the step.
func (s Step) WaitsIn() State {
	switch s {
	case StepConfirmEmail:
		return ApartmentRequested
	case StepSignContract:
		return ContractRequested
	case StepPayRent:
		return Unpaid
	default:
		return RenewalRequest
	}
}

// ReminderRules say when a renter is reminded of each step.
type ReminderRules struct {
	ConfirmEmailAfter time.Duration // after the request, before it expires
	SignContractAfter time.Duration // after the contract was sent
	PayRentAfter      time.Duration // after the payment was requested
	RenewalDaysBefore int           // days before the semester's renewal deadline
}

// After is how long a renting waits for the step before its renter is reminded; the renewal's
// reminder goes by its deadline instead (RenewalReminderFrom).
func (rules ReminderRules) After(step Step) time.Duration {
	switch step {
	case StepConfirmEmail:
		return rules.ConfirmEmailAfter
	case StepSignContract:
		return rules.SignContractAfter
	default:
		return rules.PayRentAfter
	}
}

// RenewalReminderFrom is when the renters who have not answered their renewal for the semester are
// reminded: the start of the day RenewalDaysBefore days before its renewal deadline, in the
// residence's time zone tz. A renewal offered after that moment is not reminded (its offer is
// recent); ok is false when the semester takes no renewals or its deadline passed on today (a day at
// midnight UTC, like the semester's days).
func (rules ReminderRules) RenewalReminderFrom(semester Semester, today time.Time, tz *time.Location) (from time.Time, ok bool) {
	if semester.RenewalDeadline.IsZero() || semester.RenewalDeadlinePassed(today) {
		return time.Time{}, false
	}
	d := semester.RenewalDeadline.AddDate(0, 0, -rules.RenewalDaysBefore)
	return time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, tz), true
}
