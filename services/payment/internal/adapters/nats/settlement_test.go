package nats_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"semesterhaus/proto/events/v1/streams"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	"semesterhaus/services/payment/internal/adapters/provider"
	"semesterhaus/services/payment/internal/domain"
	"semesterhaus/services/payment/internal/testenv"
	"semesterhaus/services/payment/paymenttest"
)

func settled(s streams.RentingStream) string { return s.DepositSettled() }

// paidOnStripe is a paid payment of a new renting, paid through stripe-mock's PaymentIntent.
func paidOnStripe(t *testing.T, e *testenv.Env) domain.Payment {
	t.Helper()
	apartment, semester := e.Bookable()
	p := e.CreatePayment(&eventsv1.RentingStateChanged{RentingId: uuid.NewString(), ApartmentId: apartment, SemesterId: semester})
	if _, err := e.Payments.Apply(context.Background(), domain.Outcome{EventID: uuid.NewString(), PaymentID: p.ID, Succeeded: true, Amount: p.Amount, PaymentIntentID: "pi_paid"}); err != nil {
		t.Fatal(err)
	}
	return p
}

// waitForLedger waits until the renting's ledger has n entries and returns them by kind.
func waitForLedger(t *testing.T, e *testenv.Env, rentingID string, n int) map[domain.EntryKind][]domain.LedgerEntry {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		entries, _, err := e.Payments.Ledger(testenv.Office(), rentingID)
		if err == nil && len(entries) >= n || time.Now().After(deadline) {
			byKind := map[domain.EntryKind][]domain.LedgerEntry{}
			for _, entry := range entries {
				byKind[entry.Kind] = append(byKind[entry.Kind], entry)
			}
			return byKind
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// served publishes a contract_signed of a new renting and waits for its payment: every event
// published before is handled then.
func served(t *testing.T, e *testenv.Env, publish func(func(streams.RentingStream) string, string, proto.Message)) {
	t.Helper()
	apartment, semester := e.Bookable()
	next := uuid.NewString()
	event := signed(e, &eventsv1.RentingStateChanged{RentingId: next, ApartmentId: apartment, SemesterId: semester})
	event.EventId = uuid.NewString()
	publish(func(s streams.RentingStream) string { return s.StateChanged("CONTRACT_SIGNED") }, event.EventId, event)
	waitForPayment(t, e, next)
}

func TestDepositSettled_refund_refundsTheDepositOnceAndBooksDeductionsAndRefund_evenWhenDeliveredAgain(t *testing.T) {
	t.Parallel()
	mock := paymenttest.StartStripeMock(t)
	e := testenv.New(t, provider.NewStripe("sk_test_x", testenv.PublicURL, mock.Backends(), time.Now))
	publishAny := startRenting(t, e)
	paid := paidOnStripe(t, e)
	event := &eventsv1.DepositSettled{
		EventId: uuid.NewString(), RentingId: uuid.NewString(), DepositRentingId: paid.RentingID, DepositCents: 80000,
		Deductions:  []*eventsv1.Deduction{{Description: "Wand gestrichen", AmountCents: 12050}, {Description: "Schlüssel", AmountCents: 2500}},
		RefundCents: 65450, Method: "REFUND", Actor: "office", At: timestamppb.Now(), HandoverDate: "2026-09-30",
	}

	publishAny(settled, event.EventId, event)
	publishAny(settled, uuid.NewString(), event)
	served(t, e, publishAny)

	if n := len(mock.Requests("POST", "/v1/refunds")); n != 1 {
		t.Errorf("%d refunds asked of Stripe, want one", n)
	}
	got := waitForLedger(t, e, paid.RentingID, 5)
	if d := got[domain.KindDeduction]; len(d) != 2 || d[0].ItemCents+d[1].ItemCents != 14550 || d[0].AmountCents() != 0 {
		t.Errorf("deductions %+v, want the two damages, 145,50 € kept, 0 on the balance", d)
	}
	if r := got[domain.KindRefund]; len(r) != 1 || r[0].ItemCents != 65450 || r[0].Item != domain.ItemDeposit || r[0].Reference == "" {
		t.Errorf("refunds %+v, want one of 654,50 € of the deposit with Stripe's refund id", r)
	}
	if p, _ := e.Payments.Payment(context.Background(), paid.ID); p.RefundedCents != 65450 {
		t.Errorf("payment refunded %d cents, want 65450", p.RefundedCents)
	}
}

func TestDepositSettled_bankTransfer_booksTheOfficesTransferAndAsksStripeNothing(t *testing.T) {
	t.Parallel()
	mock := paymenttest.StartStripeMock(t)
	e := testenv.New(t, provider.NewStripe("sk_test_x", testenv.PublicURL, mock.Backends(), time.Now))
	publishAny := startRenting(t, e)
	paid := paidOnStripe(t, e)
	event := &eventsv1.DepositSettled{
		EventId: uuid.NewString(), RentingId: paid.RentingID, DepositRentingId: paid.RentingID, DepositCents: 80000,
		Deductions: []*eventsv1.Deduction{{Description: "Reinigung", AmountCents: 1}}, RefundCents: 79999,
		Method: "BANK_TRANSFER", BankReference: "SEPA-2026-0042", Actor: "office", At: timestamppb.Now(),
	}

	publishAny(settled, event.EventId, event)
	served(t, e, publishAny)

	if n := len(mock.Requests("POST", "/v1/refunds")); n != 0 {
		t.Errorf("%d refunds asked of Stripe, want none", n)
	}
	got := waitForLedger(t, e, paid.RentingID, 4)
	if r := got[domain.KindRefund]; len(r) != 1 || r[0].ItemCents != 79999 || r[0].Reference != "SEPA-2026-0042" {
		t.Errorf("refunds %+v, want the office's transfer of 799,99 € with its reference", r)
	}
	if d := got[domain.KindDeduction]; len(d) != 1 || d[0].ItemCents != 1 {
		t.Errorf("deductions %+v, want the one cent kept", d)
	}
}

func TestDepositSettled_refundOfAnUnpaidPayment_refusedAuditedNothingAskedDeductionsBooked(t *testing.T) {
	t.Parallel()
	mock := paymenttest.StartStripeMock(t)
	e := testenv.New(t, provider.NewStripe("sk_test_x", testenv.PublicURL, mock.Backends(), time.Now))
	publishAny := startRenting(t, e)
	apartment, semester := e.Bookable()
	open := e.CreatePayment(&eventsv1.RentingStateChanged{RentingId: uuid.NewString(), ApartmentId: apartment, SemesterId: semester})
	event := &eventsv1.DepositSettled{
		EventId: uuid.NewString(), RentingId: open.RentingID, DepositRentingId: open.RentingID,
		Deductions: []*eventsv1.Deduction{{Description: "Fenster", AmountCents: 100}}, RefundCents: 500, Method: "REFUND", At: timestamppb.Now(),
	}

	publishAny(settled, event.EventId, event)
	served(t, e, publishAny)

	var audited int
	if err := e.Pool.QueryRow(context.Background(),
		`SELECT count(*) FROM audit_log WHERE action = 'refuseRefund' AND subject = $1`, "payment/"+open.ID).Scan(&audited); err != nil || audited != 1 {
		t.Errorf("%d refusals audited (%v), want 1", audited, err)
	}
	if n := len(mock.Requests("POST", "/v1/refunds")); n != 0 {
		t.Errorf("%d refunds asked of Stripe, want none", n)
	}
	got := waitForLedger(t, e, open.RentingID, 2)
	if len(got[domain.KindRefund]) != 0 || len(got[domain.KindDeduction]) != 1 {
		t.Errorf("ledger %+v, want the deduction and no refund", got)
	}
}
