package app

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/identity"
	"semesterhaus/services/renting/internal/domain"
)

// Renewal is the renewal form: the renter's updated data (the e-mail stays) and the new enrollment
// certificate as base64 text.
type Renewal struct {
	Renter          domain.RenterData
	Immatriculation string
}

// ApproveRenewal accepts a renewal through its link (the renting id and the renewal mail's token):
// the certificate is stored, the renter's data updated and the renting moves from RENEWAL_REQUEST to
// RENEWAL_ACCEPTED. Business problems, a link that opens nothing among them, come back as a
// *exception.Error, and nothing changes.
func (s *Rentings) ApproveRenewal(ctx context.Context, rentingID, token string, renewal Renewal) error {
	r, semester, err := s.renewalLink(ctx, rentingID, token)
	if err != nil {
		return err
	}
	if r.State != domain.RenewalRequest {
		return (&domain.TransitionError{RentingID: r.ID, From: r.State, To: domain.RenewalAccepted}).Exception()
	}
	uploads, err := decodeUploads(upload{domain.Immatriculation, "immatriculation", renewal.Immatriculation})
	if err != nil {
		return err
	}
	// The renter's data is checked before the certificate is stored, and updated only once the
	// document service took the certificate: its update is audited and cannot be undone.
	current, err := s.renters.Get(ctx, r.RenterID)
	if err != nil {
		return err
	}
	form := renewal.Renter
	form.Email = current.Email // the renewal keeps the e-mail; the form has none
	if err := s.renters.Validate(ctx, form, semester.Start); err != nil {
		return err
	}
	if err := s.documents.StoreRenterUploads(ctx, r.RenterID, r.ID, uploads); err != nil {
		return err
	}
	if _, _, err := s.renters.Register(ctx, renewal.Renter, semester.Start, r.RenterID); err != nil {
		s.undoDocuments(ctx, rentingID)
		return err
	}
	err = s.bookings.Update(ctx, rentingID, func(r *domain.Renting) error {
		return r.MoveTo(domain.RenewalAccepted, s.now())
	})
	if err != nil {
		s.undoDocuments(ctx, rentingID)
	}
	return asException(err, r.ApartmentID)
}

// DeclineRenewal cancels, through its link (the renting id and the renewal mail's token), a renting
// that waits for its renewal answer; the renter moves out at the end of the semester.
func (s *Rentings) DeclineRenewal(ctx context.Context, rentingID, token string) error {
	if _, _, err := s.renewalLink(ctx, rentingID, token); err != nil {
		return err
	}
	var apartmentID int
	err := s.bookings.Update(ctx, rentingID, func(r *domain.Renting) error {
		apartmentID = r.ApartmentID
		if r.State != domain.RenewalRequest {
			return &domain.TransitionError{RentingID: r.ID, From: r.State, To: domain.Canceled}
		}
		return r.MoveTo(domain.Canceled, s.now())
	})
	return asException(err, apartmentID)
}

// OfferRenewal offers the renter of a paid renting the same apartment for the following semester
// now, as the opening renewal window would (a RENEWAL_REQUEST renting, and the mail with the link
// to /booking/extend), e.g. for a renter who asks early. Admins only; audited. It returns the new
// renting's id; business problems come back as a *exception.Error.
func (s *Rentings) OfferRenewal(ctx context.Context, rentingID string) (string, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return "", err
	}
	paid, err := s.queries.Get(ctx, rentingID)
	if err != nil {
		return "", asException(err, 0)
	}
	if paid.State != domain.Payed {
		return "", (&domain.TransitionError{RentingID: paid.ID, From: paid.State, To: domain.RenewalRequest}).Exception()
	}
	semesters, err := s.catalog.Semesters(ctx)
	if err != nil {
		return "", err
	}
	current := slices.IndexFunc(semesters, func(sem domain.Semester) bool { return sem.ID == paid.SemesterID })
	if current < 0 {
		return "", fmt.Errorf("semester %d of renting %s: %w", paid.SemesterID, paid.ID, domain.ErrNotFound)
	}
	next, ok := semesters[current].Successor(semesters)
	if !ok {
		return "", exception.New("rentingId", domain.MsgSemesterNotBookable)
	}
	has, err := s.queries.RenterHasRenting(ctx, paid.RenterID, next.ID)
	if err != nil {
		return "", err
	}
	if has {
		return "", exception.New("rentingId", domain.MsgAlreadyRenting)
	}
	renewal := domain.NewRenting(paid.RenterID, paid.ApartmentID, next.ID, true, s.now())
	err = s.admin.AdminCreate(ctx, renewal, identity.FromContext(ctx).Subject, "offerRenewal")
	if errors.Is(err, domain.ErrRenterHoldsApartment) {
		return "", exception.New("rentingId", domain.MsgAlreadyRenting)
	}
	if err != nil {
		return "", asException(err, paid.ApartmentID)
	}
	return renewal.ID, nil
}

