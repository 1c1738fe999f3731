package app_test

import (
	"context"
	"errors"
	"strconv"
	"testing"
	"time"

	"github.com/google/uuid"

	paymentv1 "semesterhaus/proto/gen/payment/v1"
	"semesterhaus/services/payment/internal/app"
	"semesterhaus/services/payment/internal/domain"
	"semesterhaus/services/payment/internal/testenv"
)

// paidInStripe is a payment the renter paid through Stripe's PaymentIntent pi.
func paidInStripe(t *testing.T, e *testenv.Env, pi string) domain.Payment {
	t.Helper()
	p := e.CreatePayment(signed(e, false))
	if _, err := e.Payments.Apply(context.Background(), domain.Outcome{
		EventID: uuid.NewString(), PaymentID: p.ID, Succeeded: true, Amount: p.Amount, PaymentIntentID: pi,
	}); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCancel_paidBookingWithARefund_refundsItOnceThroughStripe_evenWhenDeliveredAgain(t *testing.T) {
	t.Parallel()
	e, mock := stripeEnv(t)
	p := paidInStripe(t, e, "pi_paid")
	cancel := app.Cancellation{EventID: uuid.NewString(), RentingID: p.RentingID, RefundCents: p.Amount.Cents - 80_000}

	for range 2 {
		if err := e.Cancel(cancel); err != nil {
			t.Fatal(err)
		}
	}

	asked := mock.Requests("POST", "/v1/refunds")
	if len(asked) != 1 {
		t.Fatalf("%d refunds asked of Stripe, want 1", len(asked))
	}
	for k, want := range map[string]string{
		"payment_intent": "pi_paid", "amount": strconv.FormatInt(cancel.RefundCents, 10), "metadata[payment_id]": p.ID, "metadata[purpose]": "CANCELLATION",
	} {
		if got := asked[0].Form.Get(k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	if key := asked[0].IdempotencyKey; key == "" || key != asked[0].Form.Get("metadata[refund_id]") {
		t.Errorf("Idempotency-Key %q, want the refund's id %q", key, asked[0].Form.Get("metadata[refund_id]"))
	}
	if n := e.Count(e.Events().RefundUpdated(), time.Second); n != 1 {
		t.Errorf("%d payment.refund_updated events, want 1", n)
	}
	got, err := e.GRPC("document").PaymentOfRenting(context.Background(), &paymentv1.PaymentOfRentingRequest{RentingId: p.RentingID})
	if err != nil || got.GetStatus() != "PAID" || got.GetRefundedCents() != cancel.RefundCents || got.GetMethod() != "card" {
		t.Errorf("gRPC: %v by %q refunded %d cents (%v), want PAID by card (stripe-mock's intent) refunded %d",
			got.GetStatus(), got.GetMethod(), got.GetRefundedCents(), err, cancel.RefundCents)
	}
}

func TestCancel_refundLargerThanWhatIsLeft_refusedAndNothingAsked(t *testing.T) {
	t.Parallel()
	e, mock := stripeEnv(t)
	p := paidInStripe(t, e, "pi_paid")
	first := app.Cancellation{EventID: uuid.NewString(), RentingID: p.RentingID, RefundCents: p.Amount.Cents - 1}
	if err := e.Cancel(first); err != nil {
		t.Fatal(err)
	}

	tooMuch := app.Cancellation{EventID: uuid.NewString(), RentingID: p.RentingID, RefundCents: 2}
	if err := e.Cancel(tooMuch); !errors.Is(err, domain.ErrRefundTooLarge) {
		t.Errorf("err = %v, want ErrRefundTooLarge", err)
	}
	if n := len(mock.Requests("POST", "/v1/refunds")); n != 1 {
		t.Errorf("%d refunds asked of Stripe, want only the first", n)
	}
	stored, _ := e.Payments.Payment(context.Background(), p.ID)
	if stored.RefundedCents != first.RefundCents {
		t.Errorf("refunded %d cents, want %d", stored.RefundedCents, first.RefundCents)
	}
}
