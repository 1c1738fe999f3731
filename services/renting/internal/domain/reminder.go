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
	// StepAnswerHandover: PAYED (ended), confirm or dispute the handover (HandoverReminderDue).
	StepAnswerHandover Step = "ANSWER_HANDOVER"
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
	case StepAnswerHandover:
		return Payed
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
	// AnswerRenewalAfter is how long a renewal offered within those days waits before its reminder.
	AnswerRenewalAfter time.Duration
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

// RenewalRemindedIfOfferedBefore says which unanswered renewals of the semester are reminded at now:
// those offered before the reminder window began (RenewalReminderFrom), and, once AnswerRenewalAfter
// has passed within the window, those offered within it that long ago, so that a renewal offered
// late is reminded too, but never right after its offer. ok is false outside the window.
func (rules ReminderRules) RenewalRemindedIfOfferedBefore(semester Semester, now, today time.Time, tz *time.Location) (offeredBefore time.Time, ok bool) {
	from, ok := rules.RenewalReminderFrom(semester, today, tz)
	if !ok || now.Before(from) {
		return time.Time{}, false
	}
	if longAgo := now.Add(-rules.AnswerRenewalAfter); longAgo.After(from) {
		return longAgo, true
	}
	return from, true
}

// RenewalReminderFrom is when the reminder window of the semester's renewals opens: the start of the
// day RenewalDaysBefore days before its renewal deadline, in the residence's time zone tz. ok is
// false when the semester takes no renewals or its deadline passed on today (a day at midnight UTC,
// like the semester's days).
func (rules ReminderRules) RenewalReminderFrom(semester Semester, today time.Time, tz *time.Location) (from time.Time, ok bool) {
	if semester.RenewalDeadline.IsZero() || semester.RenewalDeadlinePassed(today) {
		return time.Time{}, false
	}
	d := semester.RenewalDeadline.AddDate(0, 0, -rules.RenewalDaysBefore)
	return time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, tz), true
}
