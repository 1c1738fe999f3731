package main

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"time"

	"semesterhaus/tools/internal/systemtest"
)

// outcome is how far the harness took a booking.
type outcome string

const (
	paid     outcome = "paid"     // confirmed, approved, signed and paid
	lost     outcome = "lost"     // confirmed after another renter took the apartment (SELECT_APARTMENT)
	refused  outcome = "refused"  // the request was refused: the apartment was taken already
	limited  outcome = "limited"  // the request was refused: too many requests from the client or mails to the address (BOOKING_LIMIT_PER_EMAIL)
	gaveUp   outcome = "gave up"  // a step failed until its deadline: the harness could not finish it
	canceled outcome = "canceled" // the run ended first
)

// booking is one student's booking as the harness drove it.
type booking struct {
	email     string
	rentingID string
	outcome   outcome
	err       error
}

// load books at a steady rate and takes every booking as far as a student and the office would.
type load struct {
	sys        *system
	apartments []int
	semester   int
	runID      string

	mu         sync.Mutex
	bookings   []*booking
	replays    map[string]int    // kind -> replays done
	renewals   int               // renewals accepted, signed and paid
	waited     map[string]int    // reminder step -> bookings that waited for the reminder before the step
	reminded   map[string]int    // reminder step -> of those, bookings whose reminder came and whose link they followed
	superseded map[string]string // renting id -> address: requests left unconfirmed, cancelled by the address's next confirmation
	erased     map[int64]string  // renter id -> address: renters erased on their request
}

func newLoad(sys *system, apartments []int, semester int) *load {
	return &load{sys: sys, apartments: apartments, semester: semester, runID: time.Now().UTC().Format("150405"),
		replays: map[string]int{}, waited: map[string]int{}, reminded: map[string]int{}, superseded: map[string]string{}, erased: map[int64]string{}}
}

// plan is what a booking does besides the way every booking goes.
type plan struct {
	replay    bool   // replays its confirmation link, its signature and its payment webhook
	renew     bool   // is renewed for the next semester once paid
	supersede bool   // makes a second request of the same address that it leaves unconfirmed
	waitFor   string // the reminder step (CONFIRM_EMAIL, SIGN_CONTRACT, PAY_RENT) it waits for before the step
	// waitForRenewalReminder: a renewed booking answers its renewal through the reminder's link.
	waitForRenewalReminder bool
	erase                  bool // once paid, its renter asks for erasure, which the office executes
}

// planFor spreads the flows over the bookings: every fifth replays, every tenth is renewed (every
// second of these after the renewal's reminder), every seventh waits for one of the reminders in turn
// every eleventh (most of them) supersedes a request of its own and every thirteenth (most of them)
// has its renter's data erased once paid.
func planFor(i int) plan {
	p := plan{replay: i%5 == 0, renew: i%10 == 1, waitForRenewalReminder: i%20 == 11}
	switch i % 7 {
	case 3:
		p.waitFor = "CONFIRM_EMAIL"
	case 5:
		p.waitFor = "SIGN_CONTRACT"
	case 6:
		p.waitFor = "PAY_RENT"
	}
	// Not beside a wait for the confirmation reminder: the second request's reminder would be
	// the one followed.
	p.supersede = i%11 == 4 && p.waitFor == ""
	// Only a booking whose every mail the harness counts by address: no renewal after it, no
	// second request of the address.
	p.erase = i%13 == 7 && !p.renew && !p.supersede
	return p
}

// stepLimit is how long a step is retried before the harness gives up on the booking: longer than
// any fault of the schedule with its restart back-off.
const stepLimit = 3 * time.Minute

