// Package domain holds the catalog's building, apartments, semesters and prices, and their rules.
package domain

import (
	"errors"
	"strconv"

	"semesterhaus/platform/validation"
)

// ErrNotFound means the asked-for apartment or semester does not exist.
var ErrNotFound = errors.New("not found")

// Message ids of the business exceptions the catalog raises; the web apps translate them.
const (
	MsgNotNull      = "NOT_NULL"
	MsgStringMax    = validation.MsgStringMax
	MsgInvalidPrice = "INVALID_PRICE"
	MsgCurrency     = "CURRENCY"
	MsgNoApartment  = "NO_APARTMENT"
	MsgSingleLine   = validation.MsgSingleLine
	MsgNoPicture    = "NO_PICTURE" // the apartment has no such picture, or it was named twice (param name)
	// MsgTooManyPictures: the apartment has MaxPictures pictures already (param max). An upload's
	// picture is refused with platform/picture's message ids, as an identity card is.
	MsgTooManyPictures = "TOO_MANY_PICTURES"

	MsgNoSemester        = "NO_SEMESTER"
	MsgSemesterDates     = "SEMESTER_DATES"      // the last day is not after the first
	MsgSemesterTooLong   = "SEMESTER_TOO_LONG"   // longer than a year (param maxDays)
	MsgSemesterOverlap   = "SEMESTER_OVERLAP"    // shares days with another semester (param name)
	MsgSemesterNameTaken = "SEMESTER_NAME_TAKEN" // another semester has the name
	MsgSemesterStarted   = "SEMESTER_STARTED"    // the dates of a started semester stay (param name)
)

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
