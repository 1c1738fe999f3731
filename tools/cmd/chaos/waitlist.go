package main

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"semesterhaus/tools/internal/systemtest"
)

// The waitlist's mails in German, the entries' language.
const (
	waitlistConfirmSubject = "Bitte bestätige deinen Platz auf der Warteliste"
	waitlistOfferSubject   = "Ein Apartment ist für dich frei"
)

// waitlist drives the waitlist under the faults: once the load's bookings hold every apartment of
// the semester (the reserve is blocked, see prepareApartments), students join the waitlist and
// confirm it through the mail's link, one after the other (so their places are their order); then
// the harness lifts the reserve's blocks and the offers go out. Every third in line leaves the offer
// unanswered, so that it passes to the next in line at its deadline; the others book through the
// offer's link and take the booking to the end like every student.
type waitlist struct {
	load     *load
	reserve  []int
	students []string // addresses, in line order

	mu                                     sync.Mutex
	joined, confirmed, offered, unanswered int
	err                                    error // why the waitlist could not be driven, if so
}

func newWaitlist(l *load, reserve []int, n int) *waitlist {
	w := &waitlist{load: l, reserve: reserve}
	for i := range n {
		w.students = append(w.students, fmt.Sprintf("chaos-%s-waitlist-%d@example.org", l.runID, i))
	}
	return w
}

// unanswered tells whether the student at the place leaves an offer unanswered.
func leavesOfferUnanswered(place int) bool { return place%3 == 1 }

// run waits for the full house (until loadDone and stepLimit after it), fills the waitlist, frees the
// reserve and lets the students answer their offers, until every reserved apartment is held or the
// offers had time enough to pass down the line.
func (w *waitlist) run(ctx context.Context, loadDone <-chan struct{}) {
	if err := w.waitFull(ctx, loadDone); err != nil {
		w.fail(err)
		return
	}
	logf("waitlist: the house is full; %d students join, %d apartments will be freed", len(w.students), len(w.reserve))
	for place, email := range w.students {
		if err := w.join(ctx, email, place%2 == 0); err != nil {
			w.fail(fmt.Errorf("%s: %w", email, err))
			return
		}
	}
	offers, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for place, email := range w.students {
		wg.Go(func() { w.answer(ctx, offers, email, place) })
	}
	for _, id := range w.reserve {
		err := retry(ctx, func() (bool, error) {
			err := w.load.sys.admin.UnblockApartment(ctx, id, w.load.semester)
			return err == nil, err
		})
		if err != nil {
			w.fail(fmt.Errorf("unblock apartment %d: %w", id, err))
		}
	}
	logf("waitlist: %d apartments freed", len(w.reserve))
	// Each unanswered offer passes on after its validity; room for every one of them in a row.
	rounds := len(w.students)/max(len(w.reserve), 1) + 2
	limit := time.Duration(rounds)*(settings.offerValidity+lateBy) + stepLimit
	if err := w.load.sys.WaitFor(ctx, limit, "every freed apartment held", func() bool { return w.reserveHeld(ctx) }); err != nil {
		w.fail(err)
	}
	cancel()
	wg.Wait()
}

// waitFull waits until no apartment of the semester is free.
func (w *waitlist) waitFull(ctx context.Context, loadDone <-chan struct{}) error {
	var deadline <-chan time.Time
	for {
		if free, err := w.free(ctx); err == nil && free == 0 {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-loadDone:
			deadline, loadDone = time.After(stepLimit), nil
		case <-deadline:
			return errors.New("the house never was full")
		case <-time.After(2 * time.Second):
		}
	}
}

// free counts the semester's free apartments as the booking page sees them.
func (w *waitlist) free(ctx context.Context) (int, error) {
	var out struct {
		AvailableApartments struct{ ApartmentBookable []struct{ Free bool } }
	}
	if err := w.load.sys.site.GraphQL(ctx, `{ availableApartments { apartmentBookable { free } } }`, nil, &out); err != nil {
		return 0, err
	}
	n := 0
	for _, a := range out.AvailableApartments.ApartmentBookable {
		if a.Free {
			n++
		}
	}
	return n, nil
}