// run starts n bookings, one every 1/rate seconds, and waits for all of them.
func (l *load) run(ctx context.Context, n int, rate float64) {
	var wg sync.WaitGroup
	interval := time.Duration(float64(time.Second) / rate)
	start := time.Now()
	for i := range n {
		select {
		case <-ctx.Done():
			wg.Wait()
			return
		case <-time.After(time.Until(start.Add(time.Duration(i) * interval))):
		}
		b := &booking{email: fmt.Sprintf("chaos-%s-%d@example.org", l.runID, i)}
		l.mu.Lock()
		l.bookings = append(l.bookings, b)
		l.mu.Unlock()
		wg.Go(func() {
			// Neighbouring bookings share an apartment when there are fewer apartments than
			// bookings: they race for it, and the one to confirm first wins.
			form := systemtest.Booking{ApartmentID: l.apartments[i*len(l.apartments)/n], SemesterID: l.semester, Email: b.email, FirstName: "Chaos"}
			b.outcome, b.err = l.book(ctx, b, form, planFor(i))
			if b.outcome == gaveUp || b.outcome == limited {
				logf("booking %d (%s, renting %s) %s: %v", i, b.email, b.rentingID, b.outcome, b.err)
			}
		})
	}
	wg.Wait()
}

// book walks one booking: the form with its scans, the confirmation link of the mail, the
// administrator's approval, the signature and the payment in the sandboxes, and what its plan adds.
func (l *load) book(ctx context.Context, b *booking, form systemtest.Booking, p plan) (outcome, error) {
	site := l.sys.site
	replay := p.replay
	err := retry(ctx, func() (bool, error) {
		id, err := site.Book(ctx, form)
		var e *systemtest.Exception
		if errors.As(err, &e) || errors.Is(err, systemtest.ErrTooManyRequests) {
			return true, err
		}
		b.rentingID = id
		return err == nil, err
	})
	var e *systemtest.Exception
	switch {
	case errors.As(err, &e) && e.MessageID == "APARTMENT_TAKEN":
		return refused, nil
	case errors.Is(err, systemtest.ErrTooManyRequests), errors.As(err, &e) && e.MessageID == "TOO_MANY_MAILS":
		// A retried request whose first answer was lost in a fault may have mailed the address
		// already: its mails count against the address's limit (docs/reliability.md).
		return limited, err
	}
	if err != nil {
		return l.failed(ctx, err)
	}
	link, err := site.MailLink(ctx, b.email, "/booking/step3", stepLimit)
	if err != nil {
		return l.failed(ctx, err)
	}
	if p.supersede {
		// Made after the first request's mail came, so that the first link of the address stays the
		// first request's.
		l.supersede(ctx, form)
	}
	if p.waitFor == "CONFIRM_EMAIL" {
		link = l.remindedLink(ctx, b.email, p.waitFor, link)
	}
	var page string
	err = retry(ctx, func() (bool, error) {
		page, err = site.Confirm(ctx, link)
		return err == nil, err
	})
	if err != nil {
		return l.failed(ctx, err)
	}
	if replay {
		again, err := site.Confirm(ctx, link)
		if err == nil && again != page {
			return gaveUp, fmt.Errorf("the confirmation link answered %s, then %s", page, again)
		}
		l.replayed("confirmation link")
	}
	switch {
	case strings.HasPrefix(page, "/booking/step3done"):
	case strings.Contains(page, "booking=failed"), strings.HasPrefix(page, "/booking/step3failed?rentingId"):
		return lost, nil
	default:
		return gaveUp, fmt.Errorf("the confirmation led to %s", page)
	}
	if err := l.until(ctx, b.rentingID, "OWNER_ACKNOWLEDGED", func() error { return l.sys.admin.ApproveIdentityCard(ctx, b.rentingID) }); err != nil {
		return l.failed(ctx, err)
	}
	if err := l.signAndPay(ctx, b.email, b.rentingID, p); err != nil {
		return l.failed(ctx, err)
	}
	if p.renew {
		if err := l.renew(ctx, b, form, p.waitForRenewalReminder); err != nil {
			return l.failed(ctx, fmt.Errorf("renewal: %w", err))
		}
	}
	if p.erase {
		if err := l.erase(ctx, b); err != nil {
			return l.failed(ctx, fmt.Errorf("erasure: %w", err))
		}
	}
	return paid, nil
}

