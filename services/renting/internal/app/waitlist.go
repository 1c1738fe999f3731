package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/identity"
	"semesterhaus/services/renting/internal/domain"
)

// Waitlist is the semesters' waitlists (docs/booking.md, "Waitlist"): a person joins once nothing
// is free and confirms the address, free apartments are offered to the first in line, the office
// sees and edits the list.
type Waitlist struct {
	waitlist WaitlistStore
	queries  QueryStore
	catalog  Catalog
	clock
	settings Settings
}

// NewWaitlist returns the waitlist's use cases; now is the clock (injectable for tests).
func NewWaitlist(waitlist WaitlistStore, queries QueryStore, catalog Catalog, now func() time.Time, settings Settings) *Waitlist {
	return &Waitlist{waitlist: waitlist, queries: queries, catalog: catalog, clock: newClock(now, settings), settings: settings}
}

// JoinWaitlist puts a person on the waitlist of the bookable semester once no apartment of it is
// free (docs/booking.md, "Waitlist"): the entry waits unconfirmed until the address owner opens the
// link of the confirmation mail. Anybody can name any address, so the answer is the same whether
// the address has an entry or not, and an address is mailed at most once per MailWindow. An address
// that got its limit of mails (Settings.MailLimit, booking requests' mails included) is refused
// with TOO_MANY_MAILS, whether this join would mail it or not. Broken input, another semester or a
// free apartment come back as a *exception.Error.
func (s *Waitlist) JoinWaitlist(ctx context.Context, join domain.WaitlistJoin) error {
	semester, err := bookableSemester(ctx, s.catalog, join.SemesterID)
	if err != nil {
		return err
	}
	availability, err := availability(ctx, s.catalog, s.queries, s.waitlist)
	if err != nil {
		return err
	}
	for _, a := range availability.Free {
		if a.Free {
			return exception.New("semesterId", domain.MsgWaitlistNotNeeded)
		}
	}
	now := s.now()
	entry := domain.WaitlistEntry{
		ID: uuid.NewString(), SemesterID: semester.ID, State: domain.EntryUnconfirmed,
		Email: join.Email, Name: join.Name, Language: join.Language, Wishes: join.Wishes, CreatedAt: now,
	}
	mail := domain.NewAddressMail(join.Email, now, s.settings.MailLimit)
	_, err = s.waitlist.JoinWaitlist(ctx, entry, domain.NewLinkToken(), now.Add(-s.settings.Waitlist.MailWindow), mail)
	return tooManyMails(err)
}

// ConfirmWaitlistEntry puts the entry of the confirmation link's token in line; the line is the
// order of confirmation. Opening the link again changes nothing. A token unknown, or older than the
// confirmation timeout, is WAITLIST_LINK_INVALID.
func (s *Waitlist) ConfirmWaitlistEntry(ctx context.Context, token string) error {
	now := s.now()
	err := s.waitlist.ConfirmWaitlistEntry(ctx, domain.HashLinkToken(token), now.Add(-s.settings.ConfirmationTimeout), now)
	if errors.Is(err, domain.ErrInvalidToken) {
		return exception.New("token", domain.MsgWaitlistLinkInvalid)
	}
	return err
}

// OfferFreeApartments offers every apartment of the bookable semester that nobody holds, nobody
// blocked and nobody was offered to the first waiting entry whose wishes it meets, with a deadline
// OfferValidity from now; the renter service mails the offer. The store makes one offer at a time
// across replicas, so an apartment goes to one entry and an entry gets one apartment.
func (s *Waitlist) OfferFreeApartments(ctx context.Context) error {
	semester, err := s.catalog.BookableSemester(ctx)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("bookable semester: %w", err)
	}
	if waiting, err := s.waitlist.WaitingCount(ctx, semester.ID); err != nil || waiting == 0 {
		return err
	}
	_, apartments, err := s.catalog.Apartments(ctx)
	if err != nil {
		return err
	}
	var errs []error
	for _, a := range apartments {
		pick := func(waiting []domain.WaitlistEntry) (domain.WaitlistEntry, bool) {
			return domain.FirstInLine(waiting, a)
		}
		now := s.now()
		if _, err := s.waitlist.OfferApartment(ctx, semester.ID, a, pick, domain.NewLinkToken(), now, now.Add(s.settings.Waitlist.OfferValidity)); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// runWaitlist is the scheduled job's part of the waitlist: offers past their deadline end, so their
// apartments pass to the next in line; entries never confirmed go after the confirmation timeout and
// a semester's whole list once it starts (docs/privacy.md); then free apartments are offered.
func (s *Waitlist) runWaitlist(ctx context.Context, semesters []domain.Semester) error {
	now, today := s.now(), s.today()
	if _, err := s.waitlist.ExpireOffers(ctx, now); err != nil {
		return err
	}
	var started []int
	for _, sem := range semesters {
		if !sem.Start.After(today) {
			started = append(started, sem.ID)
		}
	}
	if err := s.waitlist.ForgetWaitlist(ctx, now.Add(-s.settings.ConfirmationTimeout), started); err != nil {
		return err
	}
	return s.OfferFreeApartments(ctx)
}

// WaitlistEntry is an entry as the office sees it, with its place in line.
type WaitlistEntry struct {
	domain.WaitlistEntry
	Position int // 1 for the first confirmed
}

// Waitlist lists the confirmed entries of a semester in line order, admins only.
func (s *Waitlist) Waitlist(ctx context.Context, semesterID int) ([]WaitlistEntry, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	entries, err := s.waitlist.Waitlist(ctx, semesterID)
	if err != nil {
		return nil, err
	}
	result := make([]WaitlistEntry, len(entries))
	for i, e := range entries {
		result[i] = WaitlistEntry{WaitlistEntry: e, Position: i + 1}
	}
	return result, nil
}

// RemoveWaitlistEntry deletes an entry (an open offer ends with it, and its apartment is offered to
// the next in line on the job's next run), admins only, audited. An unknown entry is
// NO_WAITLIST_ENTRY.
func (s *Waitlist) RemoveWaitlistEntry(ctx context.Context, id string) error {
	if err := identity.RequireAdmin(ctx); err != nil {
		return err
	}
	err := s.waitlist.RemoveWaitlistEntry(ctx, id, identity.FromContext(ctx).Subject)
	if errors.Is(err, domain.ErrNotFound) {
		return exception.New("id", domain.MsgNoWaitlistEntry)
	}
	return err
}