// join puts the student on the waitlist and confirms the place through the mail's link; a student
// who replays joins twice (within WAITLIST_MAIL_WINDOW: no second mail) and opens the link twice.
func (w *waitlist) join(ctx context.Context, email string, replay bool) error {
	site := w.load.sys.site
	join := func() (bool, error) {
		err := site.JoinWaitlist(ctx, w.load.semester, email, "Chaos Warteliste")
		return err == nil, err
	}
	if err := retry(ctx, join); err != nil {
		return err
	}
	if replay {
		if err := retry(ctx, join); err != nil {
			return fmt.Errorf("joining again: %w", err)
		}
		w.load.replayed("waitlist join")
	}
	w.count(&w.joined)
	link, err := site.MailLinkIn(ctx, email, waitlistConfirmSubject, "/booking/waitlist-confirm", stepLimit)
	if err != nil {
		return err
	}
	confirm := func() (bool, error) { err := site.ConfirmWaitlistEntry(ctx, link); return err == nil, err }
	if err := retry(ctx, confirm); err != nil {
		return err
	}
	if replay {
		if err := retry(ctx, confirm); err != nil {
			return fmt.Errorf("confirming again: %w", err)
		}
		w.load.replayed("waitlist confirmation link")
	}
	w.count(&w.confirmed)
	return nil
}

// answer waits for the student's offer (until offers ends) and books through its link, or leaves it.
func (w *waitlist) answer(ctx, offers context.Context, email string, place int) {
	link, err := w.load.sys.site.MailLinkIn(offers, email, waitlistOfferSubject, "/booking/step2", 24*time.Hour)
	if err != nil {
		return // no offer came: the apartments went to those before in line
	}
	w.count(&w.offered)
	if leavesOfferUnanswered(place) {
		w.count(&w.unanswered)
		return
	}
	apartment, err := strconv.Atoi(link.Query().Get("apartment-id"))
	if err != nil {
		w.fail(fmt.Errorf("the offer's link %s: %w", link, err))
		return
	}
	b := &booking{email: email}
	w.load.mu.Lock()
	w.load.bookings = append(w.load.bookings, b)
	w.load.mu.Unlock()
	form := systemtest.Booking{ApartmentID: apartment, SemesterID: w.load.semester, Email: email, FirstName: "Chaos", OfferToken: link.Query().Get("offer")}
	b.outcome, b.err = w.load.book(ctx, b, form, plan{})
	if b.outcome != paid {
		logf("waitlist booking of %s (renting %s) %s: %v", email, b.rentingID, b.outcome, b.err)
	}
}

// reserveHeld tells whether a renting holds each of the reserve's apartments in the semester.
func (w *waitlist) reserveHeld(ctx context.Context) bool {
	var held int
	err := w.load.sys.query(ctx, "renting", func(c *pgx.Conn) error {
		return c.QueryRow(ctx, `SELECT count(DISTINCT apartment_id) FROM renting
			WHERE semester_id = $1 AND apartment_id = ANY($2) AND state NOT IN ('APARTMENT_REQUESTED', 'SELECT_APARTMENT', 'CANCELED')`,
			w.load.semester, w.reserve).Scan(&held)
	})
	return err == nil && held == len(w.reserve)
}

func (w *waitlist) count(n *int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	*n++
}

func (w *waitlist) fail(err error) {
	logf("waitlist: %v", err)
	w.mu.Lock()
	defer w.mu.Unlock()
	w.err = errors.Join(w.err, err)
}

func (w *waitlist) summary() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return fmt.Sprintf("waitlist: %d joined, %d confirmed, %d offered, %d offers left unanswered", w.joined, w.confirmed, w.offered, w.unanswered)
}

// entry is a waitlist entry as the invariants read it (booked and expired ones keep no address).
type entry struct {
	id, state                     string
	apartment                     int // the apartment offered; 0 when never offered
	offeredAt, expiresAt, endedAt time.Time
}

// offerCheck is what the offer invariants found.
type offerCheck struct {
	offers, booked, expired, open, waiting int
	twice, stuck                           []string
}

