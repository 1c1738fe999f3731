package main

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// requestRetention is what the request invariant found.
type requestRetention struct {
	forgotten, waiting int
	problems           []string
}

// checkForgottenRequests: every request cancelled without ever being confirmed more than
// retention+lateBy ago is deleted; each deletion has one audit entry (forgetRequest), and only
// requests the harness left unconfirmed were deleted (superseded: renting id -> address). audits
// counts the forgetRequest entries by renting id.
func checkForgottenRequests(rentings []renting, superseded map[string]string, audits map[string]int, retention time.Duration, now time.Time) requestRetention {
	var c requestRetention
	present := map[string]bool{}
	for _, r := range rentings {
		present[r.id] = true
		if at, ok := cancelledUnconfirmed(r); ok {
			if now.Sub(at) > retention+lateBy {
				c.problems = append(c.problems, fmt.Sprintf("%s cancelled unconfirmed at %s, not deleted", r.id, at.Format(time.TimeOnly)))
			} else {
				c.waiting++
			}
		}
	}
	for id, n := range audits {
		switch {
		case present[id]:
			c.problems = append(c.problems, fmt.Sprintf("%s audited as forgotten, still there", id))
		case superseded[id] == "":
			c.problems = append(c.problems, fmt.Sprintf("%s forgotten, not a request left unconfirmed", id))
		case n != 1:
			c.problems = append(c.problems, fmt.Sprintf("%s forgotten with %d audit entries", id, n))
		}
		c.forgotten++
	}
	for id := range superseded {
		if !present[id] && audits[id] == 0 {
			c.problems = append(c.problems, fmt.Sprintf("%s gone without an audit entry", id))
		}
	}
	return c
}

// cancelledUnconfirmed tells whether the renting was cancelled without ever being confirmed, and when.
func cancelledUnconfirmed(r renting) (time.Time, bool) {
	if r.state != "CANCELED" {
		return time.Time{}, false
	}
	var at time.Time
	for _, e := range r.log {
		switch e.state {
		case "APARTMENT_REQUESTED":
		case "CANCELED":
			at = e.at
		default:
			return time.Time{}, false
		}
	}
	return at, true
}

func (s *system) checkRequestRetention(ctx context.Context, l *load, rentings []renting, check checkFunc) {
	audits, err := s.auditedSubjects(ctx, "renting", "forgetRequest", "renting/")
	l.mu.Lock()
	c := checkForgottenRequests(rentings, l.superseded, audits, settings.requestRetention, time.Now())
	superseded := len(l.superseded)
	l.mu.Unlock()
	check(err == nil && len(c.problems) == 0, "requests forgotten when due",
		"%d requests left unconfirmed and superseded: %d deleted with one audit entry each, %d not due yet; %d wrong %v %v",
		superseded, c.forgotten, c.waiting, len(c.problems), first(c.problems), errText(err))
}

// auditedSubjects counts the audit entries of the action in the database by subject, without the
// subject's prefix (e.g. renting/).
func (s *system) auditedSubjects(ctx context.Context, database, action, prefix string) (map[string]int, error) {
	counted := map[string]int{}
	err := s.query(ctx, database, func(c *pgx.Conn) error {
		rows, err := c.Query(ctx, "SELECT substr(subject, length($2) + 1) FROM audit_log WHERE action = $1 AND starts_with(subject, $2)", action, prefix)
		if err != nil {
			return err
		}
		var id string
		_, err = pgx.ForEachRow(rows, []any{&id}, func() error {
			counted[id]++
			return nil
		})
		return err
	})
	return counted, err
}

// document is a document of a renting, present or deleted by the retention job (audited).
type document struct {
	rentingID, typ string
	deletedAt      time.Time // zero while present
}

// documentRetention is what the document invariant found.
type documentRetention struct {
	idCopiesDeleted, idCopiesKept, payedWithPapers, payed int
	payedErased                                           int // of payed, rentings of renters erased on request
	problems                                              []string
}

var idCopies = map[string]bool{"IDENTITY_CARD_FRONT": true, "IDENTITY_CARD_BACK": true}

