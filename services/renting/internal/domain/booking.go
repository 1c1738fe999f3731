package domain

import "time"

// LogEntry is one line of the append-only renting log: a renting reached a state at a time.
type LogEntry struct {
	RentingID   string
	State       State
	ApartmentID int
	SemesterID  int
	At          time.Time
}

// Booking is the admin's milestone view of one renting, derived from its log.
type Booking struct {
	Renting               Renting
	EmailConfirmed        bool
	RenterIsUnlocked      bool
	ContractSigned        bool
	ApartmentPaid         bool
	CreatedDate           *time.Time
	EmailConfirmedDate    *time.Time
	OwnerAcknowledgedDate *time.Time
	ContractRequestedDate *time.Time
	ContractSignedDate    *time.Time
	PaidDate              *time.Time
	// KeyCodeDueOn is the day the key code is to go out (KEY_CODE_DAYS before move-in) while it has
	// not yet: set for a paid renting whose key code was not sent.
	KeyCodeDueOn *time.Time
	// RenewalDeadline is the last day the renter may answer a renewal (set for renewals only).
	RenewalDeadline *time.Time
	// Handover is the renting's handover, once the office recorded it.
	Handover *Handover
}

// BookingOf derives the milestones of a renting from its log entries. A renewal counts as e-mail
// confirmed and unlocked: its renter went through both with the first booking.
func BookingOf(r Renting, log []LogEntry) Booking {
	b := Booking{Renting: r}
	for _, e := range log {
		if e.RentingID != r.ID {
			continue
		}
		at := e.At
		switch e.State {
		case ApartmentRequested, RenewalRequest:
			b.CreatedDate = first(b.CreatedDate, at)
		case ApartmentReserved:
			b.EmailConfirmedDate = first(b.EmailConfirmedDate, at)
		case OwnerAcknowledged:
			b.OwnerAcknowledgedDate = first(b.OwnerAcknowledgedDate, at)
		case ContractRequested:
			b.ContractRequestedDate = first(b.ContractRequestedDate, at)
		case ContractSigned:
			b.ContractSignedDate = first(b.ContractSignedDate, at)
		case Payed:
			b.PaidDate = first(b.PaidDate, at)
		}
	}
	b.EmailConfirmed = r.Renewal || b.EmailConfirmedDate != nil
	b.RenterIsUnlocked = r.Renewal || b.OwnerAcknowledgedDate != nil
	b.ContractSigned = b.ContractSignedDate != nil
	b.ApartmentPaid = b.PaidDate != nil
	return b
}

// first keeps the earliest time a milestone was reached.
func first(current *time.Time, at time.Time) *time.Time {
	if current != nil && current.Before(at) {
		return current
	}
	return &at
}

// ApartmentStatus is what the admin overview shows for an apartment in a semester, given the
// rentings of that apartment in that semester and whether it is blocked: the holding renting, else
// APARTMENT_BLOCKED, else the newest open request (its confirmation will find the apartment taken),
// else NOT_YET_BOOKABLE while the semester is planned, AVAILABLE while it can be booked and
// APARTMENT_EMPTY once it runs. The
// renting that gives the status is returned too (nil when none does).
func ApartmentStatus(rentings []Renting, blocked bool, phase Phase) (State, *Renting) {
	var newestOpen *Renting
	for i := range rentings {
		r := &rentings[i]
		if r.State.Holds() {
			return r.State, r
		}
		if r.State.Open() && (newestOpen == nil || r.CreatedAt.After(newestOpen.CreatedAt)) {
			newestOpen = r
		}
	}
	if blocked {
		return ApartmentBlocked, nil
	}
	if newestOpen != nil {
		return newestOpen.State, newestOpen
	}
	switch phase {
	case PhaseRunning, PhaseFinished:
		return ApartmentEmpty, nil
	case PhasePlanned:
		return NotYetBookable, nil
	}
	return Available, nil
}
