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

// AmountFromPrice checks a price calculation's total: a positive amount in euros.
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
	// StatusPaid is final: later reports change nothing.
	StatusPaid Status = "PAID"
)

// Payment is what one renting owes for its semester, and where the renter pays it.
type Payment struct {
	ID        string
	RentingID string
	Amount    Money
	Status    Status
	// Link is the provider's checkout page.
	Link string
	// Apartment and Semester name what is paid for, for the checkout page.
	Apartment string
	Semester  string
	CreatedAt time.Time
	PaidAt    time.Time // zero until paid
	// ReceiptNumber numbers the receipt of a paid payment, in the order of the payments; the
	// repository draws it when the payment becomes paid, zero until then.
	ReceiptNumber int64
}

// Outcome is what the provider reported about one attempt to pay.
type Outcome struct {
	EventID   string // the provider's event id: each is applied once
	PaymentID string
	Succeeded bool
	Reason    string // why it failed
	// Amount is what the provider says was charged (or tried): it must be the payment's amount.
	Amount Money
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
)

// Apply changes the payment by the provider's report. A report about another amount or currency
// is refused, so a cheaper checkout cannot pay a dearer payment. A paid payment stays paid whatever
// comes later; a failure never closes a payment, so a later success is still accepted.
func (p *Payment) Apply(o Outcome, at time.Time) Effect {
	switch {
	case o.Amount != p.Amount:
		return Refused
	case p.Status == StatusPaid:
		return Ignored
	case o.Succeeded:
		p.Status, p.PaidAt = StatusPaid, at
		return Paid
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
	return [...]string{"ignored", "paid", "failed", "refused"}[e]
}
