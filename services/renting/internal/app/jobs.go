package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"semesterhaus/services/renting/internal/domain"
)

// Jobs is the scheduled job of docs/booking.md: what happens because time passed.
type Jobs struct {
	jobs      JobStore
	bookings  BookingStore
	queries   QueryStore
	catalog   Catalog
	handovers *Handovers // reminds of unanswered handovers
	waitlist  *Waitlist  // expires offers and offers free apartments
	clock
	settings Settings
	logger   *slog.Logger
}

// NewJobs returns the scheduled job; handovers and waitlist run their parts of it, now is the clock
// (injectable for tests).
func NewJobs(jobs JobStore, bookings BookingStore, queries QueryStore, catalog Catalog, handovers *Handovers, waitlist *Waitlist, now func() time.Time, settings Settings, logger *slog.Logger) *Jobs {
	return &Jobs{
		jobs: jobs, bookings: bookings, queries: queries, catalog: catalog, handovers: handovers, waitlist: waitlist,
		clock: newClock(now, settings), settings: settings, logger: logger,
	}
}

// RunJobs is the scheduled job of docs/booking.md, run on one replica at a time: it cancels booking
// requests left unconfirmed for the confirmation timeout, opens renewals for the semester in its
// renewal phase, gives renewals opened before renewal links carried a token their link, cancels
// renewals left unanswered after their deadline, reminds renters of the steps they have not taken in
// time (an unanswered handover two days before its deadline), announces the key codes due, forgets the requests cancelled unconfirmed long enough ago and
// the mails counted to addresses that left their window, and runs the waitlist (expired offers pass to the next in line, free apartments are offered).
// ran is false when another replica was running it.
func (s *Jobs) RunJobs(ctx context.Context) (ran bool, err error) {
	return s.jobs.Exclusively(ctx, func(ctx context.Context) error {
		semesters, err := s.catalog.Semesters(ctx)
		if err != nil {
			return err
		}
		return errors.Join(
			s.expireRequests(ctx),
			s.openRenewals(ctx, semesters),
			s.reissueRenewalLinks(ctx),
			s.expireRenewals(ctx, semesters),
			s.remind(ctx, semesters),
			s.handovers.remindOfHandovers(ctx),
			s.announceKeyCodes(ctx, semesters),
			s.forgetRequests(ctx),
			s.forgetAddressMails(ctx),
			s.waitlist.runWaitlist(ctx, semesters),
		)
	})
}

func (s *Jobs) expireRequests(ctx context.Context) error {
	ids, err := s.jobs.RequestsCreatedBefore(ctx, s.now().Add(-s.settings.ConfirmationTimeout))
	if err != nil {
		return fmt.Errorf("expire requests: %w", err)
	}
	return s.cancelAll(ctx, ids, domain.ApartmentRequested)
}

// openRenewals offers every renter who paid for the semester before a semester in its renewal phase
// a RENEWAL_REQUEST renting for the same apartment, once.
func (s *Jobs) openRenewals(ctx context.Context, semesters []domain.Semester) error {
	var errs []error
	for _, next := range semesters {
		if next.Phase != domain.PhaseRenewal {
			continue
		}
		previous, ok := next.Predecessor(semesters)
		if !ok {
			continue
		}
		payed, err := s.queries.RentingsInState(ctx, domain.Payed, []int{previous.ID})
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, r := range payed {
			errs = append(errs, s.openRenewal(ctx, r, next))
		}
	}
	return errors.Join(errs...)
}

func (s *Jobs) openRenewal(ctx context.Context, paid domain.Renting, next domain.Semester) error {
	has, err := s.queries.RenterHasRenting(ctx, paid.RenterID, next.ID)
	if err != nil || has {
		return err
	}
	renewal := domain.NewRenewal(paid.RenterID, paid.ApartmentID, next.ID, s.now())
	err = s.bookings.Create(ctx, renewal)
	if errors.Is(err, domain.ErrApartmentTaken) || errors.Is(err, domain.ErrRenterHoldsApartment) {
		s.logger.WarnContext(ctx, "renewal not offered: the apartment or the renter is taken in the next semester",
			"rentingId", paid.ID, "semesterId", next.ID, "err", err)
		return nil
	}
	return err
}

// reissueRenewalLinks gives each renewal offered before renewal links carried a token (its old link
// opens nothing now) a token, and mails the renewal link again, once.
func (s *Jobs) reissueRenewalLinks(ctx context.Context) error {
	renewals, err := s.jobs.RenewalsWithoutToken(ctx)
	if err != nil {
		return fmt.Errorf("renewals without a token: %w", err)
	}
	var errs []error
	for _, r := range renewals {
		if err := r.IssueRenewalToken(); err != nil {
			errs = append(errs, err)
			continue
		}
		errs = append(errs, s.jobs.AnnounceRenewalToken(ctx, &r, s.now()))
	}
	return errors.Join(errs...)
}

// expireRenewals cancels renewals still unanswered once their semester's renewal deadline (a day in
// the residence's time zone) is over.
func (s *Jobs) expireRenewals(ctx context.Context, semesters []domain.Semester) error {
	today := s.today()
	var overdue []int
	for _, sem := range semesters {
		if sem.RenewalDeadlinePassed(today) {
			overdue = append(overdue, sem.ID)
		}
	}
	if len(overdue) == 0 {
		return nil
	}
	waiting, err := s.queries.RentingsInState(ctx, domain.RenewalRequest, overdue)
	if err != nil {
		return fmt.Errorf("expire renewals: %w", err)
	}
	ids := make([]string, len(waiting))
	for i, r := range waiting {
		ids[i] = r.ID
	}
	return s.cancelAll(ctx, ids, domain.RenewalRequest)
}

