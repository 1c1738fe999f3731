// Package audit records who changed what and when. Entries are written in the same transaction as
// the change they describe, so an audited change and its entry are stored together or not at all.
package audit

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Entry is one audited action.
type Entry struct {
	Actor   string         // who: the signed-in user name from the identity token
	Action  string         // what: the operation, e.g. "updateApartment"
	Subject string         // on what: e.g. "apartment/12"
	Details map[string]any // the values that matter for a later review, e.g. before and after
	// Concerns is the key of the party the action concerns, chosen by the caller (e.g. "renter/7"),
	// empty for none: a party's log lists the entries with its key (Concerning).
	Concerns string
}

// Recorded is an entry as stored, with its time.
type Recorded struct {
	At      time.Time
	Actor   string
	Action  string
	Subject string
	Details json.RawMessage // a JSON object
}

// Record writes the entry in the caller's transaction.
func Record(ctx context.Context, tx pgx.Tx, e Entry) error {
	details, err := json.Marshal(e.Details)
	if err != nil {
		return fmt.Errorf("encode audit details: %w", err)
	}
	var concerns *string
	if e.Concerns != "" {
		concerns = &e.Concerns
	}
	_, err = tx.Exec(ctx,
		`INSERT INTO audit_log (actor, action, subject, details, concerns) VALUES ($1, $2, $3, $4, $5)`,
		e.Actor, e.Action, e.Subject, details, concerns)
	if err != nil {
		return fmt.Errorf("record audit entry %s on %s: %w", e.Action, e.Subject, err)
	}
	return nil
}

// Querier is what Concerning reads with: a pool, a connection or a transaction.
type Querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// Concerning returns the entries whose Concerns is key, newest first.
func Concerning(ctx context.Context, db Querier, key string) ([]Recorded, error) {
	rows, err := db.Query(ctx,
		`SELECT at, actor, action, subject, details FROM audit_log WHERE concerns = $1 ORDER BY at DESC, id DESC`,
		key)
	if err != nil {
		return nil, fmt.Errorf("audit entries concerning %s: %w", key, err)
	}
	entries, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Recorded, error) {
		var e Recorded
		err := r.Scan(&e.At, &e.Actor, &e.Action, &e.Subject, &e.Details)
		return e, err
	})
	if err != nil {
		return nil, fmt.Errorf("audit entries concerning %s: %w", key, err)
	}
	return entries, nil
}

// Redact replaces, in the caller's transaction, the details of the entries concerning key whose
// action is one of actions by {"redacted": reason}: for entries that held a party's personal data
// (before and after an edit) once that party's data is erased. Who did what and when stays. It
// returns how many entries it redacted; redacting again changes nothing more.
func Redact(ctx context.Context, tx pgx.Tx, key string, actions []string, reason string) (int64, error) {
	details, err := json.Marshal(map[string]string{"redacted": reason})
	if err != nil {
		return 0, fmt.Errorf("encode redaction: %w", err)
	}
	tag, err := tx.Exec(ctx,
		`UPDATE audit_log SET details = $3 WHERE concerns = $1 AND action = ANY($2) AND details <> $3::jsonb`,
		key, actions, details)
	if err != nil {
		return 0, fmt.Errorf("redact audit entries concerning %s: %w", key, err)
	}
	return tag.RowsAffected(), nil
}
