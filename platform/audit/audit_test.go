package audit_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"

	"semesterhaus/platform/audit"
	"semesterhaus/platform/pgtest"
	"semesterhaus/platform/postgres"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestRecord_storedWithTheChangeOrNotAtAll(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := pgtest.NewDatabase(t, nil)
	entry := audit.Entry{Actor: "admin", Action: "updateRenter", Subject: "renter/7", Details: map[string]any{"phone": "+49 170 1"}}

	if err := postgres.InTx(ctx, pool, func(tx pgx.Tx) error { return audit.Record(ctx, tx, entry) }); err != nil {
		t.Fatal(err)
	}
	failed := errors.New("the audited change failed")
	err := postgres.InTx(ctx, pool, func(tx pgx.Tx) error {
		if err := audit.Record(ctx, tx, entry); err != nil {
			return err
		}
		return failed
	})
	if !errors.Is(err, failed) {
		t.Fatalf("got %v", err)
	}

	rows, err := pool.Query(ctx, `SELECT actor, action, subject, details FROM audit_log`)
	if err != nil {
		t.Fatal(err)
	}
	got, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (audit.Entry, error) {
		var e audit.Entry
		var details []byte
		err := r.Scan(&e.Actor, &e.Action, &e.Subject, &details)
		if err == nil {
			err = json.Unmarshal(details, &e.Details)
		}
		return e, err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Actor != "admin" || got[0].Subject != "renter/7" || got[0].Details["phone"] != "+49 170 1" {
		t.Errorf("audit log = %+v, want exactly the committed entry", got)
	}
}
