package main

import (
	"context"
	"fmt"
	"maps"
	"sort"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// The states a renting holds its apartment in (the renting database's unique index).
var holding = map[string]bool{
	"APARTMENT_RESERVED": true, "OWNER_ACKNOWLEDGED": true, "CONTRACT_REQUESTED": true, "CONTRACT_SIGNED": true,
	"UNPAID": true, "PAYED": true, "RENEWAL_REQUEST": true, "RENEWAL_ACCEPTED": true,
}

// mailed are the states the renter hears about by mail (services/renter/internal/domain/mail.go).
var mailed = map[string]bool{
	"APARTMENT_REQUESTED": true, "APARTMENT_RESERVED": true, "SELECT_APARTMENT": true, "OWNER_ACKNOWLEDGED": true,
	"RENEWAL_REQUEST": true, "RENEWAL_ACCEPTED": true, "CANCELED": true, "CONTRACT_REQUESTED": true, "UNPAID": true, "PAYED": true,
}

// receiptSubject is the payment mail's subject in German, the bookings' language.
const receiptSubject = "Deine Zahlung ist eingegangen"

type logEntry struct {
	state string
	at    time.Time
}

type renting struct {
	id, email, state    string
	renter              int64
	erased              bool // its renter asked for erasure, and the office executed it
	apartment, semester int
	log                 []logEntry
}

// checkFunc prints an invariant's line: OK or FAIL, its name and its counts.
type checkFunc func(ok bool, name, format string, args ...any)

// caughtMail is a mail of the mail catcher: to whom (in lower case) and its subject.
type caughtMail struct{ to, subject string }

// notAStateChange are the mails no state change of a renting sends: the reminders, the waitlist's
// and the erasure request's; the invariants count them apart.
func notAStateChange(subject string) bool {
	if subject == waitlistConfirmSubject || subject == waitlistOfferSubject || subject == erasureRequestedSubject {
		return true
	}
	for _, step := range reminderSteps {
		if subject == step.subject {
			return true
		}
	}
	return false
}

// caughtMails lists the mail catcher's mails, one per recipient.
func (s *system) caughtMails(ctx context.Context) ([]caughtMail, error) {
	mails, err := s.site.Mails(ctx)
	var all []caughtMail
	for _, m := range mails {
		for _, to := range m.To {
			all = append(all, caughtMail{to: strings.ToLower(to.Address), subject: m.Subject})
		}
	}
	return all, err
}

// checkInvariants prints one line per invariant with its counts and returns how many failed.
func (s *system) checkInvariants(ctx context.Context, l *load, w *waitlist, a *attacker) int {
	failed := 0
	check := func(ok bool, name, format string, args ...any) {
		verdict := "OK  "
		if !ok {
			verdict = "FAIL"
			failed++
		}
		fmt.Printf("%s %-28s %s\n", verdict, name, fmt.Sprintf(format, args...))
	}
	l.mu.Lock()
	erased := maps.Clone(l.erased)
	l.mu.Unlock()
	rentings, err := s.rentings(ctx, erased)
	if err != nil {
		check(false, "read the databases", "%v", err)
		return failed
	}

	// 1. Every booking ends in a final state or one that moves on without the office.
	states := map[string]int{}
	stuck := []string{}
	for _, r := range rentings {
		states[r.state]++
		switch r.state {
		case "PAYED", "CANCELED", "APARTMENT_REQUESTED", "SELECT_APARTMENT":
		default:
			stuck = append(stuck, r.id+" "+r.state)
		}
	}
	byID := map[string]renting{}
	for _, r := range rentings {
		byID[r.id] = r
	}
	notPaid := 0
	for _, b := range l.bookings {
		if b.outcome == paid && byID[b.rentingID].state != "PAYED" {
			notPaid++
		}
	}
	check(len(stuck) == 0 && notPaid == 0 && l.count(gaveUp) == 0, "end states",
		"%d rentings: %s; %d stuck %v; %d paid by the harness but not PAYED; %d bookings given up",
		len(rentings), counts(states), len(stuck), first(stuck), notPaid, l.count(gaveUp))

	// 2. No apartment is held twice in the semester, at any moment of the run.
	overlaps, held := heldTwice(rentings)
	check(len(overlaps) == 0, "apartment held twice", "%d apartments held in a semester, %d held by two rentings at once %v", held, len(overlaps), first(overlaps))

	// 3. Every state change has exactly one mail; the requests the retention job forgot are gone
	// with their log, which held a request and its cancellation.
	mails, mailErr := s.caughtMails(ctx)
	checkMails(append(rentings, forgottenRequests(l, rentings)...), mails, mailErr, check)

	// 4. Every payment is PAID once and has one receipt.
	s.checkPayments(ctx, rentings, check)

	// The flows that wait: reminders, the waitlist, the retention jobs; and the erasures.
	s.checkReminderInvariant(ctx, l, rentings, mails, check)
	s.checkWaitlist(ctx, w, mails, check)
	s.checkRequestRetention(ctx, l, rentings, check)
	s.checkDocumentRetention(ctx, rentings, check)
	s.checkErasureInvariant(ctx, erased, mails, check)
	a.check(check)

	// 5. and 6. Nothing is left in the outboxes, the mail queue or the consumers.
	b, err := s.backlog(ctx)
	check(err == nil && b.outbox == 0 && b.mails == 0, "outboxes empty", "%d events unpublished, %d mails unsent %v %v", b.outbox, b.mails, b.detail, errText(err))
	consumers, err := s.consumers(ctx)
	pending, redelivered := 0, 0
	for _, c := range consumers {
		pending += c.NumPending + c.NumAckPending
		redelivered += c.NumRedelivered
	}
	check(err == nil && pending == 0 && len(consumers) > 0, "no consumer stuck", "%d consumers, %d messages pending or unacknowledged, %d redelivered meanwhile %v", len(consumers), pending, redelivered, errText(err))
	return failed
}

// rentings reads the rentings (the bookable semester's and their renewals) with their logs and their
// renters' addresses; an erased renter's is the one the harness booked with (erased: renter id ->
// address), not the undeliverable one the erasure left.
func (s *system) rentings(ctx context.Context, erased map[int64]string) ([]renting, error) {
	var all []renting
	err := s.query(ctx, "renting", func(c *pgx.Conn) error {
		var err error
		all, err = readRentings(ctx, c, "")
		return err
	})
	if err != nil {
		return nil, err
	}
	renters := map[int64][]int{} // renter id -> indexes into all
	for i, r := range all {
		renters[r.renter] = append(renters[r.renter], i)
	}
	err = s.query(ctx, "renter", func(c *pgx.Conn) error {
		rows, err := c.Query(ctx, "SELECT id, email FROM renter")
		if err != nil {
			return err
		}
		var id int64
		var email string
		_, err = pgx.ForEachRow(rows, []any{&id, &email}, func() error {
			address, wasErased := erased[id]
			if !wasErased {
				address = strings.ToLower(email)
			}
			for _, i := range renters[id] {
				all[i].email, all[i].erased = address, wasErased
			}
			return nil
		})
		return err
	})
	return all, err
}

// readRentings reads the rentings the condition (on the renting table, with its arguments) selects,
// in the order they were made, with their logs.
func readRentings(ctx context.Context, c *pgx.Conn, where string, args ...any) ([]renting, error) {
	rows, err := c.Query(ctx, "SELECT id::text, renter_id, state, apartment_id, semester_id FROM renting "+where+" ORDER BY created_at", args...)
	if err != nil {
		return nil, err
	}
	all, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (renting, error) {
		var r renting
		err := row.Scan(&r.id, &r.renter, &r.state, &r.apartment, &r.semester)
		return r, err
	})
	if err != nil {
		return nil, err
	}
	index := make(map[string]int, len(all))
	for i, r := range all {
		index[r.id] = i
	}
	rows, err = c.Query(ctx, "SELECT renting_id::text, state, at FROM renting_log WHERE renting_id IN (SELECT id FROM renting "+where+") ORDER BY at, state", args...)
	if err != nil {
		return nil, err
	}
	var id string
	var e logEntry
	_, err = pgx.ForEachRow(rows, []any{&id, &e.state, &e.at}, func() error {
		if i, ok := index[id]; ok {
			all[i].log = append(all[i].log, e)
		}
		return nil
	})
	return all, err
}

