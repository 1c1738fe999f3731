// Package domain holds the catalog's building, apartments, semesters and prices, and their rules.
package domain

import (
	"errors"
	"strconv"
)

// ErrNotFound means the asked-for apartment or semester does not exist.
var ErrNotFound = errors.New("not found")

// Message ids of the business exceptions the catalog raises; the web apps translate them.
const (
	MsgNotNull      = "NOT_NULL"
	MsgStringMax    = "STRING_MAX"
	MsgInvalidPrice = "INVALID_PRICE"
	MsgCurrency     = "CURRENCY"
	MsgNoApartment  = "NO_APARTMENT"
)

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
