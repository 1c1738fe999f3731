package app

import (
	"context"
	"slices"
	"time"

	"semesterhaus/platform/identity"
	"semesterhaus/services/renting/internal/domain"
)

// Queries answer what the office and the renter's own page read: a renting, the occupancy of a
// semester, a renter's bookings and log, the office's tasks and the semesters' statistics.
type Queries struct {
	queries   QueryStore
	handovers HandoverStore
	catalog   Catalog
	renters   Renters
	payments  Payments
	clock
	settings Settings
}

// NewQueries returns the reads; now is the clock (injectable for tests).
func NewQueries(queries QueryStore, handovers HandoverStore, catalog Catalog, renters Renters, payments Payments, now func() time.Time, settings Settings) *Queries {
	return &Queries{queries: queries, handovers: handovers, catalog: catalog, renters: renters, payments: payments, clock: newClock(now, settings), settings: settings}
}

// Renting returns one renting, or domain.ErrNotFound.
func (s *Queries) Renting(ctx context.Context, id string) (domain.Renting, error) {
	return s.queries.Get(ctx, id)
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
func (s *Queries) Occupancy(ctx context.Context, semesterID int, apartmentIDs []int) ([]Status, error) {
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
func (s *Queries) CurrentRentingInfo(ctx context.Context, apartmentID, semesterID int) (Status, error) {
	statuses, err := s.Occupancy(ctx, semesterID, []int{apartmentID})
	if err != nil {
		return Status{}, err
	}
	return statuses[0], nil
}

// RentingsOfRenter returns every renting of a renter, oldest first. Admins only.
func (s *Queries) RentingsOfRenter(ctx context.Context, renterID int64) ([]domain.Renting, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	return s.queries.RentingsOfRenter(ctx, renterID)
}

// LogOfRenter returns every state the renter's rentings reached, in order. Admins only.
func (s *Queries) LogOfRenter(ctx context.Context, renterID int64) ([]domain.LogEntry, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	return s.queries.LogOfRenter(ctx, renterID)
}

// BookingsOfRenter returns the milestone view of every renting of a renter. Admins only.
func (s *Queries) BookingsOfRenter(ctx context.Context, renterID int64) ([]domain.Booking, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	return s.bookingsOf(ctx, renterID)
}

// Page returns what the renting service shows on the own page of the renter whose token it is (the
// renter service checks it; domain.ErrInvalidToken for an unknown or expired one): the milestone view
// of each of their rentings and the rentings' payments, oldest first. The payment service is asked for
// that renter's rentings only.
func (s *Queries) Page(ctx context.Context, token string) (domain.RenterPage, error) {
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

func (s *Queries) bookingsOf(ctx context.Context, renterID int64) ([]domain.Booking, error) {
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

// OfficeTasks lists what waits for the office, oldest first: disputed payments and failed refunds (of
// any state), disputed handovers and deposits due for settlement (domain.HandoverTask), identity approvals, contracts unsigned for UnsignedAfter, open payments, unanswered
// renewals and booking requests that expire within a day.
// Admins only.
func (s *Queries) OfficeTasks(ctx context.Context) ([]domain.Task, error) {
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
	handoverTasks, err := handoverTasks(ctx, s.handovers, s.queries, s.today())
	if err != nil {
		return nil, err
	}
	tasks = append(tasks, handoverTasks...)
	slices.SortStableFunc(tasks, func(a, b domain.Task) int { return a.Since.Compare(b.Since) })
	return tasks, nil
}

// RenterApartments returns, by renter id, the apartments of the renter's rentings that are not
// canceled, for the back office's renter search. Admins only.
func (s *Queries) RenterApartments(ctx context.Context) (map[int64][]int, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	return s.queries.RenterApartments(ctx)
}