// heldTwice finds apartments that two rentings held in a semester at the same time, from the
// rentings' logs.
func heldTwice(rentings []renting) (overlaps []string, held int) {
	type interval struct {
		id         string
		start, end time.Time
	}
	type slot struct{ apartment, semester int }
	byApartment := map[slot][]interval{}
	for _, r := range rentings {
		var iv *interval
		for _, e := range r.log {
			if holding[e.state] && iv == nil {
				iv = &interval{id: r.id, start: e.at, end: time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)}
			} else if !holding[e.state] && iv != nil {
				iv.end = e.at
				byApartment[slot{r.apartment, r.semester}] = append(byApartment[slot{r.apartment, r.semester}], *iv)
				iv = nil
			}
		}
		if iv != nil {
			byApartment[slot{r.apartment, r.semester}] = append(byApartment[slot{r.apartment, r.semester}], *iv)
		}
	}
	for apartment, ivs := range byApartment {
		held++
		sort.Slice(ivs, func(i, j int) bool { return ivs[i].start.Before(ivs[j].start) })
		latest := ivs[0] // of those before, the one that held longest
		for _, iv := range ivs[1:] {
			if iv.start.Before(latest.end) {
				overlaps = append(overlaps, fmt.Sprintf("apartment %d in semester %d: %s and %s", apartment.apartment, apartment.semester, latest.id, iv.id))
			}
			if iv.end.After(latest.end) {
				latest = iv
			}
		}
	}
	return overlaps, held
}

