// Package audit records who changed what and when. Entries are written in the same transaction as
// the change they describe, so an audited change and its entry are stored together or not at all.
package audit

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// Entry is one audited action.
type Entry struct {
	Actor   string         // who: the signed-in user name from the identity token
	Action  string         // what: the operation, e.g. "updateApartment"
	Subject string         // on what: e.g. "apartment/12"
	Details map[string]any // the values that matter for a later review, e.g. before and after
}

// Record writes the entry in the caller's transaction.
func Record(ctx context.Context, tx pgx.Tx, e Entry) error {
	details, err := json.Marshal(e.Details)
	if err != nil {
		return fmt.Errorf("encode audit details: %w", err)
	}
	_, err = tx.Exec(ctx,
		`INSERT INTO audit_log (actor, action, subject, details) VALUES ($1, $2, $3, $4)`,
		e.Actor, e.Action, e.Subject, details)
	if err != nil {
		return fmt.Errorf("record audit entry %s on %s: %w", e.Action, e.Subject, err)
	}
	return nil
}
