// Package domain holds the payment of a renting: its amount, its status and how a provider's report
// changes it.
package domain

import (
	"errors"
	"fmt"
	"time"
)

// Currency is the one currency the residence charges in.
const Currency = "EUR"

// ErrNotFound means there is no such payment.
var ErrNotFound = errors.New("not found")

// ErrInvalidAmount means a price that cannot be charged.
var ErrInvalidAmount = errors.New("invalid amount")

// Money is an amount in integer cents of a currency; never a float.
type Money struct {
	Cents    int64
	Currency string
}

// AmountFromPrice checks the total a contract was written with: a positive amount in euros.
func AmountFromPrice(cents int64, currency string) (Money, error) {
	if currency != Currency {
		return Money{}, fmt.Errorf("%w: currency %q, want %s", ErrInvalidAmount, currency, Currency)
	}
	if cents <= 0 {
		return Money{}, fmt.Errorf("%w: %d cents", ErrInvalidAmount, cents)
	}
	return Money{Cents: cents, Currency: currency}, nil
}

// Status is where a payment stands.
type Status string

const (
	// StatusOpen is a payment waiting for the renter.
	StatusOpen Status = "OPEN"
	// StatusFailed is an open payment whose last attempt failed; the link still works.
	StatusFailed Status = "FAILED"
	// StatusProcessing is a payment the renter completed with a method that reports later (a SEPA
	// direct debit under way): paid or failed once the provider says so.
	StatusProcessing Status = "PROCESSING"
	// StatusPaid is final: later reports change nothing.
	StatusPaid Status = "PAID"
	// StatusCanceled is a payment whose booking was cancelled before it was paid: its checkout is
	// closed and nothing can be paid any more.
	StatusCanceled Status = "CANCELED"
)

// Payment is what one renting owes for its semester, and where the renter pays it.
type Payment struct {
	ID        string
	RentingID string
	Amount    Money
	Status    Status
	// Link is where the renter is sent to pay: the residence's payment page, which sends them on to
	// an open checkout (the mails and the booking's payment step link to it).
	Link string
	// Checkout is the provider's session the renter pays in now; CheckoutAttempt counts the sessions
	// made for the payment, this one included.
	Checkout        Checkout
	CheckoutAttempt int
	// Apartment and Semester name what is paid for, for the checkout page.
	Apartment string
	Semester  string
	CreatedAt time.Time
	PaidAt    time.Time // zero until paid
	// ReceiptNumber numbers the receipt of a paid payment, in the order of the payments; the
	// repository draws it when the payment becomes paid, zero until then.
	ReceiptNumber int64
	// PaymentIntentID is the provider's payment that paid it, which refunds refer to; set when paid.
	PaymentIntentID string
	// RefundedCents is what refunds pending or succeeded give back of it.
	RefundedCents int64
	// Method is the provider's payment method type that paid it or debits it (card, sepa_debit);
	// empty until known.
	Method string
	// Dispute is the provider's dispute of it; zero while none.
	Dispute Dispute
}

// Checkout is a checkout session at the provider: where the renter pays until it expires.
type Checkout struct {
	SessionID string
	URL       string
	ExpiresAt time.Time // zero: it never expires (the sandbox's page)
}

// OpenAt tells whether the session still takes a payment at t.
func (c Checkout) OpenAt(t time.Time) bool { return c.ExpiresAt.IsZero() || t.Before(c.ExpiresAt) }

// CheckoutKey is the idempotency key of the payment's current checkout attempt: a retried request
// for the same attempt gets the same session, the next attempt a new one. The first attempt's key is
// the payment id, as before attempts were counted.
func (p Payment) CheckoutKey() string {
	if p.CheckoutAttempt <= 1 {
		return p.ID
	}
	return fmt.Sprintf("%s:%d", p.ID, p.CheckoutAttempt)
}

// Payable tells whether the renter can still pay: neither paid nor cancelled.
func (p Payment) Payable() bool { return p.Status == StatusOpen || p.Status == StatusFailed }

