package app

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/emmansun/base64"

	"semesterhaus/services/renting/internal/domain"
)

// BookingRequest is the booking form: the renter's data and the uploads as base64 text.
type BookingRequest struct {
	ApartmentID, SemesterID int
	Renter                  domain.RenterData
	IdentityCardFront       string
	IdentityCardBack        string
	Immatriculation         string
}

// CreateRentingRequest runs the booking saga of docs/booking.md: check semester and apartment,
// validate and register the renter, store the uploads, then store the renting in APARTMENT_REQUESTED
// in one transaction. Business problems come back as a *domain.ValidationError; whatever fails after
// the renter was registered undoes the earlier steps, so nothing is half-created.
func (s *Rentings) CreateRentingRequest(ctx context.Context, req BookingRequest) (string, error) {
	semester, err := s.bookableSemester(ctx, req.SemesterID)
	if err != nil {
		return "", err
	}
	if err := s.checkFree(ctx, req.ApartmentID, semester.ID); err != nil {
		return "", err
	}
	uploads, err := decodeUploads(
		upload{domain.IdentityCardFront, "identityCardFront", req.IdentityCardFront},
		upload{domain.IdentityCardBack, "identityCardBack", req.IdentityCardBack},
		upload{domain.Immatriculation, "immatriculation", req.Immatriculation},
	)
	if err != nil {
		return "", err
	}
	if err := s.renters.Validate(ctx, req.Renter, semester.Start); err != nil {
		return "", err
	}
	renterID, created, err := s.renters.Register(ctx, req.Renter, semester.Start, 0)
	if err != nil {
		return "", err
	}
	r := domain.NewRenting(renterID, req.ApartmentID, semester.ID, false, s.now())
	if err := s.documents.StoreUploads(ctx, renterID, r.ID, uploads); err != nil {
		s.undoRegistration(ctx, renterID, created)
		return "", err
	}
	err = s.repo.Create(ctx, r, func(others []*domain.Renting) error { return domain.Supersede(others, r.CreatedAt) })
	if err != nil {
		s.undoDocuments(ctx, r.ID)
		s.undoRegistration(ctx, renterID, created)
		if errors.Is(err, domain.ErrRenterHoldsApartment) {
			return "", domain.Invalid("email", domain.MsgAlreadyRenting)
		}
		return "", err
	}
	return r.ID, nil
}

// bookableSemester checks that the semester is the one open for booking.
func (s *Rentings) bookableSemester(ctx context.Context, semesterID int) (domain.Semester, error) {
	semester, err := s.catalog.BookableSemester(ctx)
	if errors.Is(err, domain.ErrNotFound) || err == nil && semester.ID != semesterID {
		return domain.Semester{}, domain.Invalid("semesterId", domain.MsgSemesterNotBookable, "semesterId", strconv.Itoa(semesterID))
	}
	return semester, err
}

// checkFree checks that the apartment exists and nobody holds it in the semester. The unique index
// has the last word when two renters confirm at once; this check spares a renter a doomed booking.
func (s *Rentings) checkFree(ctx context.Context, apartmentID, semesterID int) error {
	if _, err := s.catalog.Apartment(ctx, apartmentID); errors.Is(err, domain.ErrNotFound) {
		return domain.Invalid("apartmentId", domain.MsgNoApartment, "id", strconv.Itoa(apartmentID))
	} else if err != nil {
		return err
	}
	held, err := s.repo.ApartmentHeld(ctx, apartmentID, semesterID)
	if err != nil {
		return err
	}
	if held {
		return domain.Invalid("apartmentId", domain.MsgApartmentTaken, "id", strconv.Itoa(apartmentID))
	}
	return nil
}

type upload struct {
	kind   domain.DocumentType
	path   string
	base64 string
}

// decodeUploads turns the form's base64 texts into files; a text that is no base64 is an "invalid"
// exception on its field. Checking the contents is the document service's job. The decoder is
// encoding/base64's drop-in with SIMD (a booking decodes 4 MB: 4.5 ms of CPU with the standard
// library, 1.6 ms with it).
func decodeUploads(uploads ...upload) ([]domain.Upload, error) {
	result := make([]domain.Upload, len(uploads))
	for i, u := range uploads {
		content, err := base64.StdEncoding.DecodeString(u.base64)
		if err != nil {
			return nil, domain.Invalid(u.path, domain.MsgInvalid)
		}
		result[i] = domain.Upload{Type: u.kind, Path: u.path, Content: content}
	}
	return result, nil
}

