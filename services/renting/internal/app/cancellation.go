package app

import (
	"context"
	"errors"
	"fmt"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/identity"
	"semesterhaus/services/renting/internal/domain"
)

// CancelBooking is the office's cancellation of a booking in any state but CANCELED, for the reason
// given, refunding refundCents of what was paid (0 … what was paid less what is refunded already, as
// the payment service knows it). The renting moves to CANCELED with the cancellation on its event
// (the payment refunds and closes its checkout, the renter service mails the renter) and an audit
// entry, in one transaction; the apartment is free again and goes to the waitlist as any freed one.
// Admins only.
func (s *Rentings) CancelBooking(ctx context.Context, rentingID, reason string, refundCents int64) error {
	if err := identity.RequireAdmin(ctx); err != nil {
		return err
	}
	refundable, err := s.refundable(ctx, rentingID)
	if err != nil {
		return err
	}
	actor := identity.FromContext(ctx).Subject
	cancellation, err := domain.NewCancellation(reason, refundCents, refundable, actor)
	if err != nil {
		return err
	}
	var apartmentID int
	err = s.admin.AdminUpdate(ctx, rentingID, actor, "cancelBooking", func(r *domain.Renting) error {
		apartmentID = r.ApartmentID
		return r.CancelByOffice(cancellation, s.now())
	})
	if err != nil {
		return notFoundAs(err, noRenting())
	}
	s.offerFreed(ctx, apartmentID)
	return nil
}

// RefundableCents is how much a cancellation of the renting may refund (the office's form presets
// it). Admins only.
func (s *Rentings) RefundableCents(ctx context.Context, rentingID string) (int64, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return 0, err
	}
	return s.refundable(ctx, rentingID)
}

// noRenting refuses an office's operation on a renting that does not exist.
func noRenting() error { return exception.New("rentingId", domain.MsgNoRenting) }

// refundable is how much of the renting's payment may still be refunded; a renting without a payment
// refunds nothing, one that does not exist is NO_RENTING.
func (s *Rentings) refundable(ctx context.Context, rentingID string) (int64, error) {
	if _, err := s.queries.Get(ctx, rentingID); err != nil {
		return 0, notFoundAs(err, noRenting())
	}
	payment, err := s.payments.OfRenting(ctx, rentingID)
	if errors.Is(err, domain.ErrNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("what renting %s may refund: %w", rentingID, err)
	}
	return payment.Refundable(), nil
}
