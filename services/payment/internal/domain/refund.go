package domain

import (
	"errors"
	"fmt"
	"time"
)

// ErrRefundTooLarge means a refund of more than what is left of a payment: what was paid less what
// is refunded or being refunded already.
var ErrRefundTooLarge = errors.New("refund larger than what is left of the payment")

// ErrNotRefundable means a refund of a payment that was not paid through the provider.
var ErrNotRefundable = errors.New("payment not refundable")

// RefundRefused tells whether err is a refund the service refused to ask of the provider
// (ErrRefundTooLarge, ErrNotRefundable): audited, never retried, as asking again refuses again.
func RefundRefused(err error) bool {
	return errors.Is(err, ErrRefundTooLarge) || errors.Is(err, ErrNotRefundable)
}

// RefundPurpose is why money goes back to the renter.
type RefundPurpose string

const (
	// PurposeCancellation is the part of a cancelled booking's payment the office gives back.
	PurposeCancellation RefundPurpose = "CANCELLATION"
	// PurposeDeposit is the deposit less its deductions after the handover.
	PurposeDeposit RefundPurpose = "DEPOSIT"
)

// RefundStatus is where a refund stands at the provider.
type RefundStatus string

const (
	// RefundPending is a refund asked of the provider and not yet through.
	RefundPending RefundStatus = "PENDING"
	// RefundSucceeded is money back with the renter.
	RefundSucceeded RefundStatus = "SUCCEEDED"
	// RefundFailed is a refund the provider could not make (e.g. the card was closed).
	RefundFailed RefundStatus = "FAILED"
	// RefundCanceled is a refund cancelled before it went through.
	RefundCanceled RefundStatus = "CANCELED"
)

// Refund is money of a paid payment going back to the renter through the provider.
type Refund struct {
	ID        string // derived from the event that caused it, so that a redelivery makes no second one
	PaymentID string
	RentingID string
	Purpose   RefundPurpose
	Amount    Money
	Status    RefundStatus
	// ProviderID is the provider's id of the refund, known once it was asked.
	ProviderID string
	Reason     string // why it failed, as the provider says
	UpdatedAt  time.Time
}

// NewRefund is a refund of cents of the paid payment, bounded by what was paid less what is refunded
// already (RefundedCents).
func (p Payment) NewRefund(id string, purpose RefundPurpose, cents int64, at time.Time) (Refund, error) {
	if p.Status != StatusPaid || p.PaymentIntentID == "" {
		return Refund{}, fmt.Errorf("%w: payment %s is %s", ErrNotRefundable, p.ID, p.Status)
	}
	if left := p.Amount.Cents - p.RefundedCents; cents <= 0 || cents > left {
		return Refund{}, fmt.Errorf("%w: %d cents asked, %d left of payment %s", ErrRefundTooLarge, cents, left, p.ID)
	}
	return Refund{
		ID: id, PaymentID: p.ID, RentingID: p.RentingID, Purpose: purpose,
		Amount: Money{Cents: cents, Currency: p.Amount.Currency}, Status: RefundPending, UpdatedAt: at,
	}, nil
}

// RefundReport is what the provider reported about a refund.
type RefundReport struct {
	EventID    string
	RefundID   string // the service's, from the refund's metadata; empty if the refund has none
	ProviderID string
	Status     RefundStatus
	Reason     string
}

// Apply takes the provider's status; false when nothing changed. A pending refund ends as Stripe's
// do (succeeded, failed or cancelled), and one that succeeded may still fail (the renter's bank
// sends it back); nothing else moves, so a late or repeated report changes nothing.
func (r *Refund) Apply(report RefundReport, at time.Time) bool {
	moves := r.Status == RefundPending && report.Status != RefundPending ||
		r.Status == RefundSucceeded && report.Status == RefundFailed
	if !moves {
		return false
	}
	r.Status, r.Reason, r.UpdatedAt = report.Status, report.Reason, at
	return true
}
