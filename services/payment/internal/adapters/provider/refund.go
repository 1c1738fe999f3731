package provider

import (
	"encoding/json"

	"github.com/stripe/stripe-go/v85"

	"semesterhaus/services/payment/internal/domain"
)

// RefundStatus is the service's name of a Stripe refund's status: requires_action and pending are
// both still under way.
func RefundStatus(stripeStatus string) domain.RefundStatus {
	switch stripeStatus {
	case "succeeded":
		return domain.RefundSucceeded
	case "failed":
		return domain.RefundFailed
	case "canceled":
		return domain.RefundCanceled
	default:
		return domain.RefundPending
	}
}

// refundObject is the part of a Stripe refund the service reads.
type refundObject struct {
	ID            string            `json:"id"`
	Status        string            `json:"status"`
	FailureReason string            `json:"failure_reason"`
	Metadata      map[string]string `json:"metadata"`
}

// refundReports reads a refund event: refund.updated and refund.failed carry the refund, and
// charge.refunded the charge, with its refunds where the endpoint's API version includes them.
func refundReports(eventID string, eventType stripe.EventType, raw json.RawMessage) []domain.RefundReport {
	var refunds []refundObject
	if eventType == chargeRefunded {
		var charge struct {
			Refunds struct {
				Data []refundObject `json:"data"`
			} `json:"refunds"`
		}
		if json.Unmarshal(raw, &charge) != nil {
			return nil
		}
		refunds = charge.Refunds.Data
	} else {
		var refund refundObject
		if json.Unmarshal(raw, &refund) != nil {
			return nil
		}
		refunds = []refundObject{refund}
	}
	reports := make([]domain.RefundReport, len(refunds))
	for i, r := range refunds {
		reports[i] = domain.RefundReport{
			EventID: eventID, RefundID: r.Metadata["refund_id"], ProviderID: r.ID,
			Status: RefundStatus(r.Status), Reason: r.FailureReason,
		}
	}
	return reports
}
