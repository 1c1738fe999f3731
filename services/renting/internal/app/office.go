package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/identity"
	"semesterhaus/services/renting/internal/domain"
)

// Office is the office's administration of bookings and apartments, admins only and audited: the
// identity card approved, a booking cancelled, a contract reissued, an apartment freed, blocked or
// unblocked.
type Office struct {
	admin     AdminStore
	queries   QueryStore
	catalog   Catalog
	documents Documents
	payments  Payments
	freed     FreedApartments
	clock
	logger *slog.Logger
}

// FreedApartments offers the apartments that became free to the waitlist (Waitlist).
type FreedApartments interface {
	OfferFreeApartments(ctx context.Context) error
}

// NewOffice returns the office's use cases; freed offers what the office frees to the waitlist, now
// is the clock (injectable for tests).
func NewOffice(admin AdminStore, queries QueryStore, catalog Catalog, documents Documents, payments Payments, freed FreedApartments, now func() time.Time, settings Settings, logger *slog.Logger) *Office {
	return &Office{
		admin: admin, queries: queries, catalog: catalog, documents: documents, payments: payments, freed: freed,
		clock: newClock(now, settings), logger: logger,
	}
}

// ApproveIdentityCard records that an admin checked the renter's identity card
// (APARTMENT_RESERVED → OWNER_ACKNOWLEDGED). Admins only; audited.
func (s *Office) ApproveIdentityCard(ctx context.Context, rentingID string) error {
	if err := identity.RequireAdmin(ctx); err != nil {
		return err
	}
	actor := identity.FromContext(ctx).Subject
	err := s.admin.AdminUpdate(ctx, rentingID, actor, "approveIdentityCard", func(r *domain.Renting) error {
		return r.MoveTo(domain.OwnerAcknowledged, s.now())
	})
	return notFoundAs(err, ErrRentingNotPresent)
}

// CancelBooking is the office's cancellation of a booking in any state but CANCELED, for the reason
// given, refunding refundCents of what was paid (0 … what was paid less what is refunded already, as
// the payment service knows it). The renting moves to CANCELED with the cancellation on its event
// (the payment refunds and closes its checkout, the renter service mails the renter) and an audit
// entry, in one transaction; the apartment is free again and goes to the waitlist as any freed one.
// Admins only.
func (s *Office) CancelBooking(ctx context.Context, rentingID, reason string, refundCents int64) error {
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
func (s *Office) RefundableCents(ctx context.Context, rentingID string) (int64, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return 0, err
	}
	return s.refundable(ctx, rentingID)
}

// refundable is how much of the renting's payment may still be refunded; a renting without a payment
// refunds nothing, one that does not exist is NO_RENTING.
func (s *Office) refundable(ctx context.Context, rentingID string) (int64, error) {
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

// ReissueContract has the document service write the open contract of a CONTRACT_REQUESTED renting
// anew at today's price (an office's decision: the price is otherwise fixed when the contract is
// written). The renting takes the new contract when document.contract_requested brings it
// (ContractReissued). Admins only; audited in the transaction that holds the renting meanwhile, so
// that no second reissue or signature's fact overtakes it.
func (s *Office) ReissueContract(ctx context.Context, rentingID string) error {
	if err := identity.RequireAdmin(ctx); err != nil {
		return err
	}
	err := s.admin.AdminUpdate(ctx, rentingID, identity.FromContext(ctx).Subject, "reissueContract", func(r *domain.Renting) error {
		if err := r.CanReissue(); err != nil {
			return err
		}
		_, err := s.documents.ReissueContract(ctx, *r)
		if errors.Is(err, domain.ErrContractNotOpen) { // signed at the document service already
			return &domain.TransitionError{RentingID: r.ID, From: domain.ContractSigned, To: domain.ContractRequested}
		}
		return err
	})
	return notFoundAs(err, noRenting())
}

// FreeApartment deletes every renting of an apartment in a semester with its log (SPEC "delete
// contract"). Deleting tells nobody and refunds nothing, so a booking whose contract is out (signed,
// unpaid or paid) refuses it (CANCEL_INSTEAD, nothing is deleted): the office cancels that one with
// CancelBooking. Admins only; audited.
func (s *Office) FreeApartment(ctx context.Context, apartmentID, semesterID int) error {
	if err := identity.RequireAdmin(ctx); err != nil {
		return err
	}
	// An apartment or semester that does not exist has nothing to free, and no audit entry says so.
	if err := checkApartment(ctx, s.catalog, apartmentID); err != nil {
		return err
	}
	if err := checkSemester(ctx, s.catalog, semesterID); err != nil {
		return err
	}
	if _, err := s.admin.DeleteApartment(ctx, apartmentID, semesterID, identity.FromContext(ctx).Subject, s.now(), domain.Renting.RefuseDeleting); err != nil {
		return err
	}
	s.offerFreed(ctx, apartmentID)
	return nil
}

// offerFreed offers an apartment an admin freed or unblocked to the waitlist's first in line now; when
// that fails, the job offers it on its next run.
func (s *Office) offerFreed(ctx context.Context, apartmentID int) {
	if err := s.freed.OfferFreeApartments(ctx); err != nil {
		s.logger.ErrorContext(ctx, "offering a freed apartment to the waitlist failed; the job offers it", "apartmentId", apartmentID, "err", err)
	}
}

// BlockApartment keeps an apartment from being booked in a semester, for the reason given. Admins
// only, audited; a missing reason, an unknown apartment or semester, or a renting holding the
// apartment (free it first) come back as a *exception.Error and block nothing. Blocking a blocked
// apartment again replaces the reason.
func (s *Office) BlockApartment(ctx context.Context, apartmentID, semesterID int, reason string) error {
	if err := identity.RequireAdmin(ctx); err != nil {
		return err
	}
	block, err := domain.NewBlock(apartmentID, semesterID, reason, identity.FromContext(ctx).Subject, s.now())
	if err != nil {
		return err
	}
	if err := checkApartment(ctx, s.catalog, apartmentID); err != nil {
		return err
	}
	if err := checkSemester(ctx, s.catalog, semesterID); err != nil {
		return err
	}
	return s.admin.BlockApartment(ctx, block, block.RefuseHolder)
}

// UnblockApartment lets an apartment be booked in the semester again. Admins only, audited; an
// apartment that is not blocked comes back as NOT_BLOCKED.
func (s *Office) UnblockApartment(ctx context.Context, apartmentID, semesterID int) error {
	if err := identity.RequireAdmin(ctx); err != nil {
		return err
	}
	err := s.admin.UnblockApartment(ctx, apartmentID, semesterID, identity.FromContext(ctx).Subject)
	if errors.Is(err, domain.ErrNotFound) {
		return exception.New("apartmentId", domain.MsgNotBlocked, "id", strconv.Itoa(apartmentID))
	}
	if err != nil {
		return err
	}
	s.offerFreed(ctx, apartmentID)
	return nil
}