// checkOffers: an apartment is never offered to two entries at the same time (an offer lasts from
// when it was made until its entry ended, booked or expired; an open one until now); no entry is
// stuck: an open offer is within its deadline (lateBy allowed for the job under faults), an expired
// one ended at its deadline or after, and an entry waits in line only while no apartment is free.
func checkOffers(entries []entry, free int, now time.Time) offerCheck {
	var c offerCheck
	byApartment := map[int][]entry{}
	for _, e := range entries {
		if e.apartment != 0 {
			c.offers++
			byApartment[e.apartment] = append(byApartment[e.apartment], e)
		}
		switch e.state {
		case "BOOKED":
			c.booked++
		case "EXPIRED":
			c.expired++
			if e.endedAt.Before(e.expiresAt) {
				c.stuck = append(c.stuck, fmt.Sprintf("%s expired at %s before its deadline %s", e.id, e.endedAt.Format(time.TimeOnly), e.expiresAt.Format(time.TimeOnly)))
			}
		case "OFFERED":
			c.open++
			if now.Sub(e.expiresAt) > lateBy {
				c.stuck = append(c.stuck, fmt.Sprintf("%s offered until %s, still open", e.id, e.expiresAt.Format(time.TimeOnly)))
			}
		case "WAITING":
			c.waiting++
			if free > 0 {
				c.stuck = append(c.stuck, fmt.Sprintf("%s waits in line while %d apartments are free", e.id, free))
			}
		default:
			c.stuck = append(c.stuck, fmt.Sprintf("%s %s", e.id, e.state))
		}
	}
	for apartment, offers := range byApartment {
		sort.Slice(offers, func(i, j int) bool { return offers[i].offeredAt.Before(offers[j].offeredAt) })
		for i := 1; i < len(offers); i++ {
			before := offers[i-1]
			if before.endedAt.IsZero() || offers[i].offeredAt.Before(before.endedAt) {
				c.twice = append(c.twice, fmt.Sprintf("apartment %d to %s and %s", apartment, before.id, offers[i].id))
			}
		}
	}
	return c
}

// waitlistMails counts the waitlist's mails to each address: confirmations and offers.
func waitlistMails(mails []caughtMail) (confirmations, offers map[string]int) {
	confirmations, offers = map[string]int{}, map[string]int{}
	for _, m := range mails {
		switch m.subject {
		case waitlistConfirmSubject:
			confirmations[m.to]++
		case waitlistOfferSubject:
			offers[m.to]++
		}
	}
	return confirmations, offers
}

func (s *system) entries(ctx context.Context, semester int) ([]entry, error) {
	var all []entry
	err := s.query(ctx, "renting", func(c *pgx.Conn) error {
		rows, err := c.Query(ctx, `SELECT id::text, state, coalesce(offer_apartment_id, 0), coalesce(offered_at, 'epoch'),
			coalesce(offer_expires_at, 'epoch'), coalesce(ended_at, 'epoch') FROM waitlist_entry WHERE semester_id = $1`, semester)
		if err != nil {
			return err
		}
		all, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (entry, error) {
			var e entry
			err := row.Scan(&e.id, &e.state, &e.apartment, &e.offeredAt, &e.expiresAt, &e.endedAt)
			if e.endedAt.Equal(time.Unix(0, 0)) {
				e.endedAt = time.Time{}
			}
			return e, err
		})
		return err
	})
	return all, err
}

// checkWaitlist prints the waitlist's lines: one offer mail per offer, one confirmation mail per
// address and window, never an apartment offered twice at once, no entry stuck.
func (s *system) checkWaitlist(ctx context.Context, w *waitlist, mails []caughtMail, check checkFunc) {
	entries, err := s.entries(ctx, w.load.semester)
	free, freeErr := w.free(ctx)
	c := checkOffers(entries, free, time.Now())
	confirmations, offers := waitlistMails(mails)
	var wrong []string
	for _, address := range w.students {
		if confirmations[address] != 1 {
			wrong = append(wrong, fmt.Sprintf("%s: %d confirmation mails", address, confirmations[address]))
		}
		if offers[address] > 1 {
			wrong = append(wrong, fmt.Sprintf("%s: %d offer mails", address, offers[address]))
		}
	}
	w.mu.Lock()
	driven := w.err
	w.mu.Unlock()
	check(err == nil && driven == nil && len(wrong) == 0 && sum(offers) == c.offers, "waitlist mails once",
		"%d entries, %d confirmation mails for %d addresses; %d offers, %d offer mails; %d wrong %v %v %v",
		len(entries), sum(confirmations), len(w.students), c.offers, sum(offers), len(wrong), first(wrong), errText(err), errText(driven))
	check(err == nil && len(c.twice) == 0, "apartment offered twice",
		"%d offers of %d apartments freed, %d at once to two entries %v", c.offers, len(w.reserve), len(c.twice), first(c.twice))
	check(err == nil && freeErr == nil && len(c.stuck) == 0 && c.booked > 0 && c.expired > 0, "waitlist entries move on",
		"%d booked, %d passed on at their deadline, %d offers open within it, %d waiting while %d apartments are free; %d stuck %v %v",
		c.booked, c.expired, c.open, c.waiting, free, len(c.stuck), first(c.stuck), errText(freeErr))
}
