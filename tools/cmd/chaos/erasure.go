package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
)

// erasureRequestedSubject is the subject, in German, of the mail that confirms an erasure request.
const erasureRequestedSubject = "Wir haben deinen Antrag auf Löschung erhalten"

// keptPapers are the documents an erasure keeps for the legal retention period (docs/privacy.md).
var keptPapers = map[string]bool{"CONTRACT": true, "SIGNED_CONTRACT": true}

// erase has the renter of a paid booking ask on their page ("Meine Buchung") to erase their data,
// and the office execute the request once the booking's mails have all come: the execution deletes
// the renter's mails not sent yet (docs/privacy.md, "Erasure"), which the mail invariant would count
// as lost.
func (l *load) erase(ctx context.Context, b *booking) error {
	site, admin := l.sys.site, l.sys.admin
	page, err := site.MailLink(ctx, b.email, "/booking/my-booking", stepLimit)
	if err != nil {
		return err
	}
	if err := retry(ctx, func() (bool, error) { return answered(site.RequestErasure(ctx, page)) }); err != nil {
		return fmt.Errorf("asking for erasure: %w", err)
	}
	if _, err := site.MailLinkIn(ctx, b.email, erasureRequestedSubject, "/booking/my-booking", stepLimit); err != nil {
		return err
	}
	var renterID int64
	err = retry(ctx, func() (bool, error) {
		requests, err := admin.ErasureRequests(ctx)
		for _, r := range requests {
			if strings.EqualFold(r.Email, b.email) {
				renterID = r.ID
			}
		}
		if err == nil && renterID == 0 {
			err = errors.New("the request is not in the office's list")
		}
		return err == nil, err
	})
	if err != nil {
		return err
	}
	if err := retry(ctx, func() (bool, error) { err := l.sys.allMailed(ctx, renterID, b.email); return err == nil, err }); err != nil {
		return err
	}
	// Recorded before the execution: one whose answer a fault took may have erased all the same.
	l.mu.Lock()
	l.erased[renterID] = strings.ToLower(b.email)
	l.mu.Unlock()
	return retry(ctx, func() (bool, error) { return answered(admin.ExecuteErasure(ctx, renterID)) })
}

// allMailed is nil once every mail the renter's rentings' state changes send has reached the mail
// catcher.
func (s *system) allMailed(ctx context.Context, renterID int64, address string) error {
	var rentings []renting
	err := s.query(ctx, "renting", func(c *pgx.Conn) error {
		var err error
		rentings, err = readRentings(ctx, c, "WHERE renter_id = $1", renterID)
		return err
	})
	if err != nil {
		return err
	}
	for i := range rentings {
		rentings[i].email = strings.ToLower(address)
	}
	want, _ := expectedMails(rentings)
	mails, err := s.site.MailsTo(ctx, address)
	if err != nil {
		return err
	}
	got := 0
	for _, m := range mails {
		if !notAStateChange(m.Subject) {
			got++
		}
	}
	if got < want[strings.ToLower(address)] {
		return fmt.Errorf("%s has %d of %d mails", address, got, want[strings.ToLower(address)])
	}
	return nil
}

// erasedRenter is what the renter service keeps of a renter the harness had erased.
type erasedRenter struct {
	id               int64
	email, firstName string
	erased           bool
}

// erasureFound is what each service keeps of the erased renters: the renter rows (and how many
// renters are erased in all), the documents'
// types by renter, the booking request forms left by renter and the audit entries of the erasure
// by service and renter id.
type erasureFound struct {
	renters []erasedRenter
	all     int // renters erased in the renter service, whoever asked
	papers  map[int64][]string
	forms   map[int64]int
	audits  map[string]map[string]int // database -> renter id -> entries
}

// erasureCheck is what the erasure invariant found.
type erasureCheck struct {
	erased, papersKept int
	problems           []string
}

// erasureAudits are the audit entries each service writes once per executed erasure.
var erasureAudits = map[string]string{"renter": "eraseRenter", "renting": "eraseRenterData", "document": "eraseRenterData"}