// signAndPay signs the renting's contract and pays it, replaying both when the plan says so, and
// waiting for the reminder of either step first when it says so.
func (l *load) signAndPay(ctx context.Context, email, rentingID string, p plan) error {
	site := l.sys.site
	replay := p.replay
	if p.waitFor == "SIGN_CONTRACT" {
		l.remindedLink(ctx, email, p.waitFor, nil)
	}
	sign := func() error { return site.Sign(ctx, rentingID, "Chaos Beispiel") }
	if err := l.until(ctx, rentingID, "CONTRACT_SIGNED", sign); err != nil {
		return err
	}
	if replay {
		// The signed session's page says so and signs nothing (HTTP 200); the invariants show that
		// nothing changed.
		_ = sign()
		l.replayed("signature")
	}
	if p.waitFor == "PAY_RENT" {
		l.remindedLink(ctx, email, p.waitFor, nil)
	}
	pay := func() error { return site.Pay(ctx, rentingID) }
	if err := l.until(ctx, rentingID, "PAYED", pay); err != nil {
		return err
	}
	if replay {
		// The very request the sandbox sent, byte for byte with its signature, as a provider
		// retrying a webhook whose answer it did not get would.
		if err := retry(ctx, func() (bool, error) { err := l.sys.webhooks.resendPaid(ctx, rentingID); return err == nil, err }); err != nil {
			return fmt.Errorf("sending the payment webhook again: %w", err)
		}
		l.replayed("payment webhook, the same request")
		// The sandbox reports the payment on the webhook again, as a provider retrying would; tried
		// again like every step when it meets a fault.
		if err := retry(ctx, func() (bool, error) { err := pay(); return err == nil, err }); err != nil {
			return fmt.Errorf("paying again: %w", err)
		}
		l.replayed("payment webhook, a new report")
	}
	return nil
}

// remindedLink waits, as a student who leaves the step for later, until the step's reminder came
// and returns its link; when none comes within stepLimit it returns otherwise (the invariants count
// the reminder missing).
func (l *load) remindedLink(ctx context.Context, email, step string, otherwise *url.URL) *url.URL {
	l.mu.Lock()
	l.waited[step]++
	l.mu.Unlock()
	link, err := l.sys.site.MailLinkIn(ctx, email, reminderSteps[step].subject, reminderSteps[step].path, stepLimit)
	if err != nil {
		logf("%s: no %s reminder: %v", email, step, err)
		return otherwise
	}
	l.mu.Lock()
	l.reminded[step]++
	l.mu.Unlock()
	return link
}

// supersede makes a second request for the booking's apartment from the same address and leaves it
// unconfirmed: the first request's confirmation cancels it, and the renting job forgets it after
// UNCONFIRMED_REQUEST_RETENTION. A second request that fails is not tried again (nothing to check).
func (l *load) supersede(ctx context.Context, form systemtest.Booking) {
	id, err := l.sys.site.Book(ctx, form)
	if err != nil {
		logf("%s: no second request: %v", form.Email, err)
		return
	}
	l.mu.Lock()
	l.superseded[id] = form.Email
	l.mu.Unlock()
}

