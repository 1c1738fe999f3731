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
	"strconv"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"

	"semesterhaus/services/payment/internal/domain"
)

// maxWebhookBytes bounds a webhook body; Stripe's events are a few KiB.
const maxWebhookBytes = 256 << 10

// The Stripe event types the service acts on.
const (
	sessionCompleted      = "checkout.session.completed"
	asyncPaymentSucceeded = "checkout.session.async_payment_succeeded"
	asyncPaymentFailed    = "checkout.session.async_payment_failed"
	sessionExpired        = "checkout.session.expired"
	paymentIntentFailed   = "payment_intent.payment_failed"
	chargeRefunded        = "charge.refunded"
	refundUpdated         = "refund.updated"
	refundFailed          = "refund.failed"
)

// ErrSignature means a webhook whose signature or timestamp does not check out.
var ErrSignature = errors.New("webhook signature")

// eventObject is the part of a checkout session or payment intent the service reads. A session
// states its amount as amount_total, a payment intent as amount.
type eventObject struct {
	ID               string            `json:"id"`
	PaymentIntent    string            `json:"payment_intent"`
	Metadata         map[string]string `json:"metadata"`
	PaymentStatus    string            `json:"payment_status"`
	AmountTotal      *int64            `json:"amount_total"`
	Amount           *int64            `json:"amount"`
	Currency         string            `json:"currency"`
	LastPaymentError *struct {
		Message string `json:"message"`
	} `json:"last_payment_error"`
}

// WebhookChecker verifies the provider's webhooks: the Stripe-Signature header's HMAC with Secret,
// and its signed time stamp within Tolerance of Now in either direction (stripe-go checks only the
// past: a time stamp from the future would let a captured report be replayed for longer).
type WebhookChecker struct {
	Secret    string
	Tolerance time.Duration
	Now       func() time.Time
}

// Report is what one verified webhook says: the outcome of a payment (Payment, when PaymentOK),
// where refunds stand (Refunds) or a dispute (Dispute, when DisputeOK); none for events that say
// nothing about this service's money.
type Report struct {
	Payment   domain.Outcome
	PaymentOK bool
	Refunds   []domain.RefundReport
	Dispute   domain.DisputeReport
	DisputeOK bool
}

// Parse verifies a webhook and reads what it reports.
func (c WebhookChecker) Parse(payload []byte, header string) (Report, error) {
	if err := c.checkTimestamp(header); err != nil {
		return Report{}, err
	}
	// The time stamp is checked above against the service's clock; the library checks that it is
	// the signed one. Only id, type and the object's fields below are read, which every API version
	// has, so an endpoint configured with another version than the library's is accepted.
	event, err := webhook.ConstructEventWithOptions(payload, header, c.Secret, webhook.ConstructEventOptions{
		IgnoreTolerance: true, IgnoreAPIVersionMismatch: true,
	})
	if err != nil {
		return Report{}, fmt.Errorf("%w: %w", ErrSignature, err)
	}
	if event.Data == nil {
		return Report{}, nil
	}
	switch {
	case event.Type == chargeRefunded || event.Type == refundUpdated || event.Type == refundFailed:
		return Report{Refunds: refundReports(event.ID, event.Type, event.Data.Raw)}, nil
	case disputeEvents[string(event.Type)]:
		dispute, ok := disputeReport(event.ID, event.Data.Raw)
		return Report{Dispute: dispute, DisputeOK: ok}, nil
	}
	var object eventObject
	if json.Unmarshal(event.Data.Raw, &object) != nil {
		return Report{}, nil
	}
	outcome, ok := paymentOutcome(event.ID, string(event.Type), object)
	return Report{Payment: outcome, PaymentOK: ok}, nil
}

func paymentOutcome(eventID, eventType string, object eventObject) (outcome domain.Outcome, ok bool) {
	outcome = domain.Outcome{EventID: eventID, PaymentID: object.Metadata["payment_id"], Amount: object.amount(), PaymentIntentID: object.PaymentIntent}
	switch eventType {
	case sessionCompleted:
		// Delayed payment methods (a SEPA debit) complete the session unpaid and report later,
		// with checkout.session.async_payment_succeeded or _failed.
		outcome.Succeeded = object.PaymentStatus == "paid"
		outcome.Processing = object.PaymentStatus == "unpaid"
		ok = outcome.Succeeded || outcome.Processing
	case asyncPaymentSucceeded:
		outcome.Succeeded, ok = true, true
	case asyncPaymentFailed, paymentIntentFailed:
		outcome.Reason, ok = failureReason(object), true
	case sessionExpired:
		outcome.Expired, outcome.SessionID, outcome.Reason, ok = true, object.ID, "checkout session expired", true
	}
	return outcome, ok && outcome.PaymentID != ""
}