// undoRegistration and undoDocuments compensate earlier saga steps. Their failures are logged, not
// returned: the caller's own failure is the one to report, and the renter service keeps a renter
// that existed before anyway.
func (s *Rentings) undoRegistration(ctx context.Context, renterID int64, created bool) {
	if !created {
		return
	}
	if err := s.renters.DeleteUnused(context.WithoutCancel(ctx), renterID); err != nil {
		s.logger.ErrorContext(ctx, "booking: undoing the renter registration failed", "renterId", renterID, "err", err)
	}
}

func (s *Rentings) undoDocuments(ctx context.Context, rentingID string) {
	if err := s.documents.DeleteRentingDocuments(context.WithoutCancel(ctx), rentingID); err != nil {
		s.logger.ErrorContext(ctx, "booking: undoing the stored uploads failed", "rentingId", rentingID, "err", err)
	}
}

// ConfirmEmail handles the e-mail confirmation link: the renting moves to APARTMENT_RESERVED, or to
// SELECT_APARTMENT when another renting holds the apartment by now (the unique index decides, so of
// many renters confirming at once exactly one wins). A repeated confirmation answers as the first.
func (s *Rentings) ConfirmEmail(ctx context.Context, email, token string) (domain.Outcome, string, error) {
	renterID, rentingID, err := s.renters.ConsumeEmailToken(ctx, email, token)
	switch {
	case errors.Is(err, domain.ErrInvalidToken):
		return domain.InvalidToken, "", nil
	case errors.Is(err, domain.ErrExpiredToken):
		return domain.ExpiredToken, "", nil
	case err != nil:
		return "", "", err
	}
	outcome, err := s.confirm(ctx, renterID, rentingID)
	if errors.Is(err, domain.ErrNotFound) { // an admin freed the apartment meanwhile
		return domain.InvalidToken, "", nil
	}
	if err != nil {
		return "", "", err
	}
	return outcome, rentingID, nil
}

// confirm moves a requested renting to APARTMENT_RESERVED, or to SELECT_APARTMENT when another
// renting holds the apartment; a renting already past APARTMENT_REQUESTED stays as it is and
// answers its outcome. Of renters confirming at the same moment several may see the apartment free:
// the unique index lets one of them reserve it, and the others then select another apartment.
func (s *Rentings) confirm(ctx context.Context, renterID int64, rentingID string) (domain.Outcome, error) {
	var outcome domain.Outcome
	move := func(r *domain.Renting, held bool) error {
		if r.RenterID != renterID {
			return fmt.Errorf("token of renter %d names renting %s of renter %d: %w", renterID, r.ID, r.RenterID, domain.ErrNotFound)
		}
		if r.State != domain.ApartmentRequested {
			outcome = domain.ConfirmationOutcome(r.State)
			return nil
		}
		to := domain.ApartmentReserved
		if held {
			to = domain.SelectApartment
		}
		if err := r.MoveTo(to, s.now()); err != nil {
			return err
		}
		outcome = domain.ConfirmationOutcome(to)
		return nil
	}
	err := s.repo.UpdateKnowingHolder(ctx, rentingID, move)
	if errors.Is(err, domain.ErrApartmentTaken) {
		err = s.repo.UpdateKnowingHolder(ctx, rentingID, func(r *domain.Renting, _ bool) error { return move(r, true) })
	}
	return outcome, err
}

// ReselectApartment moves a renting whose apartment was taken to another free apartment of the same
// semester (APARTMENT_RESERVED).
func (s *Rentings) ReselectApartment(ctx context.Context, rentingID string, apartmentID int) error {
	if _, err := s.catalog.Apartment(ctx, apartmentID); errors.Is(err, domain.ErrNotFound) {
		return domain.Invalid("apartmentId", domain.MsgNoApartment, "id", strconv.Itoa(apartmentID))
	} else if err != nil {
		return err
	}
	err := s.repo.Update(ctx, rentingID, func(r *domain.Renting) error {
		if r.State != domain.SelectApartment {
			return &domain.TransitionError{RentingID: r.ID, From: r.State, To: domain.ApartmentReserved}
		}
		return r.Reselect(apartmentID, s.now())
	})
	return asException(err, apartmentID)
}

// asException turns the business failures of an operation on a renting into the exception the
// booking site shows; other errors pass.
func asException(err error, apartmentID int) error {
	var refused *domain.TransitionError
	switch {
	case errors.As(err, &refused):
		return refused.Exception()
	case errors.Is(err, domain.ErrNotFound):
		return domain.Invalid("rentingId", domain.MsgNoRenting)
	case errors.Is(err, domain.ErrApartmentTaken):
		return domain.Invalid("apartmentId", domain.MsgApartmentTaken, "id", strconv.Itoa(apartmentID))
	default:
		return err
	}
}
