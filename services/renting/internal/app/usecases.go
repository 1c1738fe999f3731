package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"semesterhaus/platform/exception"
	"semesterhaus/services/renting/internal/domain"
)

// Settings are the renting service's business settings.
type Settings struct {
	TimeZone            *time.Location // the residence's time zone decides what "today" is
	ConfirmationTimeout time.Duration  // an unconfirmed booking request is canceled after it
	// UnconfirmedRetention is how long a request cancelled unconfirmed is kept; then it and, when
	// nothing else refers to it, its renter are deleted (docs/privacy.md).
	UnconfirmedRetention time.Duration
	KeyCodeDays          int           // the key code is announced this many days before move-in
	UnsignedAfter        time.Duration // a contract unsigned this long is a task for the office
	Reminders            domain.ReminderRules
	Waitlist             WaitlistSettings
	// MailLimit bounds the mails to one address that booking requests and waitlist joins cause
	// (the zero value bounds nothing).
	MailLimit domain.MailLimit
}

// WaitlistSettings are the waitlist's times (docs/booking.md, "Waitlist").
type WaitlistSettings struct {
	OfferValidity time.Duration // an offer holds its apartment this long, then passes to the next
	MailWindow    time.Duration // an address gets at most one confirmation mail per window
}

// Peers are the other services the use cases call.
type Peers struct {
	Catalog   Catalog
	Renters   Renters
	Documents Documents
	Payments  Payments
}

// UseCases are the renting service's use cases, one type per role: the booking site's, the
// renewal's, the other services' facts, the office's, the handover's, the waitlist's, the scheduled
// job's and the reads. Each holds only the stores and clients it uses.
type UseCases struct {
	Booking   *Booking
	Renewals  *Renewals
	Facts     *Facts
	Office    *Office
	Handovers *Handovers
	Waitlist  *Waitlist
	Jobs      *Jobs
	Queries   *Queries
}

// New wires the use cases on one repository (every store role) and the peers; now is the clock
// (injectable for tests).
func New(repo Repository, peers Peers, now func() time.Time, settings Settings, logger *slog.Logger) UseCases {
	waitlist := NewWaitlist(repo, repo, peers.Catalog, now, settings)
	handovers := NewHandovers(repo, repo, peers.Catalog, peers.Renters, peers.Documents, now, settings)
	return UseCases{
		Booking:   NewBooking(repo, repo, repo, peers.Catalog, peers.Renters, peers.Documents, now, settings, logger),
		Renewals:  NewRenewals(repo, repo, repo, peers.Catalog, peers.Renters, peers.Documents, now, settings, logger),
		Facts:     NewFacts(now, settings, logger),
		Office:    NewOffice(repo, repo, peers.Catalog, peers.Documents, peers.Payments, waitlist, now, settings, logger),
		Handovers: handovers,
		Waitlist:  waitlist,
		Jobs:      NewJobs(repo, repo, repo, peers.Catalog, handovers, waitlist, now, settings, logger),
		Queries:   NewQueries(repo, repo, peers.Catalog, peers.Renters, peers.Payments, now, settings),
	}
}

// clock is the use cases' time: now, and the calendar day in the residence's time zone.
type clock struct {
	now  func() time.Time
	zone *time.Location
}

func newClock(now func() time.Time, settings Settings) clock {
	return clock{now: now, zone: settings.TimeZone}
}

