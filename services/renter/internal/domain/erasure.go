package domain

import (
	"strconv"
	"time"

	"semesterhaus/platform/exception"
)

// MsgErasureLinkMailed: an erasure was asked with a link mailed longer ago than
// ErasureLinkFreshness; a fresh link went to the renter's address, and the request waits for it.
const MsgErasureLinkMailed = "ERASURE_LINK_MAILED"

// ErasureLinkMailed is the answer to an erasure asked with a link that is not fresh.
func ErasureLinkMailed() *exception.Error { return exception.New("token", MsgErasureLinkMailed) }

// RequestErasure records the renter's request to erase their data at at; a renter who asked before
// keeps their first request, and asking after the erasure changes nothing. It tells whether the
// request is new.
func (r *Renter) RequestErasure(at time.Time) bool {
	if !r.ErasureRequestedAt.IsZero() || r.Erased() {
		return false
	}
	r.ErasureRequestedAt = at
	return true
}

// Erased reports whether the renter's personal data was erased.
func (r Renter) Erased() bool { return !r.ErasedAt.IsZero() }

// Erase replaces the renter's personal data by nothing at at, as their erasure request asks: no
// name, address, birthday, phone, nationality or notes, and an address of its own that no mail
// reaches (the e-mail identifies renters); the language and whether the address was confirmed, which
// say nothing about the person, stay (a confirmed renter is never deleted as unused: the row stays for
// the rentings that name it).
// The renter's id stays for what a legal retention duty keeps (contracts, payments). It tells
// whether anything changed: a renter erased before is left as they are; a renter who did not ask
// is refused with NoErasureRequest.
func (r *Renter) Erase(at time.Time) (bool, error) {
	if r.ErasureRequestedAt.IsZero() {
		return false, NoErasureRequest(r.ID)
	}
	if r.Erased() {
		return false, nil
	}
	r.Data = PersonalData{Email: ErasedEmail(r.ID), Gender: GenderVarious, Language: r.Data.Language}
	r.Notes, r.ErasedAt = "", at
	return true, nil
}

// ErasedEmail is an erased renter's address: unique per renter (renters are found by e-mail) and
// in the reserved top-level domain .invalid, so that no mail can reach anybody.
func ErasedEmail(id int64) string {
	return "erased-" + strconv.FormatInt(id, 10) + "@erased.invalid"
}
