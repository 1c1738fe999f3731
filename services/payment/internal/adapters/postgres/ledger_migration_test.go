package postgres_test

import (
	"context"
	"io/fs"
	"testing"
	"testing/fstest"
	"time"

	"github.com/google/uuid"

	"semesterhaus/platform/pgtest"
	"semesterhaus/platform/postgres"
	"semesterhaus/services/payment/migrations"
)

// before is the migrations before the ledger's.
func before(t *testing.T, last string) fs.FS {
	t.Helper()
	files := fstest.MapFS{}
	names, err := fs.Glob(migrations.FS, "*.sql")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		if name < last {
			data, _ := fs.ReadFile(migrations.FS, name)
			files[name] = &fstest.MapFile{Data: data}
		}
	}
	return files
}

func TestLedgerMigration_booksThePaymentsThatExist(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := pgtest.EmptyDatabase(t)
	if err := postgres.Migrate(ctx, url, before(t, "00011")); err != nil {
		t.Fatal(err)
	}
	pool, err := postgres.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	paid, canceled, open := uuid.NewString(), uuid.NewString(), uuid.NewString()
	insert := `INSERT INTO payment (id, renting_id, amount_cents, currency, status, link, apartment, semester, created_at, paid_at, receipt_number, payment_intent_id, checkout_url, checkout_session_id)
		VALUES ($1, $2, $3, 'EUR', $4, 'l', '1.01', 'SoSe 2026', now() - interval '1 day', $5, $6, 'pi', '', '')`
	for _, p := range []struct {
		id, status string
		cents      int64
		paid       bool
		receipt    any
	}{{paid, "PAID", 300000, true, 7}, {canceled, "CANCELED", 200000, false, nil}, {open, "OPEN", 100000, false, nil}} {
		var paidAt any
		if p.paid {
			paidAt = time.Now()
		}
		if _, err := pool.Exec(ctx, insert, uuid.NewString(), p.id, p.cents, p.status, paidAt, p.receipt); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := pool.Exec(ctx, `INSERT INTO refund (id, payment_id, purpose, amount_cents, currency, status, provider_refund_id, created_at, updated_at)
		SELECT gen_random_uuid(), id, 'CANCELLATION', s.cents, 'EUR', s.status, s.provider, now(), now()
		FROM payment, (VALUES (5000, 'SUCCEEDED', 're_ok'), (7000, 'FAILED', 're_failed')) AS s(cents, status, provider)
		WHERE renting_id = $1`, paid); err != nil {
		t.Fatal(err)
	}

	if err := postgres.Migrate(ctx, url, migrations.FS); err != nil {
		t.Fatal(err)
	}

	for renting, want := range map[string]string{paid: "CHARGE 300000 PAYMENT -300000 7 REFUND 5000 re_ok", canceled: "CHARGE 200000 CHARGE_CANCELED -200000", open: "CHARGE 100000"} {
		var got string
		if err := pool.QueryRow(ctx, `SELECT string_agg(kind || ' ' || amount_cents || CASE WHEN kind IN ('PAYMENT', 'REFUND') THEN ' ' || reference ELSE '' END, ' ' ORDER BY at, kind)
			FROM ledger_entry WHERE renting_id = $1`, renting).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("ledger of a %s payment: %q, want %q", renting, got, want)
		}
	}
}
