package app

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"semesterhaus/platform/identity"
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

// Rentings runs the booking lifecycle: booking requests, e-mail confirmation, identity approval,
// renewals, the admin's overview and the scheduled job.
type Rentings struct {
	bookings  BookingStore
	queries   QueryStore
	jobs      JobStore
	admin     AdminStore
	waitlist  WaitlistStore
	handovers HandoverStore
	catalog   Catalog
	renters   Renters
	documents Documents
	payments  Payments
	now       func() time.Time
	settings  Settings
	logger    *slog.Logger
}

// New returns the renting use cases; now is the clock (injectable for tests).
func New(repo Repository, catalog Catalog, renters Renters, documents Documents, payments Payments, now func() time.Time, settings Settings, logger *slog.Logger) *Rentings {
	return &Rentings{
		bookings: repo, queries: repo, jobs: repo, admin: repo, waitlist: repo, handovers: repo,
		catalog: catalog, renters: renters, documents: documents, payments: payments, now: now, settings: settings, logger: logger,
	}
}

// Errors the adapters translate for their clients.
var (
	// ErrRentingNotPresent answers an admin operation on a renting that does not exist (SPEC section 5).
	ErrRentingNotPresent = errors.New("rentingId was not present")
)

// Renting returns one renting, or domain.ErrNotFound.
func (s *Rentings) Renting(ctx context.Context, id string) (domain.Renting, error) {
	return s.queries.Get(ctx, id)
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

// AvailableApartments answers the booking site's first step: every apartment of the building and
// whether it is free in the bookable semester.
func (s *Rentings) AvailableApartments(ctx context.Context) (Availability, error) {
	semester, err := s.catalog.BookableSemester(ctx)
	if err != nil {
		return Availability{}, fmt.Errorf("bookable semester: %w", err)
	}
	buildingID, apartments, err := s.catalog.Apartments(ctx)
	if err != nil {
		return Availability{}, err
	}
	rentings, err := s.queries.RentingsOfSemester(ctx, semester.ID)
	if err != nil {
		return Availability{}, err
	}
	blocks, err := s.queries.BlocksOfSemester(ctx, semester.ID)
	if err != nil {
		return Availability{}, err
	}
	held := make(map[int]bool)
	for _, r := range rentings {
		if r.State.Holds() {
			held[r.ApartmentID] = true
		}
	}
	for id := range blocks {
		held[id] = true
	}
	offered, err := s.waitlist.OfferedApartments(ctx, semester.ID)
	if err != nil {
		return Availability{}, err
	}
	for id := range offered {
		held[id] = true
	}
	result := Availability{BuildingID: buildingID, Semester: semester, Free: make([]ApartmentFree, len(apartments))}
	for i, a := range apartments {
		result.Free[i] = ApartmentFree{ApartmentID: a.ID, Free: !held[a.ID]}
	}
	return result, nil
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
func (s *Rentings) BookApartment(ctx context.Context, apartmentID, semesterID int) (Offer, error) {
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
func (s *Rentings) BookingProgress(ctx context.Context, rentingID string) (Progress, error) {
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
func (s *Rentings) price(ctx context.Context, r domain.Renting) (domain.PriceCalculation, error) {
	if r.ContractPrice.Valid() {
		return r.ContractPrice.Calculation(), nil
	}
	return s.catalog.Price(ctx, r.ApartmentID, r.SemesterID, r.Renewal)
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
func (s *Rentings) ExtendBooking(ctx context.Context, rentingID, token string) (RenewalOffer, error) {
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
func (s *Rentings) RenterByRentingID(ctx context.Context, rentingID, token string) (domain.RenterData, error) {
	r, err := s.awaitingRenewal(ctx, rentingID, token)
	if err != nil {
		return domain.RenterData{}, err
	}
	return s.renters.Get(ctx, r.RenterID)
}

// awaitingRenewal returns the renting if the renewal link opens it and it waits for its renewal
// answer, else domain.ErrNotFound.
func (s *Rentings) awaitingRenewal(ctx context.Context, rentingID, token string) (domain.Renting, error) {
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
func (s *Rentings) renewalLink(ctx context.Context, rentingID, token string) (domain.Renting, domain.Semester, error) {
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
func (s *Rentings) pageRenter(ctx context.Context, token string) (int64, error) {
	if token == "" {
		return 0, nil
	}
	renterID, err := s.renters.OpenPage(ctx, token)
	if errors.Is(err, domain.ErrInvalidToken) {
		return 0, nil
	}
	return renterID, err
}

// Status is what the admin overview shows for an apartment in a semester and the renting behind it
// (nil when nobody requested or holds the apartment).
type Status struct {
	ApartmentID int
	SemesterID  int
	State       domain.State
	Renting     *domain.Renting
	Block       *domain.Block // nil unless an administrator blocked the apartment
}

// Occupancy returns the status of each asked-for apartment in a semester, in the order asked, with
// one query for the whole semester. Admins only.
func (s *Rentings) Occupancy(ctx context.Context, semesterID int, apartmentIDs []int) ([]Status, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	semester, err := s.catalog.Semester(ctx, semesterID)
	if err != nil {
		return nil, notFoundAs(err, domain.ErrNoSemester)
	}
	rentings, err := s.queries.RentingsOfSemester(ctx, semesterID)
	if err != nil {
		return nil, err
	}
	blocks, err := s.queries.BlocksOfSemester(ctx, semesterID)
	if err != nil {
		return nil, err
	}
	byApartment := make(map[int][]domain.Renting)
	for _, r := range rentings {
		byApartment[r.ApartmentID] = append(byApartment[r.ApartmentID], r)
	}
	result := make([]Status, len(apartmentIDs))
	for i, id := range apartmentIDs {
		block, blocked := blocks[id]
		state, by := domain.ApartmentStatus(byApartment[id], blocked, semester.Phase)
		result[i] = Status{ApartmentID: id, SemesterID: semesterID, State: state, Renting: by}
		if blocked {
			result[i].Block = &block
		}
	}
	return result, nil
}

// CurrentRentingInfo returns the status of one apartment in a semester. Admins only.
func (s *Rentings) CurrentRentingInfo(ctx context.Context, apartmentID, semesterID int) (Status, error) {
	statuses, err := s.Occupancy(ctx, semesterID, []int{apartmentID})
	if err != nil {
		return Status{}, err
	}
	return statuses[0], nil
}

// RentingsOfRenter returns every renting of a renter, oldest first. Admins only.
func (s *Rentings) RentingsOfRenter(ctx context.Context, renterID int64) ([]domain.Renting, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	return s.queries.RentingsOfRenter(ctx, renterID)
}

// LogOfRenter returns every state the renter's rentings reached, in order. Admins only.
func (s *Rentings) LogOfRenter(ctx context.Context, renterID int64) ([]domain.LogEntry, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	return s.queries.LogOfRenter(ctx, renterID)
}

// BookingsOfRenter returns the milestone view of every renting of a renter. Admins only.
func (s *Rentings) BookingsOfRenter(ctx context.Context, renterID int64) ([]domain.Booking, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	return s.bookingsOf(ctx, renterID)
}

// Page returns what the renting service shows on the own page of the renter whose token it is (the
// renter service checks it; domain.ErrInvalidToken for an unknown or expired one): the milestone view
// of each of their rentings and the rentings' payments, oldest first. The payment service is asked for
// that renter's rentings only.
func (s *Rentings) Page(ctx context.Context, token string) (domain.RenterPage, error) {
	renterID, err := s.renters.OpenPage(ctx, token)
	if err != nil {
		return domain.RenterPage{}, err
	}
	bookings, err := s.bookingsOf(ctx, renterID)
	if err != nil || len(bookings) == 0 {
		return domain.RenterPage{Bookings: bookings}, err
	}
	ids := make([]string, len(bookings))
	for i, b := range bookings {
		ids[i] = b.Renting.ID
	}
	payments, err := s.payments.OfRentings(ctx, ids)
	return domain.RenterPage{Bookings: bookings, Payments: payments}, err
}

func (s *Rentings) bookingsOf(ctx context.Context, renterID int64) ([]domain.Booking, error) {
	rentings, err := s.queries.RentingsOfRenter(ctx, renterID)
	if err != nil {
		return nil, err
	}
	log, err := s.queries.LogOfRenter(ctx, renterID)
	if err != nil {
		return nil, err
	}
	semesters, err := s.catalog.Semesters(ctx)
	if err != nil {
		return nil, err
	}
	byID := make(map[int]domain.Semester, len(semesters))
	for _, sem := range semesters {
		byID[sem.ID] = sem
	}
	handovers, err := s.handovers.HandoversOfRenter(ctx, renterID)
	if err != nil {
		return nil, err
	}
	bookings := make([]domain.Booking, len(rentings))
	for i, r := range rentings {
		bookings[i] = domain.BookingOf(r, log)
		bookings[i].Handover = handoverOf(handovers, r.ID)
		sem, ok := byID[r.SemesterID]
		if !ok {
			continue
		}
		if r.State == domain.Payed && r.KeyCodeSentAt == nil {
			due := sem.Start.AddDate(0, 0, -s.settings.KeyCodeDays)
			bookings[i].KeyCodeDueOn = &due
		}
		if r.Renewal {
			deadline := sem.RenewalDeadline
			bookings[i].RenewalDeadline = &deadline
		}
	}
	return bookings, nil
}

// handoverOf finds the renting's handover among handovers, nil when it has none.
func handoverOf(handovers []domain.Handover, rentingID string) *domain.Handover {
	for i := range handovers {
		if handovers[i].RentingID == rentingID {
			return &handovers[i]
		}
	}
	return nil
}

// notFoundAs replaces a "not found" by the more telling err.
func notFoundAs(err, replacement error) error {
	if errors.Is(err, domain.ErrNotFound) {
		return replacement
	}
	return err
}

// OfficeTasks lists what waits for the office, oldest first: disputed payments and failed refunds (of
// any state), disputed handovers and deposits due for settlement (domain.HandoverTask), identity approvals, contracts unsigned for UnsignedAfter, open payments, unanswered
// renewals and booking requests that expire within a day.
// Admins only.
func (s *Rentings) OfficeTasks(ctx context.Context) ([]domain.Task, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	rentings, err := s.queries.RentingsInStates(ctx, domain.TaskStates)
	if err != nil {
		return nil, err
	}
	money, err := s.queries.RentingsWithMoneyTasks(ctx)
	if err != nil {
		return nil, err
	}
	for _, r := range money { // one task per renting: the money's comes first
		if !slices.ContainsFunc(rentings, func(o domain.Renting) bool { return o.ID == r.ID }) {
			rentings = append(rentings, r)
		}
	}
	rules := domain.TaskRules{UnsignedAfter: s.settings.UnsignedAfter, ExpiresAfter: s.settings.ConfirmationTimeout}
	now := s.now()
	var tasks []domain.Task
	for _, r := range rentings {
		if task, ok := rules.TaskOf(r, now); ok {
			tasks = append(tasks, task)
		}
	}
	handoverTasks, err := s.Handovers().tasks(ctx, s.today())
	if err != nil {
		return nil, err
	}
	tasks = append(tasks, handoverTasks...)
	slices.SortStableFunc(tasks, func(a, b domain.Task) int { return a.Since.Compare(b.Since) })
	return tasks, nil
}

// RenterApartments returns, by renter id, the apartments of the renter's rentings that are not
// canceled, for the back office's renter search. Admins only.
func (s *Rentings) RenterApartments(ctx context.Context) (map[int64][]int, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	return s.queries.RenterApartments(ctx)
}
