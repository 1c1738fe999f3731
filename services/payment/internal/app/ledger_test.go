package app_test

import (
	"context"
	"strconv"
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
	total := renting.GetContractTotalCents()
	signing := app.Signing{RentingID: renting.GetRentingId(), ApartmentID: renting.GetApartmentId(), SemesterID: renting.GetSemesterId(),
		ContractTotalCents: total, ContractCurrency: renting.GetContractCurrency(), Items: []domain.ContractItem{
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
	if len(refunds) != 1 || refunds[0].Reference != providerID || refunds[0].AmountCents() != 10_001 || refunds[0].Item != domain.ItemCancellation {
		t.Errorf("refunds %+v (refund %s), want one of 100,01 € with Stripe's id %s", refunds, status, providerID)
	}
	if books.RefundedCents != 10_001 {
		t.Errorf("refunded %d cents, want 10001", books.RefundedCents)
	}
}

// paidWithItems is a payment of a contract with rent, cleaning and deposit items, paid through
// Stripe's PaymentIntent pi.
func paidWithItems(t *testing.T, e *testenv.Env, pi string) domain.Payment {
	t.Helper()
	p := signedWithItems(t, e)
	if _, err := e.Payments.Apply(context.Background(), domain.Outcome{
		EventID: uuid.NewString(), PaymentID: p.ID, Succeeded: true, Amount: p.Amount, PaymentIntentID: pi,
	}); err != nil {
		t.Fatal(err)
	}
	return p
}

// reportRefund reports the renting's one refund's new status, as Stripe's refund.updated does.
func reportRefund(t *testing.T, e *testenv.Env, status domain.RefundStatus) {
	t.Helper()
	var refundID, providerID string
	if err := e.Pool.QueryRow(context.Background(), `SELECT id::text, provider_refund_id FROM refund`).Scan(&refundID, &providerID); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Payments.ApplyRefund(context.Background(), domain.RefundReport{EventID: uuid.NewString(), RefundID: refundID, ProviderID: providerID, Status: status}); err != nil {
		t.Fatal(err)
	}
}

func TestLedger_paidBookingCancelledWithAPartRefund_chargesTakenBackTheRestKeptAsFee_nothingOwedNoDepositHeld(t *testing.T) {
	t.Parallel()
	e, _ := stripeEnv(t)
	p := paidWithItems(t, e, "pi_paid")
	const refund = 100_000 // less than the rent, more than the deposit
	for range 2 {          // a redelivered cancellation
		if err := e.Cancel(app.Cancellation{EventID: "the-cancellation", RentingID: p.RentingID, RefundCents: refund}); err != nil {
			t.Fatal(err)
		}
	}
	reportRefund(t, e, domain.RefundSucceeded)

	entries, books := ledger(t, e, p.RentingID)
	if n := kinds(entries); n[domain.KindCharge] != 3 || n[domain.KindChargeCanceled] != 3 || n[domain.KindCancellationFee] != 1 || n[domain.KindRefund] != 1 || len(entries) != 9 {
		t.Fatalf("ledger %v, want the three charges, the payment, the charges taken back once, one fee and the refund", n)
	}
	want := domain.Books{ChargedCents: p.Amount.Cents - refund, PaidCents: p.Amount.Cents, RefundedCents: refund}
	if books != want {
		t.Errorf("totals %+v, want %+v: the fee charged, all paid, the refund given back, nothing owed or held", books, want)
	}
}

func TestLedger_paidBookingCancelledWithoutARefund_keepsAllAsFee(t *testing.T) {
	t.Parallel()
	e, mock := stripeEnv(t)
	p := paidWithItems(t, e, "pi_paid")
	if err := e.Cancel(app.Cancellation{EventID: uuid.NewString(), RentingID: p.RentingID}); err != nil {
		t.Fatal(err)
	}

	_, books := ledger(t, e, p.RentingID)
	if want := (domain.Books{ChargedCents: p.Amount.Cents, PaidCents: p.Amount.Cents}); books != want {
		t.Errorf("totals %+v, want %+v: everything kept as the fee, no deposit held", books, want)
	}
	if n := len(mock.Requests("POST", "/v1/refunds")); n != 0 {
		t.Errorf("%d refunds asked, want none", n)
	}
}

func TestLedger_refundReturnedAfterItWentThrough_takenBackOnce_theRenterIsOwedIt(t *testing.T) {
	t.Parallel()
	e, _ := stripeEnv(t)
	p := paidWithItems(t, e, "pi_paid")
	const refund = 30_000
	if err := e.Cancel(app.Cancellation{EventID: uuid.NewString(), RentingID: p.RentingID, RefundCents: refund}); err != nil {
		t.Fatal(err)
	}
	reportRefund(t, e, domain.RefundSucceeded)
	for range 2 { // refund.failed, then refund.updated with the same status
		reportRefund(t, e, domain.RefundFailed)
	}

	entries, books := ledger(t, e, p.RentingID)
	if n := kinds(entries); n[domain.KindRefund] != 1 || n[domain.KindRefundReturned] != 1 {
		t.Fatalf("ledger %v, want the refund and its return, once each", n)
	}
	if books.RefundedCents != 0 || books.BalanceCents != -refund {
		t.Errorf("totals %+v, want nothing refunded and the %d cents owed to the renter", books, refund)
	}
	after, err := e.Payments.Payment(context.Background(), p.ID)
	if err != nil || after.RefundedCents != 0 {
		t.Errorf("payment %+v (%v), want nothing refunded of it: the office may refund again", after, err)
	}
}

func TestApply_paidAfterItsBookingWasCancelled_refundedInFullOnce_evenWhenReportedAgain(t *testing.T) {
	t.Parallel()
	e, mock := stripeEnv(t)
	p := signedWithItems(t, e)
	if err := e.Cancel(app.Cancellation{EventID: uuid.NewString(), RentingID: p.RentingID}); err != nil {
		t.Fatal(err)
	}
	debited := domain.Outcome{EventID: uuid.NewString(), PaymentID: p.ID, Succeeded: true, Amount: p.Amount, PaymentIntentID: "pi_debit"}
	for _, eventID := range []string{debited.EventID, debited.EventID, uuid.NewString()} { // redelivered, then a second report
		debited.EventID = eventID
		if _, err := e.Payments.Apply(context.Background(), debited); err != nil {
			t.Fatal(err)
		}
	}

	asked := mock.Requests("POST", "/v1/refunds")
	if len(asked) != 1 || asked[0].Form.Get("amount") != strconv.FormatInt(p.Amount.Cents, 10) || asked[0].Form.Get("payment_intent") != "pi_debit" {
		t.Fatalf("refunds asked %+v, want one of the whole %d cents of pi_debit", asked, p.Amount.Cents)
	}
	reportRefund(t, e, domain.RefundSucceeded)
	_, books := ledger(t, e, p.RentingID)
	if want := (domain.Books{PaidCents: p.Amount.Cents, RefundedCents: p.Amount.Cents}); books != want {
		t.Errorf("totals %+v, want %+v: paid, all given back, nothing charged or owed", books, want)
	}
}
