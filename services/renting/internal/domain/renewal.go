package domain

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"time"

	"semesterhaus/platform/exception"
)

// Message ids of a renewal link that opens nothing.
const (
	MsgRenewalLinkInvalid = "RENEWAL_LINK_INVALID"
	MsgRenewalLinkExpired = "RENEWAL_LINK_EXPIRED"
)

// newLinkToken draws the capability of a link in a mail (a renewal's, the waitlist's): 32 random
// bytes, base64url. The recipient gets it with the mail; only its hash is stored, so neither the
// renting id alone nor a copy of the database answers a renewal or reads anybody's data.
func newLinkToken() string {
	secret := make([]byte, 32)
	_, _ = rand.Read(secret) // crypto/rand.Read never fails (it crashes the program instead)
	return base64.RawURLEncoding.EncodeToString(secret)
}

// HashLinkToken is what is stored of a link's token.
func HashLinkToken(plain string) []byte {
	sum := sha256.Sum256([]byte(plain))
	return sum[:]
}

// CheckRenewalToken decides whether token is one mailed with a renewal link: hashes are the stored
// hashes (the renewal mail's and the reminder's), none when the renting has none. A mismatch is the
// same business exception for an unknown renting, a forged token and another renting's.
func CheckRenewalToken(token string, hashes [][]byte) error {
	got := HashLinkToken(token)
	matches := 0
	for _, hash := range hashes {
		matches |= subtle.ConstantTimeCompare(got, hash)
	}
	if matches != 1 {
		return exception.New("token", MsgRenewalLinkInvalid)
	}
	return nil
}

// CheckRenewalDeadline refuses a renewal link once the semester's renewal deadline is over on today
// (a day at midnight UTC, like the semester's days).
func CheckRenewalDeadline(semester Semester, today time.Time) error {
	if semester.RenewalDeadlinePassed(today) {
		return exception.New("token", MsgRenewalLinkExpired)
	}
	return nil
}

// RenewalDeadlinePassed reports whether a renewal for the semester can no longer be answered on
// today: the deadline day itself still counts.
func (s Semester) RenewalDeadlinePassed(today time.Time) bool {
	return today.After(s.RenewalDeadline)
}
