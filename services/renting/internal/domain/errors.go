// Package domain holds the renting aggregate, its state machine and the rules of the booking
// lifecycle (docs/booking.md). It imports no other project package.
package domain

import (
	"errors"
	"fmt"
	"strconv"
)

// Sentinel errors of the renting domain.
var (
	// ErrNotFound means the asked-for renting (or apartment, semester, renter) does not exist.
	ErrNotFound = errors.New("not found")
	// ErrApartmentTaken means another renting holds the apartment for the semester.
	ErrApartmentTaken = errors.New("apartment taken")
	// ErrRenterHoldsApartment means the renter already holds an apartment for the semester.
	ErrRenterHoldsApartment = errors.New("renter already holds an apartment for the semester")
	// ErrInvalidToken and ErrExpiredToken are the two ways an e-mail confirmation token fails.
	ErrInvalidToken = errors.New("invalid e-mail confirmation token")
	ErrExpiredToken = errors.New("expired e-mail confirmation token")
)

// Message ids of the business exceptions the renting service raises; the web apps translate them.
const (
	MsgInvalid             = "invalid"
	MsgApartmentTaken      = "APARTMENT_TAKEN"
	MsgSemesterNotBookable = "SEMESTER_NOT_BOOKABLE"
	MsgNoApartment         = "NO_APARTMENT"
	MsgNoRenting           = "NO_RENTING"
	MsgAlreadyRenting      = "ALREADY_RENTING"
	MsgNotAllowed          = "TRANSITION_NOT_ALLOWED"
)

// ValidationError is a business exception: which input (Path) broke which rule (MessageID), with the
// values the message needs (Params).
type ValidationError struct {
	Path      string
	MessageID string
	Params    map[string]string
}

func (e *ValidationError) Error() string {
	return fmt.Sprintf("%s: %s %v", e.Path, e.MessageID, e.Params)
}

// Invalid makes a business exception; params are key, value pairs.
func Invalid(path, messageID string, params ...string) *ValidationError {
	e := &ValidationError{Path: path, MessageID: messageID, Params: map[string]string{}}
	for i := 0; i+1 < len(params); i += 2 {
		e.Params[params[i]] = params[i+1]
	}
	return e
}

// TransitionError is a move the state machine refuses.
type TransitionError struct {
	RentingID string
	From, To  State
}

func (e *TransitionError) Error() string {
	return "renting " + e.RentingID + " cannot move from " + strconv.Quote(string(e.From)) + " to " + string(e.To)
}

// Exception is the business exception for the refused move.
func (e *TransitionError) Exception() *ValidationError {
	return Invalid("rentingId", MsgNotAllowed, "from", string(e.From), "to", string(e.To))
}
