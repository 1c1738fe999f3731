// Package provider is the payment provider: Stripe Checkout, or the sandbox whose checkout page this
// service serves itself. Both report in Stripe's event format, signed like Stripe, to the webhook.
package provider

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"

	"semesterhaus/services/payment/internal/domain"
)

// Tolerance is how old a signed webhook may be; older ones are refused as possible replays.
const Tolerance = 5 * time.Minute

// maxWebhookBytes bounds a webhook body; Stripe's events are a few KiB.
const maxWebhookBytes = 256 << 10

// The Stripe event types the service acts on.
const (
	sessionCompleted      = "checkout.session.completed"
	asyncPaymentSucceeded = "checkout.session.async_payment_succeeded"
	asyncPaymentFailed    = "checkout.session.async_payment_failed"
	paymentIntentFailed   = "payment_intent.payment_failed"
)

// ErrSignature means a webhook whose signature or timestamp does not check out.
var ErrSignature = errors.New("webhook signature")

// eventObject is the part of a checkout session or payment intent the service reads.
type eventObject struct {
	Metadata         map[string]string `json:"metadata"`
	PaymentStatus    string            `json:"payment_status"`
	LastPaymentError *struct {
		Message string `json:"message"`
	} `json:"last_payment_error"`
}

// ParseWebhook verifies the Stripe-Signature header of a webhook with the secret and reads the
// outcome it reports. ok is false for events that say nothing about a payment of this service.
func ParseWebhook(payload []byte, header, secret string) (outcome domain.Outcome, ok bool, err error) {
	// Only id, type and metadata are read, which every API version has, so an endpoint configured
	// with another version than the library's is accepted.
	event, err := webhook.ConstructEventWithOptions(payload, header, secret, webhook.ConstructEventOptions{
		Tolerance: Tolerance, IgnoreAPIVersionMismatch: true,
	})
	if err != nil {
		return domain.Outcome{}, false, fmt.Errorf("%w: %w", ErrSignature, err)
	}
	var object eventObject
	if event.Data == nil || json.Unmarshal(event.Data.Raw, &object) != nil {
		return domain.Outcome{}, false, nil
	}
	outcome = domain.Outcome{EventID: event.ID, PaymentID: object.Metadata["payment_id"]}
	switch event.Type {
	case sessionCompleted:
		// Delayed payment methods complete the session unpaid and report later.
		outcome.Succeeded = object.PaymentStatus == "paid"
		ok = outcome.Succeeded
	case asyncPaymentSucceeded:
		outcome.Succeeded, ok = true, true
	case asyncPaymentFailed, paymentIntentFailed:
		outcome.Reason, ok = failureReason(object), true
	}
	return outcome, ok && outcome.PaymentID != "", nil
}

func failureReason(object eventObject) string {
	if object.LastPaymentError != nil && object.LastPaymentError.Message != "" {
		return object.LastPaymentError.Message
	}
	return "payment failed"
}

// Payments applies verified reports.
type Payments interface {
	Apply(ctx context.Context, o domain.Outcome) (domain.Effect, error)
}

// WebhookHandler receives the provider's reports (POST /webhooks/payment). It answers 2xx only once
// the report is stored, so the provider sends it again after any failure; a bad signature or an
// old timestamp gets 400 and changes nothing.
func WebhookHandler(payments Payments, secret string, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		payload, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBytes))
		if err != nil {
			http.Error(w, "body too large", http.StatusRequestEntityTooLarge)
			return
		}
		outcome, ok, err := ParseWebhook(payload, r.Header.Get("Stripe-Signature"), secret)
		if err != nil {
			logger.WarnContext(r.Context(), "payment webhook refused", "err", err)
			http.Error(w, "invalid signature", http.StatusBadRequest)
			return
		}
		if !ok {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		effect, err := payments.Apply(r.Context(), outcome)
		switch {
		case errors.Is(err, domain.ErrNotFound):
			// Another system's payment on the same provider account: nothing to do, nothing to retry.
			logger.WarnContext(r.Context(), "payment webhook for an unknown payment", "payment", outcome.PaymentID, "event", outcome.EventID)
		case err != nil:
			logger.ErrorContext(r.Context(), "payment webhook not stored", "event", outcome.EventID, "err", err)
			http.Error(w, "not stored, try again", http.StatusInternalServerError)
			return
		default:
			logger.InfoContext(r.Context(), "payment webhook applied", "payment", outcome.PaymentID, "event", outcome.EventID, "effect", effect)
		}
		w.WriteHeader(http.StatusNoContent)
	})
}