// ApproveIdentityCard records that an admin checked the renter's identity card
// (APARTMENT_RESERVED → OWNER_ACKNOWLEDGED). Admins only; audited.
func (s *Rentings) ApproveIdentityCard(ctx context.Context, rentingID string) error {
	if err := identity.RequireAdmin(ctx); err != nil {
		return err
	}
	actor := identity.FromContext(ctx).Subject
	err := s.admin.AdminUpdate(ctx, rentingID, actor, "approveIdentityCard", func(r *domain.Renting) error {
		return r.MoveTo(domain.OwnerAcknowledged, s.now())
	})
	return notFoundAs(err, ErrRentingNotPresent)
}

// FreeApartment deletes every renting of an apartment in a semester with its log (SPEC "delete
// contract"). Deleting tells nobody and refunds nothing, so a booking whose contract is out (signed,
// unpaid or paid) refuses it (CANCEL_INSTEAD, nothing is deleted): the office cancels that one with
// CancelBooking. Admins only; audited.
func (s *Rentings) FreeApartment(ctx context.Context, apartmentID, semesterID int) error {
	if err := identity.RequireAdmin(ctx); err != nil {
		return err
	}
	// An apartment or semester that does not exist has nothing to free, and no audit entry says so.
	if err := s.checkApartment(ctx, apartmentID); err != nil {
		return err
	}
	if err := s.checkSemester(ctx, semesterID); err != nil {
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
func (s *Rentings) offerFreed(ctx context.Context, apartmentID int) {
	if err := s.OfferFreeApartments(ctx); err != nil {
		s.logger.ErrorContext(ctx, "offering a freed apartment to the waitlist failed; the job offers it", "apartmentId", apartmentID, "err", err)
	}
}

// BlockApartment keeps an apartment from being booked in a semester, for the reason given. Admins
// only, audited; a missing reason, an unknown apartment or semester, or a renting holding the
// apartment (free it first) come back as a *exception.Error and block nothing. Blocking a blocked
// apartment again replaces the reason.
func (s *Rentings) BlockApartment(ctx context.Context, apartmentID, semesterID int, reason string) error {
	if err := identity.RequireAdmin(ctx); err != nil {
		return err
	}
	block, err := domain.NewBlock(apartmentID, semesterID, reason, identity.FromContext(ctx).Subject, s.now())
	if err != nil {
		return err
	}
	if err := s.checkApartment(ctx, apartmentID); err != nil {
		return err
	}
	if err := s.checkSemester(ctx, semesterID); err != nil {
		return err
	}
	return s.admin.BlockApartment(ctx, block, block.RefuseHolder)
}

// checkSemester refuses a semester the catalog does not know as NO_SEMESTER on semesterId.
func (s *Rentings) checkSemester(ctx context.Context, semesterID int) error {
	if _, err := s.catalog.Semester(ctx, semesterID); errors.Is(err, domain.ErrNotFound) {
		return exception.New("semesterId", domain.MsgNoSemester, "id", strconv.Itoa(semesterID))
	} else if err != nil {
		return err
	}
	return nil
}

// UnblockApartment lets an apartment be booked in the semester again. Admins only, audited; an
// apartment that is not blocked comes back as NOT_BLOCKED.
func (s *Rentings) UnblockApartment(ctx context.Context, apartmentID, semesterID int) error {
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

// AnswerRenewalForRenter accepts (RENEWAL_ACCEPTED) or declines (CANCELED) a renewal on the renter's
// behalf, e.g. after a call; the renter's data and documents stay as they are. Admins only; audited
// ("acceptRenewalForRenter" or "declineRenewalForRenter"). A renting that does not wait for its
// renewal answer comes back as a *exception.Error.
func (s *Rentings) AnswerRenewalForRenter(ctx context.Context, rentingID string, accept bool) error {
	if err := identity.RequireAdmin(ctx); err != nil {
		return err
	}
	to, action := domain.Canceled, "declineRenewalForRenter"
	if accept {
		to, action = domain.RenewalAccepted, "acceptRenewalForRenter"
	}
	var apartmentID int
	err := s.admin.AdminUpdate(ctx, rentingID, identity.FromContext(ctx).Subject, action, func(r *domain.Renting) error {
		apartmentID = r.ApartmentID
		if r.State != domain.RenewalRequest {
			return &domain.TransitionError{RentingID: r.ID, From: r.State, To: to}
		}
		return r.MoveTo(to, s.now())
	})
	return asException(err, apartmentID)
}
