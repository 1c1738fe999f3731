package domain

import (
	"crypto/sha256"
	"math"
	"strconv"
	"strings"
	"time"

	"semesterhaus/platform/exception"
)

// MsgTooManyMails refuses a booking request or a waitlist join whose address was mailed
// MailLimit.PerAddress times in the window already (param minutes: when to try again).
const MsgTooManyMails = "TOO_MANY_MAILS"

// StepBookingAttempt is no step of the renter's: the ReminderDue event with it asks the renter
// service to tell the holder of a renting that somebody asked to book with their address (the
// answer to the request was the same as to any other: it must not tell who lives here).
const StepBookingAttempt Step = "BOOKING_ATTEMPT"

// MailLimit bounds the mails the renting service has sent to one address: a booking request's
// confirmation link (or the notice to the holder of an apartment), a waitlist confirmation.
type MailLimit struct {
	PerAddress int           // at most this many per address and window; 0 bounds nothing
	Window     time.Duration // a sliding window
}

// AddressKey is what the mail count of an address is kept under: the SHA-256 of the address as
// mail reaches its owner, trimmed and lower-cased, a sub-address counted with its address
// (local+tag@domain as local@domain). The address itself is not kept.
func AddressKey(email string) []byte {
	sum := sha256.Sum256([]byte(CanonicalAddress(email)))
	return sum[:]
}

// CanonicalAddress is the address trimmed and lower-cased, without the tag of a sub-address.
func CanonicalAddress(email string) string {
	email = strings.ToLower(strings.TrimSpace(email))
	at := strings.LastIndexByte(email, '@')
	if at < 0 {
		return email
	}
	local, host := email[:at], email[at:]
	if plus := strings.IndexByte(local, '+'); plus >= 0 {
		local = local[:plus]
	}
	return local + host
}

// AddressMail is a mail about to be enqueued for an address, to be counted against the limit.
type AddressMail struct {
	Key   []byte // AddressKey of the address
	At    time.Time
	Limit MailLimit
}

// NewAddressMail is the mail to email at at under limit.
func NewAddressMail(email string, at time.Time, limit MailLimit) AddressMail {
	return AddressMail{Key: AddressKey(email), At: at, Limit: limit}
}

// Since is the start of the window that ends at the mail.
func (m AddressMail) Since() time.Time { return m.At.Add(-m.Limit.Window) }

// Check refuses the mail when mails went to the address in the window already, the oldest at
// oldest.
func (m AddressMail) Check(mails int, oldest time.Time) error {
	if m.Limit.PerAddress <= 0 || mails < m.Limit.PerAddress {
		return nil
	}
	return &TooManyMailsError{RetryAfter: oldest.Add(m.Limit.Window).Sub(m.At)}
}

// TooManyMailsError refuses a request whose address got its limit of mails in the window.
type TooManyMailsError struct {
	RetryAfter time.Duration // when the oldest mail of the window leaves it
}

func (e *TooManyMailsError) Error() string {
	return "too many mails to the address; next one in " + e.RetryAfter.String()
}

// Exception is TOO_MANY_MAILS on email with the minutes to wait (at least one).
func (e *TooManyMailsError) Exception() *exception.Error {
	minutes := max(1, int(math.Ceil(e.RetryAfter.Minutes())))
	return exception.New("email", MsgTooManyMails, "minutes", strconv.Itoa(minutes))
}
