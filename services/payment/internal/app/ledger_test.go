package app_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"semesterhaus/platform/postgres"
	"semesterhaus/services/payment/internal/app"
	"semesterhaus/services/payment/internal/domain"
	"semesterhaus/services/payment/internal/testenv"
)

// signedWithItems creates the payment of a contract signed with rent, cleaning and deposit items, as
// the consumer does with the contract_signed event's items.
func signedWithItems(t *testing.T, e *testenv.Env) domain.Payment {
	t.Helper()
	renting := e.Contracted(signed(e, false))
	e.Rentings.Add(renting)
	total := renting.GetContractTotalCents()
	signing := app.Signing{RentingID: renting.GetRentingId(), SemesterID: renting.GetSemesterId(), Items: []domain.ContractItem{
		{Item: domain.ItemRent, Text: "Miete", TotalCents: total - 58_500},
		{Item: domain.ItemCleaning, Text: "Endreinigung", TotalCents: 8_500},
		{Item: domain.ItemDeposit, Text: "Kaution", TotalCents: 50_000},
	}}
	ctx := context.Background()
	for range 2 { // a redelivered contract_signed
		if err := postgres.InTx(ctx, e.Pool, func(tx pgx.Tx) error { return e.Payments.CreateForRenting(ctx, e.Repo.InTx(tx), signing) }); err != nil {
			t.Fatal(err)
		}
	}
	p, err := e.Payments.PaymentOfRenting(ctx, renting.GetRentingId())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func ledger(t *testing.T, e *testenv.Env, rentingID string) ([]domain.LedgerEntry, domain.Books) {
	t.Helper()
	entries, books, err := e.Payments.Ledger(testenv.Office(), rentingID)
	if err != nil {
		t.Fatal(err)
	}
	return entries, books
}

func kinds(entries []domain.LedgerEntry) map[domain.EntryKind]int {
	n := map[domain.EntryKind]int{}
	for _, e := range entries {
		n[e.Kind]++
	}
	return n
}

func TestLedger_signedAndPaid_chargesEachItemOnceAndThePaymentWithItsReceipt_evenWhenReportedAgain(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	p := signedWithItems(t, e)
	paid := domain.Outcome{EventID: uuid.NewString(), PaymentID: p.ID, Succeeded: true, Amount: p.Amount, PaymentIntentID: "pi_1"}
	for _, eventID := range []string{paid.EventID, paid.EventID, uuid.NewString()} {
		paid.EventID = eventID
		if _, err := e.Payments.Apply(context.Background(), paid); err != nil {
			t.Fatal(err)
		}
	}

	entries, books := ledger(t, e, p.RentingID)
	if n := kinds(entries); n[domain.KindCharge] != 3 || n[domain.KindPayment] != 1 || len(entries) != 4 {
		t.Fatalf("ledger %v, want three charges and one payment", n)
	}
	after, _ := e.Payments.Payment(context.Background(), p.ID)
	payment := entries[3]
	if payment.Reference != "1" || after.ReceiptNumber != 1 || payment.AmountCents() != -p.Amount.Cents || payment.Item != domain.ItemNone {
		t.Errorf("payment entry %+v, want −%d cents with receipt number 1", payment, p.Amount.Cents)
	}
	if books.ChargedCents != p.Amount.Cents || books.PaidCents != p.Amount.Cents || books.DepositHeldCents != 50_000 || books.BalanceCents != -50_000 {
		t.Errorf("totals %+v, want all charged and paid, the deposit held", books)
	}
}

func TestLedger_unpaidBookingCancelled_takesEveryChargeBackOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	p := signedWithItems(t, e)
	for range 2 {
		if err := e.Cancel(app.Cancellation{EventID: uuid.NewString(), RentingID: p.RentingID}); err != nil {
			t.Fatal(err)
		}
	}

	entries, books := ledger(t, e, p.RentingID)
	if n := kinds(entries); n[domain.KindChargeCanceled] != 3 || len(entries) != 6 {
		t.Errorf("ledger %v, want the three charges taken back once", n)
	}
	if books.ChargedCents != 0 || books.OpenCents != 0 || books.BalanceCents != 0 {
		t.Errorf("totals %+v, want nothing charged, open or owed", books)
	}
}

func TestLedger_refundThatWentThrough_bookedOnceWithTheProvidersID(t *testing.T) {
	t.Parallel()
	e, _ := stripeEnv(t)
	p := paidInStripe(t, e, "pi_paid")
	if err := e.Cancel(app.Cancellation{EventID: uuid.NewString(), RentingID: p.RentingID, RefundCents: 10_001}); err != nil {
		t.Fatal(err)
	}
	var refundID, providerID, status string
	if err := e.Pool.QueryRow(context.Background(), `SELECT id::text, provider_refund_id, status FROM refund`).Scan(&refundID, &providerID, &status); err != nil {
		t.Fatal(err)
	}
	for range 2 { // Stripe's refund.updated, and charge.refunded after it
		if _, err := e.Payments.ApplyRefund(context.Background(), domain.RefundReport{EventID: uuid.NewString(), RefundID: refundID, ProviderID: providerID, Status: domain.RefundSucceeded}); err != nil {
			t.Fatal(err)
		}
	}

	entries, books := ledger(t, e, p.RentingID)
	var refunds []domain.LedgerEntry
	for _, entry := range entries {
		if entry.Kind == domain.KindRefund {
			refunds = append(refunds, entry)
		}
	}
	if len(refunds) != 1 || refunds[0].Reference != providerID || refunds[0].AmountCents() != 10_001 || refunds[0].Item != domain.ItemRent {
		t.Errorf("refunds %+v (refund %s), want one of 100,01 € with Stripe's id %s", refunds, status, providerID)
	}
	if books.RefundedCents != 10_001 {
		t.Errorf("refunded %d cents, want 10001", books.RefundedCents)
	}
}
