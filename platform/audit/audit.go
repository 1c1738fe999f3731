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
	// RenterID is the renter the action concerns, 0 for none: the renter's log in the back office
	// lists the entries of every service that name them.
	RenterID int64
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
	var renterID *int64
	if e.RenterID != 0 {
		renterID = &e.RenterID
	}
	_, err = tx.Exec(ctx,
		`INSERT INTO audit_log (actor, action, subject, details, renter_id) VALUES ($1, $2, $3, $4, $5)`,
		e.Actor, e.Action, e.Subject, details, renterID)
	if err != nil {
		return fmt.Errorf("record audit entry %s on %s: %w", e.Action, e.Subject, err)
	}
	return nil
}

// Querier is what OfRenter reads with: a pool, a connection or a transaction.
type Querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// OfRenter returns the entries about one renter, newest first.
func OfRenter(ctx context.Context, db Querier, renterID int64) ([]Recorded, error) {
	rows, err := db.Query(ctx,
		`SELECT at, actor, action, subject, details FROM audit_log WHERE renter_id = $1 ORDER BY at DESC, id DESC`,
		renterID)
	if err != nil {
		return nil, fmt.Errorf("audit entries of renter %d: %w", renterID, err)
	}
	entries, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Recorded, error) {
		var e Recorded
		err := r.Scan(&e.At, &e.Actor, &e.Action, &e.Subject, &e.Details)
		return e, err
	})
	if err != nil {
		return nil, fmt.Errorf("audit entries of renter %d: %w", renterID, err)
	}
	return entries, nil
}
