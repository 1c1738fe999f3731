package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// reminderStep is what the harness knows of a reminder's step: the state a renting waits in for
// it, the reminder's subject in German (the bookings' language) and the booking page its link
// leads to.
type reminderStep struct{ state, subject, path string }

// reminderSteps are the reminders' steps by name (the renting service's domain.Step).
var reminderSteps = map[string]reminderStep{
	"CONFIRM_EMAIL":  {"APARTMENT_REQUESTED", "Erinnerung: Bitte bestätige deine E-Mail-Adresse", "/booking/step3"},
	"SIGN_CONTRACT":  {"CONTRACT_REQUESTED", "Erinnerung: Bitte unterschreibe deinen Mietvertrag", "/booking/step4"},
	"PAY_RENT":       {"UNPAID", "Erinnerung: Bitte bezahle die Miete für das Semester", "/booking/step5"},
	"ANSWER_RENEWAL": {"RENEWAL_REQUEST", "Erinnerung: Möchtest du ein weiteres Semester bleiben?", "/booking/extend"},
}

// reminder is a row of the renting service's renting_reminder: the renting was reminded of the step.
type reminder struct {
	rentingID, step string
	at              time.Time
}

// reminderCheck is what the reminder invariant found.
type reminderCheck struct {
	due, reminders, mails int
	problems              []string
}

// checkReminders: every reminder the renting job recorded was mailed once per renting and step (by
// the reminder's subject, per address), and only while the renting waited in the step's state for
// at least `after`; every wait longer than after+lateBy in a step's state has its reminder. Each
// forgotten request (deleted with its reminders) of an address allows one confirmation reminder
// more to it, once.
func checkReminders(rentings []renting, reminders []reminder, mails map[string]map[string]int, forgotten map[string]int, after time.Duration, now time.Time) reminderCheck {
	var c reminderCheck
	byID := map[string]renting{}
	for _, r := range rentings {
		byID[r.id] = r
	}
	want := map[string]map[string]int{} // address -> step -> reminders
	reminded := map[string]bool{}       // renting id + step
	for _, rem := range reminders {
		c.reminders++
		r, ok := byID[rem.rentingID]
		if !ok {
			continue
		}
		reminded[rem.rentingID+" "+rem.step] = true
		if want[r.email] == nil {
			want[r.email] = map[string]int{}
		}
		want[r.email][rem.step]++
		since, waiting := waitingAt(r, reminderSteps[rem.step].state, rem.at)
		if !waiting || rem.at.Sub(since) < after-time.Second {
			c.problems = append(c.problems, fmt.Sprintf("%s reminded of %s at %s, not waiting for it since %s", r.id, rem.step, rem.at.Format(time.TimeOnly), after))
		}
	}
	for address, steps := range mails {
		for step, n := range steps {
			c.mails += n
			expected := want[address][step]
			extra := 0
			if step == "CONFIRM_EMAIL" {
				extra = forgotten[address]
			}
			if n < expected || n > expected+extra {
				c.problems = append(c.problems, fmt.Sprintf("%s: %d %s reminder mails for %d reminders", address, n, step, expected))
			}
		}
	}
	for address, steps := range want {
		for step, n := range steps {
			if mails[address][step] == 0 {
				c.problems = append(c.problems, fmt.Sprintf("%s: no %s reminder mail for %d reminders", address, step, n))
			}
		}
	}
	for _, r := range rentings {
		for name, step := range reminderSteps {
			if waited := longestWait(r, step.state, now); waited >= after+lateBy {
				c.due++
				if !reminded[r.id+" "+name] {
					c.problems = append(c.problems, fmt.Sprintf("%s waited %s in %s, never reminded", r.id, waited.Round(time.Second), step.state))
				}
			}
		}
	}
	return c
}

// waitingAt tells whether the renting was in the state at the moment, and since when.
func waitingAt(r renting, state string, at time.Time) (since time.Time, waiting bool) {
	for i, e := range r.log {
		if e.state != state || e.at.After(at) {
			continue
		}
		if i+1 == len(r.log) || r.log[i+1].at.After(at) {
			return e.at, true
		}
	}
	return time.Time{}, false
}

// longestWait is the longest the renting stayed in the state (until now when it still is).
func longestWait(r renting, state string, now time.Time) time.Duration {
	var longest time.Duration
	for i, e := range r.log {
		if e.state != state {
			continue
		}
		end := now
		if i+1 < len(r.log) {
			end = r.log[i+1].at
		}
		longest = max(longest, end.Sub(e.at))
	}
	return longest
}

// reminders reads the renting job's record of the reminders.
func (s *system) reminders(ctx context.Context) ([]reminder, error) {
	var all []reminder
	err := s.query(ctx, "renting", func(c *pgx.Conn) error {
		rows, err := c.Query(ctx, "SELECT renting_id::text, step, sent_at FROM renting_reminder")
		if err != nil {
			return err
		}
		all, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (reminder, error) {
			var r reminder
			err := row.Scan(&r.rentingID, &r.step, &r.at)
			return r, err
		})
		return err
	})
	return all, err
}

// reminderMails counts the reminder mails in the mail catcher by address and step.
func reminderMails(mails []caughtMail) map[string]map[string]int {
	counted := map[string]map[string]int{}
	for _, m := range mails {
		for name, step := range reminderSteps {
			if m.subject != step.subject {
				continue
			}
			if counted[m.to] == nil {
				counted[m.to] = map[string]int{}
			}
			counted[m.to][name]++
		}
	}
	return counted
}

// checkReminderInvariant prints the reminders' line.
func (s *system) checkReminderInvariant(ctx context.Context, l *load, rentings []renting, mails []caughtMail, check checkFunc) {
	rows, err := s.reminders(ctx)
	forgotten := map[string]int{}
	for id, address := range l.superseded {
		if !slicesContainsID(rentings, id) {
			forgotten[strings.ToLower(address)]++
		}
	}
	c := checkReminders(rentings, rows, reminderMails(mails), forgotten, settings.reminderAfter, time.Now())
	l.mu.Lock()
	waited, reminded := sum(l.waited), sum(l.reminded)
	l.mu.Unlock()
	check(err == nil && len(c.problems) == 0 && waited == reminded, "one reminder when due",
		"%d reminders recorded, %d reminder mails; %d waits past their reminder's time; %d of %d bookings that waited for a reminder got it; %d wrong %v %v",
		c.reminders, c.mails, c.due, reminded, waited, len(c.problems), first(c.problems), errText(err))
}

func slicesContainsID(rentings []renting, id string) bool {
	for _, r := range rentings {
		if r.id == id {
			return true
		}
	}
	return false
}
