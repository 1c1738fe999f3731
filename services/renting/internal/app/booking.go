package app

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"semesterhaus/platform/exception"
	"semesterhaus/services/renting/internal/domain"
)

// Booking is the booking site's use cases (docs/booking.md): what is free and what it costs, the
// booking request with its uploads, the e-mail confirmation, another apartment after the first was
// taken, and a request withdrawn from the renter's page.
type Booking struct {
	bookings  BookingStore
	queries   QueryStore
	offers    WaitlistOffers
	catalog   Catalog
	renters   Renters
	documents Documents
	clock
	mailLimit domain.MailLimit
	logger    *slog.Logger
}

// NewBooking returns the booking site's use cases; now is the clock (injectable for tests).
func NewBooking(bookings BookingStore, queries QueryStore, offers WaitlistOffers, catalog Catalog, renters Renters, documents Documents, now func() time.Time, settings Settings, logger *slog.Logger) *Booking {
	return &Booking{
		bookings: bookings, queries: queries, offers: offers, catalog: catalog, renters: renters, documents: documents,
		clock: newClock(now, settings), mailLimit: settings.MailLimit, logger: logger,
	}
}

// AvailableApartments answers the booking site's first step: every apartment of the building and
// whether it is free in the bookable semester.
func (s *Booking) AvailableApartments(ctx context.Context) (Availability, error) {
	return availability(ctx, s.catalog, s.queries, s.offers)
}

// Offer is an apartment in a semester with its price.
type Offer struct {
	ApartmentID int
	SemesterID  int
	Price       domain.PriceCalculation
}

// BookApartment prices a new booking of an apartment for a semester; an unknown apartment or
// semester comes back as domain.ErrNoApartment or domain.ErrNoSemester. The price is the one call
// to the catalog: it tells which of the two is unknown.
func (s *Booking) BookApartment(ctx context.Context, apartmentID, semesterID int) (Offer, error) {
	price, err := s.catalog.Price(ctx, apartmentID, semesterID, false)
	if err != nil {
		return Offer{}, err
	}
	return Offer{ApartmentID: apartmentID, SemesterID: semesterID, Price: price}, nil
}

// Progress is where a booking stands: its state, apartment and semester and what it costs (a renewal
// pays the rent only), for the booking site's pages after the form.
type Progress struct {
	Offer
	RentingID string
	State     domain.State
	// Cancellation is the office's, when it cancelled the booking: the pages say why.
	Cancellation *domain.Cancellation
	InPayment    bool // a SEPA debit is under way
}

// BookingProgress returns where the renting stands, or domain.ErrNotFound.
func (s *Booking) BookingProgress(ctx context.Context, rentingID string) (Progress, error) {
	r, err := s.queries.Get(ctx, rentingID)
	if err != nil {
		return Progress{}, err
	}
	price, err := s.price(ctx, r)
	if err != nil {
		return Progress{}, err
	}
	return Progress{Offer: Offer{ApartmentID: r.ApartmentID, SemesterID: r.SemesterID, Price: price}, RentingID: r.ID, State: r.State, Cancellation: r.Cancellation, InPayment: r.Money.InPayment}, nil
}

// price is what the renting costs: the price its contract was written with once there is one (the
// payment asks exactly that), the catalog's price of today before.
func (s *Booking) price(ctx context.Context, r domain.Renting) (domain.PriceCalculation, error) {
	if r.ContractPrice.Valid() {
		return r.ContractPrice.Calculation(), nil
	}
	return s.catalog.Price(ctx, r.ApartmentID, r.SemesterID, r.Renewal)
}

// BookingRequest is the booking form: the renter's data and the uploads' files (the GraphQL adapter
// decodes them from the form's base64).
type BookingRequest struct {
	ApartmentID, SemesterID int
	Renter                  domain.RenterData
	IdentityCardFront       []byte
	IdentityCardBack        []byte
	Immatriculation         []byte
	// OfferToken is the token of a waitlist offer's link: it books the apartment held for the offer.
	OfferToken string
}