// checkDocuments: a renting's identity card copies are deleted once retention after its approval
// (with lateBy for the job under faults), each with one audit entry, and not before; nothing else is
// deleted (in a run no other retention comes due): every PAYED renting keeps its contract and its
// enrollment certificate (the certificate of a renter erased on request went with the erasure).
func checkDocuments(rentings []renting, present []document, deleted []document, retention time.Duration, now time.Time) documentRetention {
	var c documentRetention
	approved := map[string]time.Time{}
	for _, r := range rentings {
		for _, e := range r.log {
			if e.state == "OWNER_ACKNOWLEDGED" {
				approved[r.id] = e.at
			}
		}
	}
	has := map[string]map[string]bool{}
	for _, d := range present {
		if has[d.rentingID] == nil {
			has[d.rentingID] = map[string]bool{}
		}
		has[d.rentingID][d.typ] = true
		if at, ok := approved[d.rentingID]; ok && idCopies[d.typ] {
			if now.Sub(at) > retention+lateBy {
				c.problems = append(c.problems, fmt.Sprintf("%s's %s kept %s after the approval", d.rentingID, d.typ, now.Sub(at).Round(time.Second)))
			} else {
				c.idCopiesKept++
			}
		}
	}
	times := map[string]int{}
	for _, d := range deleted {
		times[d.rentingID+" "+d.typ]++
		at, ok := approved[d.rentingID]
		switch {
		case !idCopies[d.typ]:
			c.problems = append(c.problems, fmt.Sprintf("%s's %s deleted, not due", d.rentingID, d.typ))
		case !ok || d.deletedAt.Sub(at) < retention-time.Second:
			c.problems = append(c.problems, fmt.Sprintf("%s's %s deleted at %s, before its time", d.rentingID, d.typ, d.deletedAt.Format(time.TimeOnly)))
		case times[d.rentingID+" "+d.typ] > 1:
			c.problems = append(c.problems, fmt.Sprintf("%s's %s deleted twice", d.rentingID, d.typ))
		case has[d.rentingID][d.typ]:
			c.problems = append(c.problems, fmt.Sprintf("%s's %s audited as deleted, still there", d.rentingID, d.typ))
		default:
			c.idCopiesDeleted++
		}
	}
	for _, r := range rentings {
		if r.state != "PAYED" {
			continue
		}
		c.payed++
		if r.erased {
			c.payedErased++
		}
		if (has[r.id]["IMMATRICULATION"] || r.erased) && (has[r.id]["CONTRACT"] || has[r.id]["SIGNED_CONTRACT"]) {
			c.payedWithPapers++
		} else {
			c.problems = append(c.problems, fmt.Sprintf("PAYED %s without its contract or certificate (%v)", r.id, has[r.id]))
		}
	}
	return c
}

func (s *system) checkDocumentRetention(ctx context.Context, rentings []renting, check checkFunc) {
	var present, deleted []document
	err := s.query(ctx, "document", func(c *pgx.Conn) error {
		rows, err := c.Query(ctx, "SELECT renting_id::text, type FROM document WHERE renting_id IS NOT NULL")
		if err != nil {
			return err
		}
		if present, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (document, error) {
			var d document
			err := row.Scan(&d.rentingID, &d.typ)
			return d, err
		}); err != nil {
			return err
		}
		rows, err = c.Query(ctx, `SELECT details->>'renting', details->>'type', at FROM audit_log WHERE action = 'deleteDocument' AND actor = 'retention'`)
		if err != nil {
			return err
		}
		deleted, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (document, error) {
			var d document
			err := row.Scan(&d.rentingID, &d.typ, &d.deletedAt)
			return d, err
		})
		return err
	})
	c := checkDocuments(rentings, present, deleted, settings.idCopyRetention, time.Now())
	check(err == nil && len(c.problems) == 0, "ID copies deleted when due",
		"%d identity card copies deleted with one audit entry each, %d kept not due yet; %d of %d PAYED rentings keep their contract and certificate (%d of them only the contract: erased on request); %d wrong %v %v",
		c.idCopiesDeleted, c.idCopiesKept, c.payedWithPapers, c.payed, c.payedErased, len(c.problems), first(c.problems), errText(err))
}