// NeedsCheckout tells whether the renter, sent to pay at t, needs a new checkout session: the
// payment is payable and its session has expired.
func (p Payment) NeedsCheckout(t time.Time) bool {
	return p.Payable() && !p.Checkout.OpenAt(t)
}

// Cancel closes a payment not yet paid (payable, or a debit under way) because its booking was
// cancelled, its checkout closed at t; false for a payment that is paid or cancelled already, which
// stays as it is.
func (p *Payment) Cancel(at time.Time) bool {
	if !p.Payable() && p.Status != StatusProcessing {
		return false
	}
	p.Status = StatusCanceled
	if p.Checkout.OpenAt(at) {
		p.Checkout.ExpiresAt = at
	}
	return true
}

// Outcome is what the provider reported about one attempt to pay.
type Outcome struct {
	EventID   string // the provider's event id: each is applied once
	PaymentID string
	Succeeded bool
	// Expired reports that the checkout session SessionID expired, paid or not.
	Expired bool
	// Processing reports a checkout completed with a payment that succeeds or fails later.
	Processing bool
	SessionID  string
	Reason     string // why it failed
	// Amount is what the provider says was charged (or tried): it must be the payment's amount.
	Amount Money
	// PaymentIntentID is the provider's payment of a success, which a refund names.
	PaymentIntentID string
	// Method is the provider's payment method type of a success or a debit under way.
	Method string
}

// Effect is what applying an outcome did, and so which event the service publishes.
type Effect int

const (
	// Ignored: the payment was already paid.
	Ignored Effect = iota
	// Paid: the payment is now paid.
	Paid
	// Failed: the attempt failed; the payment stays payable.
	Failed
	// Refused: the report names another amount or currency than the payment's; nothing changes.
	Refused
	// CheckoutClosed: the payment's current checkout session expired; the next visit of the
	// payment page makes a new one.
	CheckoutClosed
	// Processing: the renter completed the checkout with a debit that reports later.
	Processing
	// PaidCanceled: the payment of a cancelled booking is now paid (a debit that was under way, or
	// money the provider took before its checkout closed): booked as paid, and owed back in full.
	PaidCanceled
)

// Apply changes the payment by the provider's report. A report about another amount or currency
// is refused, so a cheaper checkout cannot pay a dearer payment. A paid payment stays paid whatever
// comes later; a failure never closes a payment, so a later success is still accepted, from an older
// session of the payment too. An expired session closes the checkout only when it is the current one.
// A cancelled payment takes only a success, PaidCanceled (money the provider took before its
// checkout was closed is booked as paid, never lost, and goes back; the renting, cancelled, gives no
// key code for it); failures and expiries change nothing.
func (p *Payment) Apply(o Outcome, at time.Time) Effect {
	switch {
	case o.Amount != p.Amount:
		return Refused
	case p.Status == StatusPaid, p.Status == StatusCanceled && !o.Succeeded:
		return Ignored
	case o.Expired:
		if o.SessionID != p.Checkout.SessionID || !p.Checkout.OpenAt(at) {
			return Ignored
		}
		p.Checkout.ExpiresAt = at
		return CheckoutClosed
	case o.Processing:
		if !p.Payable() {
			return Ignored
		}
		p.Status, p.PaymentIntentID, p.Method = StatusProcessing, o.PaymentIntentID, o.Method
		return Processing
	case o.Succeeded:
		effect := Paid
		if p.Status == StatusCanceled {
			effect = PaidCanceled
		}
		p.Status, p.PaidAt, p.PaymentIntentID, p.Method = StatusPaid, at, o.PaymentIntentID, o.Method
		return effect
	default:
		p.Status = StatusFailed
		return Failed
	}
}

// Description names what is paid for, in both languages of the residence.
func (p Payment) Description() string {
	return "Miete / Rent " + p.Apartment + ", " + p.Semester
}

// String names the effect for logs.
func (e Effect) String() string {
	return [...]string{"ignored", "paid", "failed", "refused", "checkout closed", "processing", "paid after its booking was cancelled"}[e]
}