// remind reminds the renter of each renting that has waited too long for their next step, once per
// renting and step: an e-mail unconfirmed, a contract unsigned, the rent unpaid for as long as the
// rules say (in semesters that have not ended), and a renewal still unanswered in the days before its
// deadline (docs/booking.md, "Reminders"). Requests and renewals that expired are cancelled before,
// so they are not reminded.
func (s *Jobs) remind(ctx context.Context, semesters []domain.Semester) error {
	now, rules, today := s.now(), s.settings.Reminders, s.today()
	var errs []error
	if open := notEnded(semesters, today); len(open) > 0 {
		for _, step := range []domain.Step{domain.StepConfirmEmail, domain.StepSignContract, domain.StepPayRent} {
			errs = append(errs, s.remindOf(ctx, step, now.Add(-rules.After(step)), open))
		}
	}
	for _, sem := range semesters {
		if offeredBefore, ok := rules.RenewalRemindedIfOfferedBefore(sem, now, today, s.settings.TimeZone); ok {
			errs = append(errs, s.remindOf(ctx, domain.StepAnswerRenewal, offeredBefore, []int{sem.ID}))
		}
	}
	return errors.Join(errs...)
}

// notEnded returns the ids of the semesters that have not ended on today: a booking of a semester
// past is nobody's next step any more, so the first run does not remind of years past.
func notEnded(semesters []domain.Semester, today time.Time) []int {
	var ids []int
	for _, sem := range semesters {
		if !sem.End.Before(today) {
			ids = append(ids, sem.ID)
		}
	}
	return ids
}

// remindOf reminds the renters of the rentings of the semesters that wait for the step since before
// enteredBefore; a renewal's reminder carries a renewal link of its own.
func (s *Jobs) remindOf(ctx context.Context, step domain.Step, enteredBefore time.Time, semesterIDs []int) error {
	due, err := s.jobs.RemindersDue(ctx, step, enteredBefore, semesterIDs)
	if err != nil {
		return fmt.Errorf("reminders of %s due: %w", step, err)
	}
	var errs []error
	for _, r := range due {
		if step == domain.StepAnswerRenewal {
			if err := r.IssueRenewalToken(); err != nil {
				errs = append(errs, err)
				continue
			}
		}
		errs = append(errs, s.jobs.Remind(ctx, &r, step, s.now()))
	}
	return errors.Join(errs...)
}

// announceKeyCodes announces the key code of every paid renting whose semester starts within
// KeyCodeDays from today, once. Semesters that ended are left out, so that the first run does not
// announce the key codes of years past; a renter who pays after move-in still gets the code.
func (s *Jobs) announceKeyCodes(ctx context.Context, semesters []domain.Semester) error {
	today := s.today()
	until := today.AddDate(0, 0, s.settings.KeyCodeDays)
	moveIn := make(map[int]time.Time)
	var due []int
	for _, sem := range semesters {
		if !sem.Start.After(until) && !sem.End.Before(today) {
			moveIn[sem.ID] = sem.Start
			due = append(due, sem.ID)
		}
	}
	if len(due) == 0 {
		return nil
	}
	rentings, err := s.jobs.KeyCodesDue(ctx, due)
	if err != nil {
		return fmt.Errorf("key codes due: %w", err)
	}
	var errs []error
	for _, r := range rentings {
		if err := s.jobs.AnnounceKeyCode(ctx, r.ID, moveIn[r.SemesterID], s.now()); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// forgetBatch is how many forgotten requests one transaction deletes.
const forgetBatch = 100

// forgetRequests deletes the booking requests that were cancelled without ever being confirmed more
// than UnconfirmedRetention ago; nothing of them is needed any more.
func (s *Jobs) forgetRequests(ctx context.Context) error {
	before := s.now().Add(-s.settings.UnconfirmedRetention)
	for {
		n, err := s.jobs.ForgetRequests(ctx, before, s.now(), forgetBatch)
		if err != nil {
			return fmt.Errorf("forget requests cancelled unconfirmed: %w", err)
		}
		if n < forgetBatch {
			return nil
		}
	}
}

// forgetAddressMails deletes the mails counted to addresses before the limit's window: only the
// window's count is needed (domain.MailLimit).
func (s *Jobs) forgetAddressMails(ctx context.Context) error {
	if _, err := s.jobs.ForgetAddressMails(ctx, s.now().Add(-s.settings.MailLimit.Window)); err != nil {
		return fmt.Errorf("forget counted mails: %w", err)
	}
	return nil
}

// cancelAll cancels the rentings that are still in the state they were found in.
func (s *Jobs) cancelAll(ctx context.Context, ids []string, found domain.State) error {
	var errs []error
	for _, id := range ids {
		err := s.bookings.Update(ctx, id, func(r *domain.Renting) error {
			if r.State != found {
				return nil // moved on meanwhile
			}
			return r.MoveTo(domain.Canceled, s.now())
		})
		if err != nil && !errors.Is(err, domain.ErrNotFound) {
			errs = append(errs, fmt.Errorf("cancel renting %s: %w", id, err))
		}
	}
	return errors.Join(errs...)
}
