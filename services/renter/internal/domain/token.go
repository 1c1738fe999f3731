package domain

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"time"
)

// TokenValidity is how long an e-mail confirmation link works; the renting service cancels a
// request unconfirmed for as long.
const TokenValidity = 72 * time.Hour

// EmailToken confirms a renter's e-mail address for one renting. Only the SHA-256 of the token is
// stored: whoever reads the database cannot confirm anything.
type EmailToken struct {
	Hash      []byte
	RenterID  int64
	RentingID string
	ExpiresAt time.Time
	UsedAt    *time.Time
}

// NewEmailToken draws a token of 32 random bytes for the renting and returns it (base64url, for the
// link) with the record to store.
func NewEmailToken(renterID int64, rentingID string, now time.Time) (plain string, token EmailToken) {
	plain = newSecret()
	return plain, EmailToken{Hash: HashToken(plain), RenterID: renterID, RentingID: rentingID, ExpiresAt: now.Add(TokenValidity)}
}

// newSecret draws 32 random bytes, base64url: a token for a link.
func newSecret() string {
	secret := make([]byte, 32)
	_, _ = rand.Read(secret) // crypto/rand.Read never fails (it crashes the program instead)
	return base64.RawURLEncoding.EncodeToString(secret)
}

// SupersededPageLinkGrace is how long a page token keeps opening the page after a newer one was
// mailed to its renter: mails come in bursts (the confirmation, then the reservation, seconds
// apart), and the link in the mail just read must still work; an hour later only the newest does.
const SupersededPageLinkGrace = time.Hour

// ErasureLinkFreshness is how recently the link that asks for erasure must have been mailed: an
// erasure destroys data, so a link kept from an older mail (forwarded, on a shared computer, in a
// mailbox someone else reads) does not ask for it; the renter gets a fresh link instead.
const ErasureLinkFreshness = time.Hour

// PageToken opens a renter's own page ("Meine Buchung") until it expires: the capability in the
// link every mail to the renter carries. Only its SHA-256 is stored.
type PageToken struct {
	Hash      []byte
	RenterID  int64
	IssuedAt  time.Time // when its mail was written
	ExpiresAt time.Time
}

// NewPageToken draws a page token for the renter, valid for validity from now, and returns it
// (base64url, for the link) with the record to store.
func NewPageToken(renterID int64, now time.Time, validity time.Duration) (plain string, token PageToken) {
	plain = newSecret()
	return plain, PageToken{Hash: HashToken(plain), RenterID: renterID, IssuedAt: now, ExpiresAt: now.Add(validity)}
}

// Opens reports whether the token opens the page at now.
func (t PageToken) Opens(now time.Time) bool {
	return now.Before(t.ExpiresAt)
}

// EndsOlder is when the renter's older page tokens end, once this one is stored: the grace after
// its issue, or their own expiry if that comes first.
func (t PageToken) EndsOlder() time.Time { return t.IssuedAt.Add(SupersededPageLinkGrace) }

// AsksErasure reports whether the token may ask for erasure at now: its mail was written within
// ErasureLinkFreshness.
func (t PageToken) AsksErasure(now time.Time) bool {
	return t.Opens(now) && !t.IssuedAt.IsZero() && now.Sub(t.IssuedAt) <= ErasureLinkFreshness
}

// HashToken is what is stored of a token and looked up by.
func HashToken(plain string) []byte {
	sum := sha256.Sum256([]byte(plain))
	return sum[:]
}

// Confirmation is the outcome of using a token.
type Confirmation struct {
	RenterID    int64
	RentingID   string
	AlreadyUsed bool
}

// Use consumes the token at now. A token used before answers again with AlreadyUsed (a retried
// confirmation must still find its renting), even after its validity; an unused expired token is
// refused with ErrTokenExpired.
func (t *EmailToken) Use(now time.Time) (Confirmation, error) {
	c := Confirmation{RenterID: t.RenterID, RentingID: t.RentingID, AlreadyUsed: t.UsedAt != nil}
	if c.AlreadyUsed {
		return c, nil
	}
	if !now.Before(t.ExpiresAt) {
		return Confirmation{}, ErrTokenExpired
	}
	t.UsedAt = &now
	return c, nil
}
