package domain

import "slices"

// State is where a renting stands in the booking lifecycle, or (for the admin overview only) the
// status of an apartment nobody holds.
type State string

// The renting states of docs/booking.md, and the apartment-only statuses AVAILABLE, APARTMENT_EMPTY,
// APARTMENT_BLOCKED and NOT_YET_BOOKABLE, which a renting never has.
const (
	ApartmentRequested State = "APARTMENT_REQUESTED"
	ApartmentReserved  State = "APARTMENT_RESERVED"
	SelectApartment    State = "SELECT_APARTMENT"
	OwnerAcknowledged  State = "OWNER_ACKNOWLEDGED"
	ContractRequested  State = "CONTRACT_REQUESTED"
	ContractSigned     State = "CONTRACT_SIGNED"
	Unpaid             State = "UNPAID"
	Payed              State = "PAYED"
	RenewalRequest     State = "RENEWAL_REQUEST"
	RenewalAccepted    State = "RENEWAL_ACCEPTED"
	Canceled           State = "CANCELED"

	Available        State = "AVAILABLE"
	ApartmentEmpty   State = "APARTMENT_EMPTY"
	ApartmentBlocked State = "APARTMENT_BLOCKED"
	NotYetBookable   State = "NOT_YET_BOOKABLE"
)

// none is the state before a renting exists; only NewRenting leaves it (to a request or a renewal).
const none State = ""

// transitions is the state machine of docs/booking.md: every allowed move, nothing else.
var transitions = map[State][]State{
	none:               {ApartmentRequested, RenewalRequest},
	ApartmentRequested: {ApartmentReserved, SelectApartment, Canceled},
	SelectApartment:    {ApartmentReserved, Canceled},
	ApartmentReserved:  {OwnerAcknowledged, Canceled},
	OwnerAcknowledged:  {ContractRequested, Canceled},
	RenewalRequest:     {RenewalAccepted, Canceled},
	RenewalAccepted:    {ContractRequested, Canceled},
	ContractRequested:  {ContractSigned, Canceled},
	ContractSigned:     {Unpaid, Canceled},
	Unpaid:             {Payed, Canceled},
	Payed:              {Canceled},
}

// CanMove reports whether the state machine allows the move from one state to another.
func CanMove(from, to State) bool {
	return slices.Contains(transitions[from], to)
}

// holding lists the states in which a renting holds its apartment for its semester. The database's
// partial unique indexes (migrations/00001_renting.sql) and the query ApartmentHolder spell out the
// same list; the repository's tests hold them to it.
var holding = []State{
	ApartmentReserved, OwnerAcknowledged, ContractRequested, ContractSigned, Unpaid, Payed,
	RenewalRequest, RenewalAccepted,
}

// Holds reports whether a renting in state s holds its apartment (and its renter's place) for the
// semester.
func (s State) Holds() bool { return slices.Contains(holding, s) }

// Open reports whether a renting in state s waits for its renter: an unconfirmed e-mail or a taken
// apartment to replace.
func (s State) Open() bool { return s == ApartmentRequested || s == SelectApartment }

// closingSteps orders the states a booking or renewal passes once its identity is approved (or its
// renewal accepted): the contract and payment facts of the document and payment services arrive in
// this order.
var closingSteps = map[State]int{
	ApartmentReserved: 0, RenewalRequest: 0,
	OwnerAcknowledged: 1, RenewalAccepted: 1,
	ContractRequested: 2, ContractSigned: 3, Unpaid: 4, Payed: 5,
}

// Awaits tells whether a renting in s has yet to reach the state that a move to target starts from:
// the fact behind target came before the fact it follows (e.g. "signed" before "requested" was
// applied), so it must wait rather than be dropped. A renting already past target, or cancelled,
// awaits nothing.
func (s State) Awaits(target State) bool {
	from, known := closingSteps[s]
	to, isStep := closingSteps[target]
	return known && isStep && from < to-1
}
