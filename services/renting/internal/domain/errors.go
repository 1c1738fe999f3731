// Package domain holds the renting aggregate, its state machine and the rules of the booking
// lifecycle (docs/booking.md). Of the project it imports only platform/exception, the business
// exception every service raises.
package domain

import (
	"errors"
	"fmt"
	"strconv"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/validation"
)

// Sentinel errors of the renting domain.
var (
	// ErrNotFound means the asked-for renting (or apartment, semester, renter) does not exist.
	ErrNotFound = errors.New("not found")
	// ErrNoApartment and ErrNoSemester say which side of a booking or a price is unknown.
	ErrNoApartment = fmt.Errorf("apartment %w", ErrNotFound)
	ErrNoSemester  = fmt.Errorf("semester %w", ErrNotFound)
	// ErrApartmentTaken means another renting holds the apartment for the semester.
	ErrApartmentTaken = errors.New("apartment taken")
	// ErrRenterHoldsApartment means the renter already holds an apartment for the semester.
	ErrRenterHoldsApartment = errors.New("renter already holds an apartment for the semester")
	// ErrInvalidToken and ErrExpiredToken are the two ways an e-mail confirmation token fails.
	ErrInvalidToken = errors.New("invalid e-mail confirmation token")
	ErrExpiredToken = errors.New("expired e-mail confirmation token")
	// ErrContractNotOpen means the document service holds no open (unsigned) contract of the renting.
	ErrContractNotOpen = errors.New("no open contract")
)

// Message ids of the business exceptions the renting service raises; the web apps translate them.
const (
	MsgInvalid = "invalid"
	// MsgInvalidFileType is the document service's id for a file of a type it does not take.
	MsgInvalidFileType     = "INVALID_FILETYPE"
	MsgApartmentTaken      = "APARTMENT_TAKEN"
	MsgSemesterNotBookable = "SEMESTER_NOT_BOOKABLE"
	MsgNoApartment         = "NO_APARTMENT"
	MsgNoRenting           = "NO_RENTING"
	MsgNoSemester          = "NO_SEMESTER"
	MsgAlreadyRenting      = "ALREADY_RENTING"
	MsgNotAllowed          = "TRANSITION_NOT_ALLOWED"
	MsgNotNull             = "NOT_NULL"
	MsgStringMax           = validation.MsgStringMax
	MsgSingleLine          = validation.MsgSingleLine
	// MsgApartmentHeld refuses to block an apartment a renting holds (params id, state).
	MsgApartmentHeld = "APARTMENT_HELD"
	// MsgNotBlocked: the apartment is not blocked in the semester (param id).
	MsgNotBlocked = "NOT_BLOCKED"
	// MsgRefundOutOfBounds: a refund below 0 or above what was paid less what is refunded (param max, in euros with two decimals).
	MsgRefundOutOfBounds = "REFUND_OUT_OF_BOUNDS"
	// MsgAlreadyCanceled: the booking to cancel is cancelled already.
	MsgAlreadyCanceled = "ALREADY_CANCELED"
	// MsgCancelInstead refuses to delete a booking whose contract is out (params id, state): the office
	// cancels it, which tells the renter and refunds.
	MsgCancelInstead = "CANCEL_INSTEAD"
)

// TransitionError is a move the state machine refuses.
type TransitionError struct {
	RentingID string
	From, To  State
}

func (e *TransitionError) Error() string {
	return "renting " + e.RentingID + " cannot move from " + strconv.Quote(string(e.From)) + " to " + string(e.To)
}

// Exception is the business exception for the refused move.
func (e *TransitionError) Exception() *exception.Error {
	return exception.New("rentingId", MsgNotAllowed, "from", string(e.From), "to", string(e.To))
}
