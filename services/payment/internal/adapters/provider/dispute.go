package provider

import (
	"encoding/json"
	"strings"

	"semesterhaus/services/payment/internal/domain"
)

// The Stripe events about a dispute of a charge; each carries the dispute.
var disputeEvents = map[string]bool{
	"charge.dispute.created": true, "charge.dispute.updated": true, "charge.dispute.closed": true,
	"charge.dispute.funds_withdrawn": true, "charge.dispute.funds_reinstated": true,
}

// disputeObject is the part of a Stripe dispute the service reads.
type disputeObject struct {
	ID            string `json:"id"`
	Amount        int64  `json:"amount"`
	Currency      string `json:"currency"`
	Status        string `json:"status"`
	Reason        string `json:"reason"`
	PaymentIntent string `json:"payment_intent"`
}

// disputeReport reads a dispute event; false for one without a PaymentIntent to find the payment by.
func disputeReport(eventID string, raw json.RawMessage) (domain.DisputeReport, bool) {
	var d disputeObject
	if json.Unmarshal(raw, &d) != nil || d.PaymentIntent == "" {
		return domain.DisputeReport{}, false
	}
	return domain.DisputeReport{EventID: eventID, PaymentIntentID: d.PaymentIntent, Dispute: domain.Dispute{
		ID: d.ID, Status: d.Status, Reason: d.Reason, Amount: domain.Money{Cents: d.Amount, Currency: strings.ToUpper(d.Currency)},
	}}, true
}
