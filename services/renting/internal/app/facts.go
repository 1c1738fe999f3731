package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"semesterhaus/services/renting/internal/domain"
)

// Facts apply the document and payment services' facts to the rentings, each in the transaction of
// the consumer that received it (Updater).
type Facts struct {
	clock
	logger *slog.Logger
}

// NewFacts returns the facts' use cases; now is the clock (injectable for tests).
func NewFacts(now func() time.Time, settings Settings, logger *slog.Logger) *Facts {
	return &Facts{clock: newClock(now, settings), logger: logger}
}

// ContractRequested moves an acknowledged booking or an accepted renewal to CONTRACT_REQUESTED when
// the document service opened the signing session at signingLink, and keeps the total the contract
// was written with: the one the payment asks.
func (s *Facts) ContractRequested(ctx context.Context, in Updater, rentingID, signingLink string, price domain.ContractPrice) error {
	return s.onEvent(ctx, in, rentingID, func(r *domain.Renting) error { return r.RequestContract(signingLink, price, s.now()) })
}

// ContractReissued takes the contract the office reissued (document.contract_requested naming the
// contract it replaces) while the renting's contract is open: its signing link and total, announced
// on renting.contract_reissued for the renter's mail. A renting signed meanwhile keeps its contract.
func (s *Facts) ContractReissued(ctx context.Context, in Updater, rentingID, signingLink string, price domain.ContractPrice) error {
	return s.onEvent(ctx, in, rentingID, func(r *domain.Renting) error { return r.TakeReissuedContract(signingLink, price, s.now()) })
}

// ContractSigned moves the renting to CONTRACT_SIGNED when the renter signed.
func (s *Facts) ContractSigned(ctx context.Context, in Updater, rentingID string) error {
	return s.onEvent(ctx, in, rentingID, func(r *domain.Renting) error { return r.SignContract(s.now()) })
}

// PaymentLinkCreated moves a signed renting to UNPAID when the payment service made its payment.
func (s *Facts) PaymentLinkCreated(ctx context.Context, in Updater, rentingID, paymentLink string) error {
	return s.onEvent(ctx, in, rentingID, func(r *domain.Renting) error { return r.AwaitPayment(paymentLink, s.now()) })
}

// PaymentSucceeded moves the renting to PAYED and gives it its access key.
func (s *Facts) PaymentSucceeded(ctx context.Context, in Updater, rentingID string) error {
	return s.onEvent(ctx, in, rentingID, func(r *domain.Renting) error { return r.Pay(s.now()) })
}

// PaymentFailed ends a debit under way, if one was: the renting stays UNPAID and its payment link
// keeps working. It is logged for the admins.
func (s *Facts) PaymentFailed(ctx context.Context, in Updater, rentingID, reason string) error {
	s.logger.InfoContext(ctx, "payment failed, the renting stays unpaid", "rentingId", rentingID, "reason", reason)
	return s.onEvent(ctx, in, rentingID, func(r *domain.Renting) error { r.PaymentFailed(); return nil })
}

// PaymentProcessing marks an unpaid renting "in payment" while its SEPA debit is under way.
func (s *Facts) PaymentProcessing(ctx context.Context, in Updater, rentingID string) error {
	return s.onEvent(ctx, in, rentingID, func(r *domain.Renting) error { return r.DebitUnderWay() })
}

// PaymentDisputed records where a dispute of the renting's payment stands; an open one is the
// office's task until it is won or lost.
func (s *Facts) PaymentDisputed(ctx context.Context, in Updater, rentingID, status string) error {
	return s.onEvent(ctx, in, rentingID, func(r *domain.Renting) error { r.Disputed(status, s.now()); return nil })
}

// RefundUpdated records where a refund of the renting's payment stands; a failed one is the office's
// task until a later one succeeds.
func (s *Facts) RefundUpdated(ctx context.Context, in Updater, rentingID, status, reason string) error {
	return s.onEvent(ctx, in, rentingID, func(r *domain.Renting) error { r.RefundUpdated(status, reason, s.now()); return nil })
}

// onEvent applies another service's fact to a renting. A fact that came before the fact it follows
// (a retried delivery of the earlier one may be overtaken) fails, so that it is delivered again
// later. A fact for an unknown renting, or one the renting's state does not allow otherwise (it was
// canceled meanwhile, or the fact came twice under different ids), is logged and dropped:
// delivering it again would fail the same way for ever.
func (s *Facts) onEvent(ctx context.Context, in Updater, rentingID string, change func(*domain.Renting) error) error {
	err := in.Update(ctx, rentingID, change)
	var refused *domain.TransitionError
	switch {
	case errors.Is(err, domain.ErrNotFound):
		s.logger.WarnContext(ctx, "event for an unknown renting ignored", "rentingId", rentingID)
		return nil
	case errors.As(err, &refused) && refused.From.Awaits(refused.To):
		return fmt.Errorf("waiting for the fact before this one: %w", err)
	case errors.As(err, &refused):
		s.logger.WarnContext(ctx, "event ignored: the renting's state does not allow it", "rentingId", rentingID,
			"state", refused.From, "to", refused.To)
		return nil
	}
	return err
}
