// Package domain holds the renter's personal data, its validation rules, e-mail confirmation tokens
// and the mails a renter gets; of the project it imports only platform/exception, the business
// exception every service raises.
package domain

import (
	"errors"
	"strconv"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/validation"
)

var (
	// ErrNotFound means the asked-for renter or token does not exist.
	ErrNotFound = errors.New("not found")
	// ErrTokenExpired means an e-mail confirmation token was used after its validity ended.
	ErrTokenExpired = errors.New("e-mail token expired")
)

// Message ids of the business exceptions the renter service raises (SPEC section 5); the web apps
// translate them.
const (
	MsgMissing         = "missing"
	MsgInvalid         = "invalid"
	MsgInvalidZip      = "INVALID_ZIP"
	MsgInvalidEmail    = validation.MsgInvalidEmail
	MsgInvalidCountry  = "INVALID_COUNTRY"
	MsgInvalidLanguage = "INVALID_LANGUAGE"
	MsgInvalidGender   = "INVALID_GENDER"
	MsgTooYoung        = "TOO_YOUNG"
	MsgTooOld          = "TOO_OLD"
	MsgStringMin       = "STRING_MIN"
	MsgStringMax       = validation.MsgStringMax
	MsgNoRenter        = "NO_RENTER"
	// MsgPageLinkInvalid: the link to the renter's own page is unknown or expired.
	MsgPageLinkInvalid = "PAGE_LINK_INVALID"
	// MsgNoErasureRequest: an admin executes an erasure the renter never asked for.
	MsgNoErasureRequest = "NO_ERASURE_REQUEST"
	// MsgNoRenting and MsgNotAwaitingConfirmation answer a renter's own page asking for a new
	// confirmation link: a renting that is not the page's renter's (or does not exist), or one whose
	// address is confirmed or that ended. The renting service uses the same ids.
	MsgNoRenting               = "NO_RENTING"
	MsgNotAwaitingConfirmation = "TRANSITION_NOT_ALLOWED"
	// MsgSingleLine refuses a line break or another control character in one-line text: a name
	// goes into mail headers, greetings and CSV exports, where a line break starts something new.
	MsgSingleLine = validation.MsgSingleLine
)

// NoRenter is the exception for an edit of a renter that does not exist.
func NoRenter(id int64) *exception.Error {
	return exception.New("id", MsgNoRenter, "id", strconv.FormatInt(id, 10))
}

// PageLinkInvalid is the exception for an action on the renter's own page with an unknown or
// expired link.
func PageLinkInvalid() *exception.Error {
	return exception.New("token", MsgPageLinkInvalid)
}

// NoErasureRequest is the exception for erasing a renter who did not ask for it.
func NoErasureRequest(id int64) *exception.Error {
	return exception.New("renterId", MsgNoErasureRequest, "id", strconv.FormatInt(id, 10))
}