// checkTimestamp refuses a header without exactly one time stamp, or one further than Tolerance
// from now.
func (c WebhookChecker) checkTimestamp(header string) error {
	var stamps []string
	for part := range strings.SplitSeq(header, ",") {
		if key, value, _ := strings.Cut(part, "="); key == "t" {
			stamps = append(stamps, value)
		}
	}
	if len(stamps) != 1 {
		return fmt.Errorf("%w: %d time stamps, want 1", ErrSignature, len(stamps))
	}
	unix, err := strconv.ParseInt(stamps[0], 10, 64)
	if err != nil {
		return fmt.Errorf("%w: time stamp %q", ErrSignature, stamps[0])
	}
	if off := c.Now().Sub(time.Unix(unix, 0)); off > c.Tolerance || off < -c.Tolerance {
		return fmt.Errorf("%w: time stamp %s off, tolerance %s", ErrSignature, off, c.Tolerance)
	}
	return nil
}

// amount is what the object states was charged; Stripe writes currencies in lower case.
func (o eventObject) amount() domain.Money {
	cents := o.AmountTotal
	if cents == nil {
		cents = o.Amount
	}
	if cents == nil {
		return domain.Money{}
	}
	return domain.Money{Cents: *cents, Currency: strings.ToUpper(o.Currency)}
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
	ApplyRefund(ctx context.Context, r domain.RefundReport) (changed bool, err error)
	ApplyDispute(ctx context.Context, d domain.DisputeReport) (changed bool, err error)
}

// WebhookHandler receives the provider's reports (POST /webhooks/payment). It answers 2xx only once
// the report is stored, so the provider sends it again after any failure; a bad signature or a
// time stamp out of tolerance gets 400 and changes nothing; a report about another amount or
// currency than the payment's gets 422 and changes nothing but the audit log. A report about a
// refund or payment the service does not know is logged and ignored.
func WebhookHandler(payments Payments, checker WebhookChecker, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		payload, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBytes))
		if err != nil {
			http.Error(w, "body too large", http.StatusRequestEntityTooLarge)
			return
		}
		report, err := checker.Parse(payload, r.Header.Get("Stripe-Signature"))
		if err != nil {
			logger.WarnContext(r.Context(), "payment webhook refused", "err", err)
			http.Error(w, "invalid signature", http.StatusBadRequest)
			return
		}
		for _, refund := range report.Refunds {
			if !applyRefund(w, r, payments, refund, logger) {
				return
			}
		}
		if report.DisputeOK && !applyDispute(w, r, payments, report.Dispute, logger) {
			return
		}
		if report.PaymentOK && !applyPayment(w, r, payments, report.Payment, logger) {
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}

// applyRefund stores a refund's report; false when it answered an error.
func applyRefund(w http.ResponseWriter, r *http.Request, payments Payments, refund domain.RefundReport, logger *slog.Logger) bool {
	changed, err := payments.ApplyRefund(r.Context(), refund)
	logArgs := []any{"refund", refund.ProviderID, "event", refund.EventID}
	if err == nil {
		logger.InfoContext(r.Context(), "refund webhook applied", append(logArgs, "status", refund.Status, "changed", changed)...)
	}
	return stored(w, r, err, "refund", logger, logArgs...)
}

// applyDispute stores a dispute's report; false when it answered an error.
func applyDispute(w http.ResponseWriter, r *http.Request, payments Payments, dispute domain.DisputeReport, logger *slog.Logger) bool {
	changed, err := payments.ApplyDispute(r.Context(), dispute)
	logArgs := []any{"payment_intent", dispute.PaymentIntentID, "dispute", dispute.Dispute.ID, "event", dispute.EventID}
	if err == nil {
		logger.WarnContext(r.Context(), "payment disputed", append(logArgs, "status", dispute.Dispute.Status, "changed", changed)...)
	}
	return stored(w, r, err, "dispute", logger, logArgs...)
}

// stored answers the storing of a report: one about something this service does not know (another
// system's on the same provider account) is logged and ignored, nothing to retry; a failure gets 500
// so that the provider sends it again. False when it answered.
func stored(w http.ResponseWriter, r *http.Request, err error, what string, logger *slog.Logger, logArgs ...any) bool {
	switch {
	case errors.Is(err, domain.ErrNotFound):
		logger.WarnContext(r.Context(), what+" webhook about something unknown", logArgs...)
	case err != nil:
		logger.ErrorContext(r.Context(), what+" webhook not stored", append(logArgs, "err", err)...)
		http.Error(w, "not stored, try again", http.StatusInternalServerError)
		return false
	}
	return true
}

// applyPayment stores a payment's outcome; false when it answered an error.
func applyPayment(w http.ResponseWriter, r *http.Request, payments Payments, outcome domain.Outcome, logger *slog.Logger) bool {
	effect, err := payments.Apply(r.Context(), outcome)
	logArgs := []any{"payment", outcome.PaymentID, "event", outcome.EventID}
	switch {
	case err != nil:
		return stored(w, r, err, "payment", logger, logArgs...)
	case effect == domain.Refused:
		logger.ErrorContext(r.Context(), "payment webhook refused: amount or currency differs from the payment's",
			append(logArgs, "reported_cents", outcome.Amount.Cents, "reported_currency", outcome.Amount.Currency)...)
		http.Error(w, "amount or currency does not match the payment", http.StatusUnprocessableEntity)
		return false
	}
	logger.InfoContext(r.Context(), "payment webhook applied", append(logArgs, "effect", effect)...)
	return true
}
