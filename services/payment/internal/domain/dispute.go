package domain

// Dispute is the provider's dispute of a paid payment (a chargeback by the renter's bank), as the
// provider last reported it.
type Dispute struct {
	ID     string // the provider's
	Status string // the provider's: warning_needs_response, needs_response, under_review, won, lost, …
	Reason string // the provider's, e.g. fraudulent
	Amount Money
}

// DisputeReport is what the provider reported about a dispute of the payment it paid with.
type DisputeReport struct {
	EventID         string
	PaymentIntentID string
	Dispute         Dispute
}

// RecordDispute keeps the provider's view of the payment's dispute; false when it is the one kept
// already (a repeated report).
func (p *Payment) RecordDispute(d Dispute) bool {
	if p.Dispute == d {
		return false
	}
	p.Dispute = d
	return true
}
