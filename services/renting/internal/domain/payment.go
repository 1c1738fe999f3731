package domain

import "time"

// PaymentStatus is where a renting's payment stands, as the payment service reports it.
type PaymentStatus string

// The payment's states: open, its last attempt failed (still payable), paid.
const (
	PaymentOpen   PaymentStatus = "OPEN"
	PaymentFailed PaymentStatus = "FAILED"
	PaymentPaid   PaymentStatus = "PAID"
)

// Payment is a renting's payment as the payment service keeps it, for the renter's own page: what
// is charged, where it stands, and the receipt's number once paid. No provider's id or link.
type Payment struct {
	RentingID     string
	AmountCents   int64
	Currency      string
	Status        PaymentStatus
	CreatedAt     time.Time
	PaidAt        time.Time // zero until paid
	ReceiptNumber int64     // 0 until paid
	RefundedCents int64     // refunded of it so far (succeeded or pending)
}

// RenterPage is the renting service's part of a renter's own page: their rentings, each as its
// milestone view, and the rentings' payments.
type RenterPage struct {
	Bookings []Booking
	Payments []Payment
}
