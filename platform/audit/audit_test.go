package audit_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
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

func TestConcerning_thePartysEntriesNewestFirst(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := pgtest.NewDatabase(t, nil)
	entries := []audit.Entry{
		{Actor: "admin", Action: "approveIdentityCard", Subject: "renting/a", Concerns: "renter/7"},
		{Actor: "anna", Action: "updateApartment", Subject: "apartment/3"},
		{Actor: "admin", Action: "approveIdentityCard", Subject: "renting/b", Concerns: "renter/8"},
		{Actor: "anna", Action: "readDocument", Subject: "document/d", Concerns: "renter/7", Details: map[string]any{"type": "IDENTITY_CARD_FRONT"}},
	}
	for _, e := range entries {
		if err := postgres.InTx(ctx, pool, func(tx pgx.Tx) error { return audit.Record(ctx, tx, e) }); err != nil {
			t.Fatal(err)
		}
	}

	got, err := audit.Concerning(ctx, pool, "renter/7")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Action != "readDocument" || got[1].Subject != "renting/a" {
		t.Fatalf("entries concerning renter/7 = %+v, want readDocument then approveIdentityCard on renting/a", got)
	}
	var details map[string]string
	if err := json.Unmarshal(got[0].Details, &details); err != nil || details["type"] != "IDENTITY_CARD_FRONT" {
		t.Errorf("details = %s (%v), want the recorded JSON object", got[0].Details, err)
	}
	if got[0].At.IsZero() || got[0].At.Before(got[1].At) {
		t.Errorf("times %v, %v: want set and newest first", got[0].At, got[1].At)
	}
	if none, err := audit.Concerning(ctx, pool, "renter/99"); err != nil || len(none) != 0 {
		t.Errorf("a party without entries: %v, %v", none, err)
	}
}

func TestRedact_theErasedPartysEditsLoseTheirDetailsOnce_othersKeepTheirs(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := pgtest.NewDatabase(t, nil)
	for _, e := range []audit.Entry{
		{Actor: "admin", Action: "updateRenter", Subject: "renter/7", Concerns: "renter/7", Details: map[string]any{"after": map[string]any{"lastName": "Schmidt"}}},
		{Actor: "admin", Action: "approveIdentityCard", Subject: "renting/a", Concerns: "renter/7", Details: map[string]any{"renting": "a"}},
		{Actor: "admin", Action: "updateRenter", Subject: "renter/8", Concerns: "renter/8", Details: map[string]any{"after": map[string]any{"lastName": "Weber"}}},
	} {
		if err := postgres.InTx(ctx, pool, func(tx pgx.Tx) error { return audit.Record(ctx, tx, e) }); err != nil {
			t.Fatal(err)
		}
	}
	redact := func() int64 {
		var n int64
		err := postgres.InTx(ctx, pool, func(tx pgx.Tx) (err error) {
			n, err = audit.Redact(ctx, tx, "renter/7", []string{"updateRenter"}, "erased on request")
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := redact(); n != 1 {
		t.Errorf("redacted %d entries, want 1", n)
	}
	if n := redact(); n != 0 {
		t.Errorf("redacting again redacted %d entries, want none", n)
	}
	seven, _ := audit.Concerning(ctx, pool, "renter/7")
	eight, _ := audit.Concerning(ctx, pool, "renter/8")
	if len(seven) != 2 || string(seven[1].Details) != `{"redacted": "erased on request"}` || seven[1].Actor != "admin" ||
		string(seven[0].Details) != `{"renting": "a"}` {
		t.Errorf("renter/7's entries %+v", seven)
	}
	if len(eight) != 1 || !strings.Contains(string(eight[0].Details), "Weber") {
		t.Errorf("another party's entry changed: %+v", eight)
	}
}