// checkMails compares the mails each renter should have got, from the renting log, with the mails
// in the mail catcher. A request cancelled before its address was confirmed (superseded or
// expired) is mailed at most once per address (SUPERSEDED_MAIL_WINDOW).
func checkMails(rentings []renting, mails []caughtMail, err error, check checkFunc) {
	want, changes := expectedMails(rentings)
	got := map[string]int{}
	counted := 0
	for _, m := range mails {
		if !notAStateChange(m.subject) {
			got[m.to]++
			counted++
		}
	}
	var missing, duplicated []string
	for address, n := range want {
		switch {
		case got[address] < n:
			missing = append(missing, fmt.Sprintf("%s %d of %d", address, got[address], n))
		case got[address] > n:
			duplicated = append(duplicated, fmt.Sprintf("%s %d for %d", address, got[address], n))
		}
	}
	for address, n := range got {
		if _, ok := want[address]; !ok {
			duplicated = append(duplicated, fmt.Sprintf("%s %d unexpected", address, n))
		}
	}
	check(err == nil && len(missing) == 0 && len(duplicated) == 0, "one mail per state change",
		"%d state changes with a mail, %d mails caught (and %d reminders and waitlist mails); %d addresses missing mails %v, %d with too many %v %v",
		changes, counted, len(mails)-counted, len(missing), first(missing), len(duplicated), first(duplicated), errText(err))
}

// forgottenRequests are the requests the harness superseded that the retention job deleted, as
// their log was: requested, then cancelled.
func forgottenRequests(l *load, rentings []renting) []renting {
	l.mu.Lock()
	defer l.mu.Unlock()
	var gone []renting
	for id, address := range l.superseded {
		if !slicesContainsID(rentings, id) {
			gone = append(gone, renting{id: id, email: strings.ToLower(address), state: "CANCELED",
				log: []logEntry{{state: "APARTMENT_REQUESTED"}, {state: "CANCELED"}}})
		}
	}
	return gone
}

// expectedMails counts the mails each address should have got from the rentings' logs, and the
// state changes with a mail in all.
func expectedMails(rentings []renting) (want map[string]int, changes int) {
	want = map[string]int{}
	unconfirmedCancels := map[string]bool{}
	for _, r := range rentings {
		previous := ""
		for _, e := range r.log {
			switch {
			case !mailed[e.state]:
			case e.state == "CANCELED" && previous == "APARTMENT_REQUESTED":
				if !unconfirmedCancels[r.email] {
					want[r.email]++
					changes++
				}
				unconfirmedCancels[r.email] = true
			default:
				want[r.email]++
				changes++
			}
			previous = e.state
		}
	}
	return want, changes
}

// checkPayments: every PAYED renting has exactly one payment, PAID, one PAYED log entry and one
// receipt mail (its renter's receipts are as many as their PAYED rentings); no payment is PAID for a
// renting that is not PAYED.
func (s *system) checkPayments(ctx context.Context, rentings []renting, check func(bool, string, string, ...any)) {
	payments := map[string][]string{} // renting id -> statuses
	err := s.query(ctx, "payment", func(c *pgx.Conn) error {
		rows, err := c.Query(ctx, "SELECT renting_id::text, status FROM payment")
		if err != nil {
			return err
		}
		for rows.Next() {
			var id, status string
			if err := rows.Scan(&id, &status); err != nil {
				return err
			}
			payments[id] = append(payments[id], status)
		}
		return rows.Err()
	})
	mails, mailErr := s.site.Mails(ctx)
	receipts := map[string]int{}
	for _, m := range mails {
		if strings.Contains(m.Subject, receiptSubject) {
			for _, to := range m.To {
				receipts[strings.ToLower(to.Address)]++
			}
		}
	}
	// A renter whose booking was renewed has two PAYED rentings, and a receipt for each.
	payedOf := map[string]int{}
	for _, r := range rentings {
		if r.state == "PAYED" {
			payedOf[r.email]++
		}
	}
	payed, wrong := 0, []string{}
	paidTotal := 0
	for _, r := range rentings {
		paidHere := 0
		for _, st := range payments[r.id] {
			if st == "PAID" {
				paidHere++
			}
		}
		paidTotal += paidHere
		if r.state != "PAYED" {
			if paidHere > 0 {
				wrong = append(wrong, r.id+" PAID but "+r.state)
			}
			continue
		}
		payed++
		logged := 0
		for _, e := range r.log {
			if e.state == "PAYED" {
				logged++
			}
		}
		if paidHere != 1 || logged != 1 || receipts[r.email] != payedOf[r.email] {
			wrong = append(wrong, fmt.Sprintf("%s: %d PAID, %d PAYED log entries, %d receipts for the renter's %d PAYED rentings",
				r.id, paidHere, logged, receipts[r.email], payedOf[r.email]))
		}
	}
	check(err == nil && mailErr == nil && len(wrong) == 0, "one PAID and one receipt",
		"%d PAYED rentings, %d payments PAID, %d receipts; %d wrong %v %v %v", payed, paidTotal, sum(receipts), len(wrong), first(wrong), errText(err), errText(mailErr))
}

func counts(m map[string]int) string {
	var parts []string
	for k, v := range m {
		parts = append(parts, fmt.Sprintf("%d %s", v, k))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// first keeps a failure line short: the first three examples.
func first(list []string) []string { return list[:min(len(list), 3)] }

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
