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

// ValidationError is a business exception: which input (Path) broke which rule (MessageID), with the
// values the message needs (Params).
type ValidationError struct {
	Path      string
	MessageID string
	Params    map[string]string
}

func (e *ValidationError) Error() string {
	return e.Path + ": " + e.MessageID
}

func invalid(path, messageID string, params ...string) *ValidationError {
	p := make(map[string]string, len(params)/2)
	for i := 0; i+1 < len(params); i += 2 {
		p[params[i]] = params[i+1]
	}
	return &ValidationError{Path: path, MessageID: messageID, Params: p}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