// today is the calendar day in the residence's time zone, as midnight UTC like the semesters' days.
func (c clock) today() time.Time {
	y, m, d := c.now().In(c.zone).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// Errors the adapters translate for their clients.
var (
	// ErrRentingNotPresent answers an admin operation on a renting that does not exist (SPEC section 5).
	ErrRentingNotPresent = errors.New("rentingId was not present")
)

// notFoundAs replaces a "not found" by the more telling err.
func notFoundAs(err, replacement error) error {
	if errors.Is(err, domain.ErrNotFound) {
		return replacement
	}
	return err
}

// noRenting refuses an office's operation on a renting that does not exist.
func noRenting() error { return exception.New("rentingId", domain.MsgNoRenting) }

// asException turns the business failures of an operation on a renting into the exception the
// booking site shows; other errors pass.
func asException(err error, apartmentID int) error {
	var refused *domain.TransitionError
	switch {
	case errors.As(err, &refused):
		return refused.Exception()
	case errors.Is(err, domain.ErrNotFound):
		return noRenting()
	case errors.Is(err, domain.ErrApartmentTaken):
		return exception.New("apartmentId", domain.MsgApartmentTaken, "id", strconv.Itoa(apartmentID))
	default:
		return err
	}
}

// tooManyMails turns the refusal of a mail over the address's limit into its business exception;
// other errors pass.
func tooManyMails(err error) error {
	var refused *domain.TooManyMailsError
	if errors.As(err, &refused) {
		return refused.Exception()
	}
	return err
}

// bookableSemester checks that the semester is the one open for booking.
func bookableSemester(ctx context.Context, catalog Catalog, semesterID int) (domain.Semester, error) {
	semester, err := catalog.BookableSemester(ctx)
	if errors.Is(err, domain.ErrNotFound) || err == nil && semester.ID != semesterID {
		return domain.Semester{}, exception.New("semesterId", domain.MsgSemesterNotBookable, "semesterId", strconv.Itoa(semesterID))
	}
	return semester, err
}

// checkApartment answers NO_APARTMENT for an apartment the catalog does not know.
func checkApartment(ctx context.Context, catalog Catalog, apartmentID int) error {
	_, err := catalog.Apartment(ctx, apartmentID)
	return unknownAs(err, "apartmentId", domain.MsgNoApartment, apartmentID)
}

// checkSemester refuses a semester the catalog does not know as NO_SEMESTER on semesterId.
func checkSemester(ctx context.Context, catalog Catalog, semesterID int) error {
	_, err := catalog.Semester(ctx, semesterID)
	return unknownAs(err, "semesterId", domain.MsgNoSemester, semesterID)
}

// unknownAs turns the catalog's "not found" of id into the exception at path; other errors pass.
func unknownAs(err error, path, messageID string, id int) error {
	if errors.Is(err, domain.ErrNotFound) {
		return exception.New(path, messageID, "id", strconv.Itoa(id))
	}
	return err
}

// undoDocuments compensates the stored uploads of a saga step that failed later. Its failure is
// logged, not returned: the caller's own failure is the one to report.
func undoDocuments(ctx context.Context, documents Documents, logger *slog.Logger, rentingID string) {
	if err := documents.DeleteRentingDocuments(context.WithoutCancel(ctx), rentingID); err != nil {
		logger.ErrorContext(ctx, "booking: undoing the stored uploads failed", "rentingId", rentingID, "err", err)
	}
}

// Availability is which apartments of the bookable semester are still free.
type Availability struct {
	BuildingID int
	Semester   domain.Semester
	Free       []ApartmentFree
}

// ApartmentFree says whether nobody holds an apartment in the semester, it is not blocked and not
// held for a waitlist offer.
type ApartmentFree struct {
	ApartmentID int
	Free        bool
}

// availability is every apartment of the building and whether it is free in the bookable semester:
// the booking site's first step, and the waitlist's question whether it is needed.
func availability(ctx context.Context, catalog Catalog, rentings QueryStore, offers WaitlistOffers) (Availability, error) {
	semester, err := catalog.BookableSemester(ctx)
	if err != nil {
		return Availability{}, fmt.Errorf("bookable semester: %w", err)
	}
	buildingID, apartments, err := catalog.Apartments(ctx)
	if err != nil {
		return Availability{}, err
	}
	held, err := heldApartments(ctx, rentings, offers, semester.ID)
	if err != nil {
		return Availability{}, err
	}
	result := Availability{BuildingID: buildingID, Semester: semester, Free: make([]ApartmentFree, len(apartments))}
	for i, a := range apartments {
		result.Free[i] = ApartmentFree{ApartmentID: a.ID, Free: !held[a.ID]}
	}
	return result, nil
}

// heldApartments are the apartments of the semester a renting holds, an administrator blocked or a
// waitlist offer holds.
func heldApartments(ctx context.Context, rentings QueryStore, offers WaitlistOffers, semesterID int) (map[int]bool, error) {
	ofSemester, err := rentings.RentingsOfSemester(ctx, semesterID)
	if err != nil {
		return nil, err
	}
	blocks, err := rentings.BlocksOfSemester(ctx, semesterID)
	if err != nil {
		return nil, err
	}
	held := make(map[int]bool)
	for _, r := range ofSemester {
		if r.State.Holds() {
			held[r.ApartmentID] = true
		}
	}
	for id := range blocks {
		held[id] = true
	}
	offered, err := offers.OfferedApartments(ctx, semesterID)
	if err != nil {
		return nil, err
	}
	for id := range offered {
		held[id] = true
	}
	return held, nil
}