// CreateRentingRequest runs the booking saga of docs/booking.md: check semester and apartment, find
// or register the renter (the renter service refuses invalid data before it stores anything), store
// the uploads, then store the renting in APARTMENT_REQUESTED with the form in one transaction. Anybody can send a request for any address,
// so nothing that exists changes here: a known renter's data waits with the request for the
// confirmation (ConfirmEmail). Nor does the answer tell who lives here: for a renter who holds an
// apartment in the semester nothing is stored, the holder is told by mail instead (NotifyHolder),
// and the answer is an id like any other, after the same work (the uploads are checked and
// dropped). Each request mails its address, so an address is mailed at most Settings.MailLimit
// times per window: the mail is counted in the transaction that enqueues it, and a request over
// the limit is TOO_MANY_MAILS. Business problems come back as a *exception.Error; whatever fails
// after the renter was registered undoes the earlier steps, so nothing is half-created.
func (s *Booking) CreateRentingRequest(ctx context.Context, req BookingRequest) (string, error) {
	semester, err := bookableSemester(ctx, s.catalog, req.SemesterID)
	if err != nil {
		return "", err
	}
	offer, err := s.checkFree(ctx, req.ApartmentID, semester.ID, req.OfferToken)
	if err != nil {
		return "", err
	}
	uploads := []domain.Upload{
		{Type: domain.IdentityCardFront, Path: "identityCardFront", Content: req.IdentityCardFront},
		{Type: domain.IdentityCardBack, Path: "identityCardBack", Content: req.IdentityCardBack},
		{Type: domain.Immatriculation, Path: "immatriculation", Content: req.Immatriculation},
	}
	renterID, _, err := s.renters.Register(ctx, req.Renter, semester.Start, 0)
	if err != nil {
		return "", err
	}
	holding, err := s.holdingOf(ctx, renterID, semester.ID)
	if err != nil {
		s.undoRegistration(ctx, renterID)
		return "", err
	}
	r := domain.NewRenting(renterID, req.ApartmentID, semester.ID, s.now())
	if holding == nil {
		if err := s.attachOffer(ctx, offer, req.ApartmentID, semester.ID, r.ID); err != nil {
			s.undoRegistration(ctx, renterID)
			return "", err
		}
	}
	if err := s.documents.StoreUploads(ctx, renterID, r.ID, uploads); err != nil {
		s.undoOffer(ctx, offer, r.ID)
		s.undoRegistration(ctx, renterID)
		return "", err
	}
	mail := domain.NewAddressMail(req.Renter.Email, s.now(), s.mailLimit)
	if holding == nil {
		err = s.bookings.CreateRequest(ctx, r, req.Renter, mail, domain.RefuseIfHolding)
		if err == nil {
			return r.ID, nil
		}
		s.undoOffer(ctx, offer, r.ID)
		if !errors.Is(err, domain.ErrRenterHoldsApartment) {
			undoDocuments(ctx, s.documents, s.logger, r.ID)
			s.undoRegistration(ctx, renterID)
			return "", tooManyMails(err)
		}
		// The renter's address was confirmed for another apartment meanwhile.
		if holding, err = s.holdingOf(ctx, renterID, semester.ID); err == nil && holding == nil {
			err = fmt.Errorf("renter %d holds an apartment in semester %d, but none was found", renterID, semester.ID)
		}
		if err != nil {
			undoDocuments(ctx, s.documents, s.logger, r.ID)
			return "", err
		}
	}
	err = s.bookings.NotifyHolder(ctx, *holding, mail)
	undoDocuments(ctx, s.documents, s.logger, r.ID)
	if err != nil {
		return "", tooManyMails(err)
	}
	return r.ID, nil
}

// holdingOf is the renter's renting that holds an apartment in the semester, or nil.
// CreateRequest checks again under lock, for a confirmation at the same moment.
func (s *Booking) holdingOf(ctx context.Context, renterID int64, semesterID int) (*domain.Renting, error) {
	rentings, err := s.queries.RentingsOfRenter(ctx, renterID)
	if err != nil {
		return nil, err
	}
	for i := range rentings {
		if rentings[i].SemesterID == semesterID && rentings[i].State.Holds() {
			return &rentings[i], nil
		}
	}
	return nil, nil
}