// checkErasures: every renter the harness had erased is erased in every service, once: no personal
// data and an undeliverable address in the renter service, no booking request form in the renting
// service, no paper but the contracts (kept for the legal period) in the document service, one audit
// entry in each of the three, and one mail confirming the request; and no renter is erased whom the
// harness did not have erased (the intruder's attempts, attacks.go).
func checkErasures(erased map[int64]string, found erasureFound, mails []caughtMail) erasureCheck {
	var c erasureCheck
	confirmations := map[string]int{}
	for _, m := range mails {
		if m.subject == erasureRequestedSubject {
			confirmations[m.to]++
		}
	}
	rows := map[int64]erasedRenter{}
	for _, r := range found.renters {
		rows[r.id] = r
	}
	if found.all != len(erased) {
		c.problems = append(c.problems, fmt.Sprintf("%d renters erased, %d of them on request", found.all, len(erased)))
	}
	for id, address := range erased {
		problem := func(format string, args ...any) {
			c.problems = append(c.problems, fmt.Sprintf("renter %d: ", id)+fmt.Sprintf(format, args...))
		}
		r, ok := rows[id]
		switch {
		case !ok:
			problem("gone from the renter service, not erased")
		case !r.erased || r.firstName != "" || !strings.HasSuffix(r.email, "@erased.invalid"):
			problem("not erased (erased %v, name %q, e-mail %q)", r.erased, r.firstName, r.email)
		}
		if n := found.forms[id]; n > 0 {
			problem("%d booking request forms left", n)
		}
		contracts := 0
		for _, typ := range found.papers[id] {
			if !keptPapers[typ] {
				problem("a %s left", typ)
			} else {
				contracts++
			}
		}
		if contracts == 0 {
			problem("its contract is gone")
		}
		c.papersKept += contracts
		for database, action := range erasureAudits {
			if n := found.audits[database][fmt.Sprint(id)]; n != 1 {
				problem("%d %s entries in %s", n, action, database)
			}
		}
		if n := confirmations[address]; n != 1 {
			problem("%d mails confirming the request", n)
		}
		c.erased++
	}
	return c
}

// readErasures reads what every service keeps of the erased renters.
func (s *system) readErasures(ctx context.Context, erased map[int64]string) (erasureFound, error) {
	found := erasureFound{papers: map[int64][]string{}, forms: map[int64]int{}, audits: map[string]map[string]int{}}
	ids := make([]int64, 0, len(erased))
	for id := range erased {
		ids = append(ids, id)
	}
	err := s.query(ctx, "renter", func(c *pgx.Conn) error {
		rows, err := c.Query(ctx, "SELECT id, email, first_name, erased_at IS NOT NULL FROM renter WHERE id = ANY($1)", ids)
		if err != nil {
			return err
		}
		found.renters, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (erasedRenter, error) {
			var r erasedRenter
			err := row.Scan(&r.id, &r.email, &r.firstName, &r.erased)
			return r, err
		})
		if err != nil {
			return err
		}
		return c.QueryRow(ctx, "SELECT count(*) FROM renter WHERE erased_at IS NOT NULL").Scan(&found.all)
	})
	if err != nil {
		return found, err
	}
	err = s.query(ctx, "document", func(c *pgx.Conn) error {
		rows, err := c.Query(ctx, "SELECT renter_id, type FROM document WHERE renter_id = ANY($1)", ids)
		if err != nil {
			return err
		}
		var id int64
		var typ string
		_, err = pgx.ForEachRow(rows, []any{&id, &typ}, func() error {
			found.papers[id] = append(found.papers[id], typ)
			return nil
		})
		return err
	})
	if err != nil {
		return found, err
	}
	err = s.query(ctx, "renting", func(c *pgx.Conn) error {
		rows, err := c.Query(ctx, "SELECT r.renter_id, count(*) FROM booking_request_form f JOIN renting r ON r.id = f.renting_id WHERE r.renter_id = ANY($1) GROUP BY r.renter_id", ids)
		if err != nil {
			return err
		}
		var id int64
		var n int
		_, err = pgx.ForEachRow(rows, []any{&id, &n}, func() error {
			found.forms[id] = n
			return nil
		})
		return err
	})
	if err != nil {
		return found, err
	}
	for database, action := range erasureAudits {
		if found.audits[database], err = s.auditedSubjects(ctx, database, action, "renter/"); err != nil {
			return found, err
		}
	}
	return found, nil
}

func (s *system) checkErasureInvariant(ctx context.Context, erased map[int64]string, mails []caughtMail, check checkFunc) {
	found, err := s.readErasures(ctx, erased)
	c := checkErasures(erased, found, mails)
	check(err == nil && len(c.problems) == 0, "erasures executed everywhere",
		"%d renters asked for erasure and were erased: in the renter, renting and document services, once each, %d contracts kept; %d wrong %v %v",
		c.erased, c.papersKept, len(c.problems), first(c.problems), errText(err))
}