// renew has the office offer the next semester to the paid booking's renter, who accepts it through
// the renewal mail's link (or, waiting for it, the reminder's), signs and pays.
func (l *load) renew(ctx context.Context, b *booking, form systemtest.Booking, waitForReminder bool) error {
	var renewal string
	err := retry(ctx, func() (bool, error) {
		// An offer whose answer was lost has made the renewal: the mail's link names it.
		if link, err := l.sys.site.MailLink(ctx, b.email, "/booking/extend", 0); err == nil {
			renewal = link.Query().Get("rentingId")
			return true, nil
		}
		id, err := l.sys.admin.OfferRenewal(ctx, b.rentingID)
		renewal = id
		return answered(err)
	})
	if err != nil {
		return err
	}
	extend, err := l.sys.site.MailLink(ctx, b.email, "/booking/extend", stepLimit)
	if err != nil {
		return err
	}
	if waitForReminder {
		extend = l.remindedLink(ctx, b.email, "ANSWER_RENEWAL", extend)
	}
	if err := l.until(ctx, renewal, "RENEWAL_ACCEPTED", func() error { return l.sys.site.ApproveRenewal(ctx, extend, form) }); err != nil {
		return err
	}
	if err := l.signAndPay(ctx, b.email, renewal, plan{}); err != nil {
		return err
	}
	l.mu.Lock()
	l.renewals++
	l.mu.Unlock()
	return nil
}

// step is how far along its way a booking in the state is; a renewal's first states stand where a
// new booking's do.
var step = map[string]int{
	"APARTMENT_REQUESTED": 1, "APARTMENT_RESERVED": 2, "RENEWAL_REQUEST": 2, "OWNER_ACKNOWLEDGED": 3, "RENEWAL_ACCEPTED": 3,
	"CONTRACT_REQUESTED": 4, "CONTRACT_SIGNED": 5, "UNPAID": 6, "PAYED": 7,
}

func reached(state, want string) bool { return step[state] > 0 && step[state] >= step[want] }

// until repeats the step until the renting has reached the state: a step whose answer was lost
// may have happened, and one that came too early (the contract or the payment not there yet) is
// tried again.
func (l *load) until(ctx context.Context, rentingID, state string, step func() error) error {
	return retry(ctx, func() (bool, error) {
		if now, err := l.sys.site.State(ctx, rentingID); err == nil && reached(now, state) {
			return true, nil
		}
		stepErr := step()
		now, err := l.sys.site.State(ctx, rentingID)
		if err == nil && reached(now, state) {
			return true, nil
		}
		if stepErr != nil {
			return false, stepErr
		}
		return false, fmt.Errorf("renting %s is %s after the step, waiting for %s", rentingID, now, state)
	})
}

// retry calls try until it says done or stepLimit passes, waiting 1 s after the first failure and
// twice as long after each next, up to 15 s, as a patient user would; it returns try's last error
// when not done.
func retry(ctx context.Context, try func() (done bool, err error)) error {
	deadline := time.Now().Add(stepLimit)
	wait := time.Second
	for {
		done, err := try()
		if done {
			return err
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("after %s: %w", stepLimit, err)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
		wait = min(2*wait, 15*time.Second)
	}
}

// answered says that a call is done when it succeeded or the system refused it (a business
// exception, which trying again does not change).
func answered(err error) (bool, error) {
	var e *systemtest.Exception
	return err == nil || errors.As(err, &e), err
}

func (l *load) failed(ctx context.Context, err error) (outcome, error) {
	if ctx.Err() != nil {
		return canceled, err
	}
	return gaveUp, err
}

func (l *load) replayed(kind string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.replays[kind]++
}

// count returns how many bookings ended with the outcome.
func (l *load) count(o outcome) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, b := range l.bookings {
		if b.outcome == o {
			n++
		}
	}
	return n
}

func (l *load) summary() string {
	l.mu.Lock()
	replays := fmt.Sprint(l.replays)
	n, renewals, erased := len(l.bookings), l.renewals, len(l.erased)
	l.mu.Unlock()
	return fmt.Sprintf("%d bookings: %d paid (%d of them renewed and paid again, %d renters erased on request), %d lost a race (SELECT_APARTMENT), %d refused (apartment taken), %d refused (too many requests for the address), %d given up, %d cut off; replays %s",
		n, l.count(paid), renewals, erased, l.count(lost), l.count(refused), l.count(limited), l.count(gaveUp), l.count(canceled), replays)
}