// checkFree checks that the apartment exists, nobody holds it in the semester, it is not blocked and
// not held for a waitlist offer, unless offerToken is that offer's: then offer is the hash of the
// token, for attachOffer. The unique index (and the block and offer triggers) has the last word when
// two renters confirm at once; this check spares a renter a doomed booking.
func (s *Booking) checkFree(ctx context.Context, apartmentID, semesterID int, offerToken string) (offer []byte, err error) {
	if err := checkApartment(ctx, s.catalog, apartmentID); err != nil {
		return nil, err
	}
	held, err := s.queries.ApartmentHeld(ctx, apartmentID, semesterID)
	if err != nil {
		return nil, err
	}
	blocked, err := s.queries.ApartmentBlocked(ctx, apartmentID, semesterID)
	if err != nil {
		return nil, err
	}
	offerHash, offered, answered, err := s.offers.OpenOfferHash(ctx, apartmentID, semesterID)
	if err != nil {
		return nil, err
	}
	throughOffer := offered && offerToken != "" && subtle.ConstantTimeCompare(domain.HashLinkToken(offerToken), offerHash) == 1
	if held || blocked || offered && !throughOffer {
		return nil, exception.New("apartmentId", domain.MsgApartmentTaken, "id", strconv.Itoa(apartmentID))
	}
	if throughOffer && answered {
		return nil, offerAnswered()
	}
	if throughOffer {
		return offerHash, nil
	}
	return nil, nil
}

// offerAnswered is the answer to a booking with the link of an offer that a booking answered before:
// the offer is used up, the apartment stays the first booking's.
func offerAnswered() error { return exception.New("offerToken", domain.MsgOfferInvalid) }

// attachOffer makes the renting the booking through the waitlist offer whose token has the hash (none
// for a booking without an offer): the one renting that may hold the offered apartment. An offer
// that expired meanwhile leaves the apartment to the next in line: APARTMENT_TAKEN; one that another
// booking answered first (two at once with the same link) is WAITLIST_OFFER_INVALID.
func (s *Booking) attachOffer(ctx context.Context, offer []byte, apartmentID, semesterID int, rentingID string) error {
	if offer == nil {
		return nil
	}
	err := s.offers.AttachOffer(ctx, offer, apartmentID, semesterID, rentingID)
	if !errors.Is(err, domain.ErrNotFound) {
		return err
	}
	hash, offered, answered, err := s.offers.OpenOfferHash(ctx, apartmentID, semesterID)
	if err != nil {
		return err
	}
	if offered && answered && subtle.ConstantTimeCompare(hash, offer) == 1 {
		return offerAnswered()
	}
	return exception.New("apartmentId", domain.MsgApartmentTaken, "id", strconv.Itoa(apartmentID))
}

// undoOffer opens the offer the renting answered again when its booking fails after all, so the
// person offered the apartment can still book it.
func (s *Booking) undoOffer(ctx context.Context, offer []byte, rentingID string) {
	if offer == nil {
		return
	}
	if err := s.offers.DetachOffer(context.WithoutCancel(ctx), rentingID); err != nil {
		s.logger.ErrorContext(ctx, "booking: undoing the answer to the waitlist offer failed", "rentingId", rentingID, "err", err)
	}
}

// undoRegistration compensates the registration, as undoDocuments the stored uploads. Its failure is
// logged, not returned: the caller's own failure is the one to report. Undoing a registration
// releases it; the renter service deletes the renter only when nothing else uses it, so a renter
// that existed before stays.
func (s *Booking) undoRegistration(ctx context.Context, renterID int64) {
	if err := s.renters.DeleteUnused(context.WithoutCancel(ctx), renterID); err != nil {
		s.logger.ErrorContext(ctx, "booking: undoing the renter registration failed", "renterId", renterID, "err", err)
	}
}

// ConfirmEmail handles the e-mail confirmation link, which only the address owner receives: the
// request's form becomes the renter's data (audited by the renter service), the renting moves to
// APARTMENT_RESERVED, or to SELECT_APARTMENT when another renting holds the apartment by now (the
// unique index decides, so of many renters confirming at once exactly one wins), and the renter's
// other open requests of the semester are cancelled. A repeated confirmation answers as the first.
func (s *Booking) ConfirmEmail(ctx context.Context, email, token string) (domain.Outcome, string, error) {
	renterID, rentingID, err := s.renters.ConsumeEmailToken(ctx, email, token)
	switch {
	case errors.Is(err, domain.ErrInvalidToken):
		return domain.InvalidToken, "", nil
	case errors.Is(err, domain.ErrExpiredToken):
		return domain.ExpiredToken, "", nil
	case err != nil:
		return "", "", err
	}
	err = s.applyRequestForm(ctx, renterID, rentingID)
	var outcome domain.Outcome
	if err == nil {
		outcome, err = s.confirm(ctx, renterID, rentingID)
	}
	if errors.Is(err, domain.ErrNotFound) { // an admin freed the apartment meanwhile
		return domain.InvalidToken, "", nil
	}
	if err != nil {
		return "", "", err
	}
	return outcome, rentingID, nil
}

