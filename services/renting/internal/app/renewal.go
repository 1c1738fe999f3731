package app

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/identity"
	"semesterhaus/services/renting/internal/domain"
)

// Renewals are the use cases of a renewal (docs/booking.md, "Renewal"): the renter's answer through
// the renewal link, and the office's renewal offered early or answered on the renter's behalf.
type Renewals struct {
	bookings  BookingStore
	admin     AdminStore
	queries   QueryStore
	catalog   Catalog
	renters   Renters
	documents Documents
	clock
	logger *slog.Logger
}

// NewRenewals returns the renewal use cases; now is the clock (injectable for tests).
func NewRenewals(bookings BookingStore, admin AdminStore, queries QueryStore, catalog Catalog, renters Renters, documents Documents, now func() time.Time, settings Settings, logger *slog.Logger) *Renewals {
	return &Renewals{
		bookings: bookings, admin: admin, queries: queries, catalog: catalog, renters: renters, documents: documents,
		clock: newClock(now, settings), logger: logger,
	}
}

// RenewalOffer is what the renewal page shows: the apartment, the semester, the renewal price and
// the renter's data for the form.
type RenewalOffer struct {
	Offer
	Renter domain.RenterData
}

// ExtendBooking answers the renewal link: the renting id with the token of the renewal mail. The
// token opens the renter's data only while the renting waits for its renewal answer; after the answer
// the link shows nothing (domain.ErrNotFound).
func (s *Renewals) ExtendBooking(ctx context.Context, rentingID, token string) (RenewalOffer, error) {
	r, err := s.awaitingRenewal(ctx, rentingID, token)
	if err != nil {
		return RenewalOffer{}, err
	}
	price, err := s.catalog.Price(ctx, r.ApartmentID, r.SemesterID, true)
	if err != nil {
		return RenewalOffer{}, err
	}
	renter, err := s.renters.Get(ctx, r.RenterID)
	if err != nil {
		return RenewalOffer{}, err
	}
	return RenewalOffer{Offer: Offer{ApartmentID: r.ApartmentID, SemesterID: r.SemesterID, Price: price}, Renter: renter}, nil
}

// RenterByRentingID returns the renter's data for the renewal form, under the same rule as
// ExtendBooking.
func (s *Renewals) RenterByRentingID(ctx context.Context, rentingID, token string) (domain.RenterData, error) {
	r, err := s.awaitingRenewal(ctx, rentingID, token)
	if err != nil {
		return domain.RenterData{}, err
	}
	return s.renters.Get(ctx, r.RenterID)
}

// awaitingRenewal returns the renting if the renewal link opens it and it waits for its renewal
// answer, else domain.ErrNotFound.
func (s *Renewals) awaitingRenewal(ctx context.Context, rentingID, token string) (domain.Renting, error) {
	r, _, err := s.renewalLink(ctx, rentingID, token)
	if err != nil {
		return domain.Renting{}, err
	}
	if r.State != domain.RenewalRequest {
		return domain.Renting{}, fmt.Errorf("renting %s is not awaiting a renewal: %w", rentingID, domain.ErrNotFound)
	}
	return r, nil
}

// renewalLink returns the renting a renewal link opens, with its semester: the token must be the one
// mailed for the renting, or the token of the renter's own page ("Meine Buchung", which links its
// renewals with it) of the renting's renter, and the semester's renewal deadline not over. Otherwise
// a business exception on the token comes back, the same for an unknown renting, a forged token,
// another renting's and another renter's page token. The renewal token is checked before anything
// else is read.
func (s *Renewals) renewalLink(ctx context.Context, rentingID, token string) (domain.Renting, domain.Semester, error) {
	hashes, err := s.queries.RenewalTokenHashes(ctx, rentingID)
	if err != nil {
		return domain.Renting{}, domain.Semester{}, err
	}
	invalid := domain.CheckRenewalToken(token, hashes)
	var pageRenter int64
	if invalid != nil {
		if pageRenter, err = s.pageRenter(ctx, token); err != nil || pageRenter == 0 {
			return domain.Renting{}, domain.Semester{}, cmp.Or(err, invalid)
		}
	}
	r, err := s.queries.Get(ctx, rentingID)
	if pageRenter != 0 && (errors.Is(err, domain.ErrNotFound) || err == nil && r.RenterID != pageRenter) {
		return domain.Renting{}, domain.Semester{}, invalid
	}
	if err != nil {
		return domain.Renting{}, domain.Semester{}, err
	}
	semester, err := s.catalog.Semester(ctx, r.SemesterID)
	if err != nil {
		return domain.Renting{}, domain.Semester{}, err
	}
	return r, semester, domain.CheckRenewalDeadline(semester, s.today())
}

