package domain

import (
	"slices"
	"time"

	"github.com/google/uuid"
)

// Renting is one renter's booking of one apartment for one semester. Its id is a random UUID and
// also the capability in the public links of the booking flow.
type Renting struct {
	ID          string
	RenterID    int64
	ApartmentID int
	SemesterID  int
	State       State
	Renewal     bool // created by the renewal job for a renter who already lives there
	CreatedAt   time.Time
	UpdatedAt   time.Time
	SigningLink string // where the renter signs the contract, once requested
	PaymentLink string // where the renter pays the rent, once the payment exists
	AccessKey   string // the key code, made when the rent is paid
	// ContractPrice is the total the contract was written with, once requested: what the renter pays.
	ContractPrice ContractPrice
	// KeyCodeSentAt is when the key code went out to the renter's mail (the job announced it), nil before.
	KeyCodeSentAt *time.Time
	// Cancellation is the office's, when the office cancelled the booking; nil otherwise.
	Cancellation *Cancellation
	// Money is what the payment service reported beside the state: a debit under way, a dispute, a failed refund.
	Money MoneyMarks

	changes      []Transition
	marksChanged bool // the row changed without a transition (money marks, a reissued contract)
	reissuedAt   time.Time
	renewalToken string // drawn with a new renewal; a loaded renting has only its stored hash
}

// Transition is one move of a renting: what the log records and the event announces.
type Transition struct {
	RentingID string
	From, To  State
	At        time.Time
}

// NewRenting makes the renting of a booking in its first state, APARTMENT_REQUESTED.
func NewRenting(renterID int64, apartmentID, semesterID int, at time.Time) *Renting {
	return newRenting(renterID, apartmentID, semesterID, ApartmentRequested, at)
}

// NewRenewal makes the renting of a renewal of the renter's renting before in its first state,
// RENEWAL_REQUEST, and draws the renewal link's token.
func NewRenewal(renterID int64, apartmentID, semesterID int, at time.Time) *Renting {
	r := newRenting(renterID, apartmentID, semesterID, RenewalRequest, at)
	r.Renewal, r.renewalToken = true, newLinkToken()
	return r
}

func newRenting(renterID int64, apartmentID, semesterID int, first State, at time.Time) *Renting {
	r := &Renting{ID: uuid.NewString(), RenterID: renterID, ApartmentID: apartmentID, SemesterID: semesterID, CreatedAt: at}
	r.move(first, at)
	return r
}

// RenewalToken returns the renewal link's token of a renewal just made (or given its token), to
// store (hashed) and to announce to the renter; "" for any other renting.
func (r *Renting) RenewalToken() string { return r.renewalToken }

// IssueRenewalToken draws a renewal link's token for a renewal offered before renewal links carried
// one, or for the renewal reminder's link; a renting that no longer waits for its renewal answer gets
// none.
func (r *Renting) IssueRenewalToken() error {
	if r.State != RenewalRequest {
		return &TransitionError{RentingID: r.ID, From: r.State, To: RenewalRequest}
	}
	r.renewalToken = newLinkToken()
	return nil
}

// MoveTo applies one transition of the state machine; a move it does not allow changes nothing and
// comes back as a *TransitionError.
func (r *Renting) MoveTo(to State, at time.Time) error {
	if !CanMove(r.State, to) {
		return &TransitionError{RentingID: r.ID, From: r.State, To: to}
	}
	r.move(to, at)
	return nil
}

func (r *Renting) move(to State, at time.Time) {
	r.changes = append(r.changes, Transition{RentingID: r.ID, From: r.State, To: to, At: at})
	r.State, r.UpdatedAt = to, at
}

// Reselect moves a renting whose apartment was taken to another apartment of the same semester.
func (r *Renting) Reselect(apartmentID int, at time.Time) error {
	if err := r.MoveTo(ApartmentReserved, at); err != nil {
		return err
	}
	r.ApartmentID = apartmentID
	return nil
}

// Changes returns the transitions applied since the renting was loaded or made, oldest first.
func (r *Renting) Changes() []Transition { return r.changes }

// Outcome is what confirming the e-mail of a booking request came to.
type Outcome string

// The outcomes of an e-mail confirmation.
const (
	Confirmed      Outcome = "CONFIRMED"
	ApartmentTaken Outcome = "APARTMENT_TAKEN"
	InvalidToken   Outcome = "INVALID_TOKEN"
	ExpiredToken   Outcome = "EXPIRED_TOKEN"
)

// ConfirmationOutcome is the answer to a confirmation of a renting in state s, so that a repeated
// confirmation answers what the first one did: an expired (canceled) request reads as an expired
// token.
func ConfirmationOutcome(s State) Outcome {
	switch {
	case s == SelectApartment:
		return ApartmentTaken
	case s == Canceled:
		return ExpiredToken
	case s == ApartmentRequested:
		return InvalidToken // not confirmed: the caller never asks in this state
	default:
		return Confirmed
	}
}

// RefuseIfHolding refuses a renter's new booking request for a semester in which one of the
// renter's rentings holds an apartment (a renter holds at most one apartment per semester). It
// changes nothing: a request is nobody's word until the address owner confirms it.
func RefuseIfHolding(existing []*Renting) error {
	for _, r := range existing {
		if r.State.Holds() {
			return ErrRenterHoldsApartment
		}
	}
	return nil
}

// ConfirmRequest applies the address owner's confirmation of a booking request: it reserves the
// apartment, or asks for another one when apartmentHeld, or cancels the request when another of the
// renter's rentings of the semester (others) holds an apartment by now. Unless cancelled, the
// confirmed request is the one that counts: the renter's other open requests of the semester are
// cancelled (superseded). A renting already past APARTMENT_REQUESTED changes nothing and answers
// the outcome of its first confirmation.
func ConfirmRequest(r *Renting, apartmentHeld bool, others []*Renting, at time.Time) (Outcome, error) {
	if r.State != ApartmentRequested {
		return ConfirmationOutcome(r.State), nil
	}
	to := ApartmentReserved
	switch {
	case RefuseIfHolding(others) != nil:
		to = Canceled
	case apartmentHeld:
		to = SelectApartment
	}
	if err := r.MoveTo(to, at); err != nil {
		return "", err
	}
	if to != Canceled {
		for _, o := range others {
			if o.State.Open() && o.ID != r.ID {
				if err := o.MoveTo(Canceled, at); err != nil {
					return "", err
				}
			}
		}
	}
	return ConfirmationOutcome(to), nil
}

// LeftRequest reports whether the renting left APARTMENT_REQUESTED since it was loaded: its
// request's form is no longer needed.
func (r *Renting) LeftRequest() bool {
	return slices.ContainsFunc(r.changes, func(t Transition) bool { return t.From == ApartmentRequested })
}
