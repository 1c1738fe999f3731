package postgres_test

import (
	"testing"

	"semesterhaus/platform/pgtest"
	"semesterhaus/services/payment/migrations"
)

// reviewedColumns are the payment database's columns, each reviewed: none holds personal data, so
// a renter's erasure (renter.erased) leaves the payment service nothing to erase and nothing to
// consume. The payments themselves are the bookkeeping's records (§ 147 AO), kept for the legal
// period: they name the renting, never the renter.
var reviewedColumns = map[string]string{
	"payment.id":                   "the payment's own id",
	"payment.renting_id":           "the renting paid for: an id, the renter only through the renting service",
	"payment.amount_cents":         "the semester's total",
	"payment.currency":             "EUR",
	"payment.status":               "OPEN, PROCESSING, FAILED, PAID or CANCELED",
	"payment.link":                 "the payment page's link: the residence's address and the payment id",
	"payment.checkout_url":         "the provider's checkout page of the current session",
	"payment.checkout_session_id":  "the provider's id of the current session",
	"payment.checkout_expires_at":  "when the current session stops taking payments",
	"payment.checkout_attempt":     "how many sessions the payment had",
	"payment.apartment":            "the apartment's name, e.g. 1.01",
	"payment.semester":             "the semester's name, e.g. SoSe 2027",
	"payment.created_at":           "when the payment was made",
	"payment.paid_at":              "when the provider reported it paid",
	"payment.receipt_number":       "the receipt's number, drawn when it was paid",
	"payment.method":               "the provider's payment method type, e.g. sepa_debit",
	"payment.payment_intent_id":    "the provider's id of the payment that paid it",
	"payment.refunded_cents":       "what refunds give back of it",
	"payment.dispute_id":           "the provider's id of its dispute",
	"payment.dispute_status":       "the provider's status of the dispute, e.g. needs_response",
	"payment.dispute_reason":       "the provider's reason code of the dispute, e.g. fraudulent",
	"payment.dispute_amount_cents": "what the dispute is about",
	"ledger_entry.id":              "the entry's own id",
	"ledger_entry.renting_id":      "the renting booked: an id, the renter only through the renting service",
	"ledger_entry.semester_id":     "the semester of the renting's contract",
	"ledger_entry.at":              "when the money moved or the charge was made",
	"ledger_entry.kind":            "CHARGE, CHARGE_CANCELED, PAYMENT, REFUND or DEDUCTION",
	"ledger_entry.item":            "RENT, CLEANING, DEPOSIT or none",
	"ledger_entry.description":     "the contract item's text or the office's description of a damage (about the apartment, not the renter)",
	"ledger_entry.amount_cents":    "the entry's money, signed",
	"ledger_entry.item_cents":      "the entry's money",
	"ledger_entry.reference":       "a receipt number, the provider's refund id, the renting id or the office's bank reference (the office's own, a booking's number)",
	"ledger_entry.cause_key":       "ids of the payment, the refund or the settlement's event",
	"refund.id":                    "the refund's own id, derived from the event that caused it",
	"refund.payment_id":            "the payment refunded",
	"refund.purpose":               "CANCELLATION or DEPOSIT",
	"refund.amount_cents":          "what goes back",
	"refund.currency":              "EUR",
	"refund.status":                "PENDING, SUCCEEDED, FAILED or CANCELED",
	"refund.provider_refund_id":    "the provider's id of the refund",
	"refund.reason":                "the provider's reason for a failure, e.g. expired_or_canceled_card",
	"refund.created_at":            "when it was asked",
	"refund.updated_at":            "when it last changed",
	"receipt_counter.only_row":     "the counter's one row",
	"receipt_counter.last":         "the last receipt number drawn",
	"webhook_event.event_id":       "the provider's event id",
	"webhook_event.payment_id":     "the payment it was about",
	"webhook_event.succeeded":      "the outcome",
	"webhook_event.reason":         "the provider's reason for a failure, e.g. card_declined",
	"webhook_event.received_at":    "when it came",
}

func TestSchema_holdsNoPersonalData_everyColumnReviewed(t *testing.T) {
	t.Parallel()
	pgtest.RequireColumnsReviewed(t, migrations.FS, reviewedColumns)
}