// pageRenter names the renter whose own page the token opens, 0 for a token that opens none.
func (s *Renewals) pageRenter(ctx context.Context, token string) (int64, error) {
	if token == "" {
		return 0, nil
	}
	renterID, err := s.renters.OpenPage(ctx, token)
	if errors.Is(err, domain.ErrInvalidToken) {
		return 0, nil
	}
	return renterID, err
}

// Renewal is the renewal form: the renter's updated data (the e-mail stays) and the new enrollment
// certificate's file (the GraphQL adapter decodes it from the form's base64).
type Renewal struct {
	Renter          domain.RenterData
	Immatriculation []byte
}

// ApproveRenewal accepts a renewal through its link (the renting id and the renewal mail's token):
// the certificate is stored, the renter's data updated and the renting moves from RENEWAL_REQUEST to
// RENEWAL_ACCEPTED. Business problems, a link that opens nothing among them, come back as a
// *exception.Error, and nothing changes.
func (s *Renewals) ApproveRenewal(ctx context.Context, rentingID, token string, renewal Renewal) error {
	r, semester, err := s.renewalLink(ctx, rentingID, token)
	if err != nil {
		return err
	}
	if r.State != domain.RenewalRequest {
		return (&domain.TransitionError{RentingID: r.ID, From: r.State, To: domain.RenewalAccepted}).Exception()
	}
	uploads := []domain.Upload{{Type: domain.Immatriculation, Path: "immatriculation", Content: renewal.Immatriculation}}
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
		undoDocuments(ctx, s.documents, s.logger, rentingID)
		return err
	}
	err = s.bookings.Update(ctx, rentingID, func(r *domain.Renting) error {
		return r.MoveTo(domain.RenewalAccepted, s.now())
	})
	if err != nil {
		undoDocuments(ctx, s.documents, s.logger, rentingID)
	}
	return asException(err, r.ApartmentID)
}

// DeclineRenewal cancels, through its link (the renting id and the renewal mail's token), a renting
// that waits for its renewal answer; the renter moves out at the end of the semester.
func (s *Renewals) DeclineRenewal(ctx context.Context, rentingID, token string) error {
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
func (s *Renewals) OfferRenewal(ctx context.Context, rentingID string) (string, error) {
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
	renewal := domain.NewRenewal(paid.RenterID, paid.ApartmentID, next.ID, s.now())
	err = s.admin.AdminCreate(ctx, renewal, identity.FromContext(ctx).Subject, "offerRenewal")
	if errors.Is(err, domain.ErrRenterHoldsApartment) {
		return "", exception.New("rentingId", domain.MsgAlreadyRenting)
	}
	if err != nil {
		return "", asException(err, paid.ApartmentID)
	}
	return renewal.ID, nil
}

// AnswerRenewalForRenter accepts (RENEWAL_ACCEPTED) or declines (CANCELED) a renewal on the renter's
// behalf, e.g. after a call; the renter's data and documents stay as they are. Admins only; audited
// ("acceptRenewalForRenter" or "declineRenewalForRenter"). A renting that does not wait for its
// renewal answer comes back as a *exception.Error.
func (s *Renewals) AnswerRenewalForRenter(ctx context.Context, rentingID string, accept bool) error {
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
