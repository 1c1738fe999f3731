package domain

import (
	"slices"
	"strings"
	"time"
)

// MoneyMarks are what the payment service reported about a renting's money beside its state: a
// SEPA debit under way, an open dispute, a refund that failed. Each open mark but the debit is a
// task of the office's; it ends when the payment service reports it resolved.
type MoneyMarks struct {
	// InPayment: a SEPA debit is under way; the renting waits UNPAID until it succeeds or fails.
	InPayment bool
	// DisputedSince is when the renter's bank opened a dispute still open; nil when none is.
	DisputedSince *time.Time
	DisputeStatus string // the provider's, e.g. needs_response
	// RefundFailedSince is when the last refund failed; nil when none did or a later one succeeded.
	RefundFailedSince *time.Time
	RefundFailure     string // why, as the provider says
}

// closedDisputes are the provider's statuses of a dispute that is decided (Stripe's won and lost,
// and a warning closed without becoming a dispute).
var closedDisputes = []string{"won", "lost", "warning_closed"}

// DebitUnderWay records that a SEPA debit of the renting's payment is under way: the booking is "in
// payment" until it succeeds (Pay) or fails (DebitFailed). Only an unpaid renting waits for one.
func (r *Renting) DebitUnderWay() error {
	if r.State != Unpaid {
		return &TransitionError{RentingID: r.ID, From: r.State, To: Unpaid}
	}
	r.setMarks(func(m *MoneyMarks) { m.InPayment = true })
	return nil
}

// PaymentFailed ends a debit under way: the renting stays UNPAID and its payment link keeps working.
func (r *Renting) PaymentFailed() {
	if r.Money.InPayment {
		r.setMarks(func(m *MoneyMarks) { m.InPayment = false })
	}
}

// Disputed records where a dispute of the renting's payment stands: open until the provider decides
// it (won or lost), which ends the office's task.
func (r *Renting) Disputed(status string, at time.Time) {
	r.setMarks(func(m *MoneyMarks) {
		m.DisputeStatus = status
		switch {
		case slices.ContainsFunc(closedDisputes, func(closed string) bool { return strings.EqualFold(closed, status) }):
			m.DisputedSince = nil
		case m.DisputedSince == nil:
			m.DisputedSince = &at
		}
	})
}

// RefundUpdated records where a refund of the renting's payment stands: a failed one is the office's
// task until a later refund succeeds.
func (r *Renting) RefundUpdated(status, reason string, at time.Time) {
	switch strings.ToUpper(status) {
	case "FAILED":
		r.setMarks(func(m *MoneyMarks) { m.RefundFailedSince, m.RefundFailure = &at, reason })
	case "SUCCEEDED":
		if r.Money.RefundFailedSince != nil {
			r.setMarks(func(m *MoneyMarks) { m.RefundFailedSince, m.RefundFailure = nil, "" })
		}
	}
}

func (r *Renting) setMarks(change func(*MoneyMarks)) {
	change(&r.Money)
	r.marksChanged = true
}

// MarksChanged reports whether the renting's row changed without a transition since it was loaded
// (its money marks, a reissued contract).
func (r *Renting) MarksChanged() bool { return r.marksChanged }