// applyRequestForm makes the confirmed request's form the renter's data. It runs before the renting
// moves, so a failure leaves the request open for the link to be opened again; a request that
// moved on (a repeated confirmation) has no form any more.
func (s *Booking) applyRequestForm(ctx context.Context, renterID int64, rentingID string) error {
	r, err := s.queries.Get(ctx, rentingID)
	if err != nil {
		return err
	}
	if err := tokenNamesRenting(renterID, r); err != nil || r.State != domain.ApartmentRequested {
		return err
	}
	form, err := s.bookings.RequestForm(ctx, rentingID)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	semester, err := s.catalog.Semester(ctx, r.SemesterID)
	if err != nil {
		return fmt.Errorf("semester of renting %s: %w", rentingID, err)
	}
	if _, _, err := s.renters.Register(ctx, form, semester.Start, renterID); err != nil {
		return fmt.Errorf("apply the form of renting %s: %w", rentingID, err)
	}
	return nil
}

// tokenNamesRenting checks that a confirmation token's renter is the renting's.
func tokenNamesRenting(renterID int64, r domain.Renting) error {
	if r.RenterID != renterID {
		return fmt.Errorf("token of renter %d names renting %s of renter %d: %w", renterID, r.ID, r.RenterID, domain.ErrNotFound)
	}
	return nil
}

// confirm applies the confirmation to the renting (domain.ConfirmRequest). Of renters confirming at
// the same moment several may see the apartment free: the unique index lets one of them reserve
// it, and the others then select another apartment.
func (s *Booking) confirm(ctx context.Context, renterID int64, rentingID string) (domain.Outcome, error) {
	var outcome domain.Outcome
	move := func(r *domain.Renting, held bool, others []*domain.Renting) error {
		if err := tokenNamesRenting(renterID, *r); err != nil {
			return err
		}
		var err error
		outcome, err = domain.ConfirmRequest(r, held, others, s.now())
		return err
	}
	err := s.bookings.Confirm(ctx, rentingID, move)
	if errors.Is(err, domain.ErrApartmentTaken) {
		err = s.bookings.Confirm(ctx, rentingID, func(r *domain.Renting, _ bool, others []*domain.Renting) error { return move(r, true, others) })
	}
	return outcome, err
}

// ReselectApartment moves a renting whose apartment was taken to another free apartment of the same
// semester (APARTMENT_RESERVED).
func (s *Booking) ReselectApartment(ctx context.Context, rentingID string, apartmentID int) error {
	if err := checkApartment(ctx, s.catalog, apartmentID); err != nil {
		return err
	}
	err := s.bookings.Update(ctx, rentingID, func(r *domain.Renting) error {
		if r.State != domain.SelectApartment {
			return &domain.TransitionError{RentingID: r.ID, From: r.State, To: domain.ApartmentReserved}
		}
		return r.Reselect(apartmentID, s.now())
	})
	return asException(err, apartmentID)
}

// WithdrawRequest cancels a booking request whose e-mail address is not confirmed yet
// (APARTMENT_REQUESTED), for the renter whose own page the token opens. An unknown or expired token,
// or a renting of somebody else, is NO_RENTING: the answer tells nothing about other rentings.
func (s *Booking) WithdrawRequest(ctx context.Context, token, rentingID string) error {
	renterID, err := s.renters.OpenPage(ctx, token)
	if errors.Is(err, domain.ErrInvalidToken) {
		return asException(domain.ErrNotFound, 0)
	}
	if err != nil {
		return err
	}
	err = s.bookings.Update(ctx, rentingID, func(r *domain.Renting) error {
		if r.RenterID != renterID {
			return domain.ErrNotFound
		}
		if r.State != domain.ApartmentRequested {
			return &domain.TransitionError{RentingID: r.ID, From: r.State, To: domain.Canceled}
		}
		return r.MoveTo(domain.Canceled, s.now())
	})
	return asException(err, 0)
}
