package provider_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"semesterhaus/services/payment/internal/adapters/provider"
	"semesterhaus/services/payment/internal/domain"
	"semesterhaus/services/payment/paymenttest"
)

func stripePayment(attempt int) domain.Payment {
	return domain.Payment{ID: "5f4b2c1e-0000-4000-8000-000000000001", RentingID: "9d7e6f50-0000-4000-8000-000000000002",
		Amount: domain.Money{Cents: 289050, Currency: "EUR"}, Apartment: "1.01", Semester: "WS 2026/27", CheckoutAttempt: attempt}
}

func TestStripe_createCheckout_sendsAmountMetadataExpiryAndTheAttemptsKeyAsStripeDescribesThem(t *testing.T) {
	t.Parallel()
	mock := paymenttest.StartStripeMock(t)
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	stripe := provider.NewStripe("sk_test_x", "https://wohnen.example", mock.Backends(), func() time.Time { return now })

	for attempt, key := range map[int]string{1: stripePayment(1).ID, 2: stripePayment(1).ID + ":2"} {
		checkout, err := stripe.CreateCheckout(context.Background(), stripePayment(attempt), []string{"card", "sepa_debit"})
		if err != nil {
			t.Fatalf("attempt %d: %v (stripe-mock checks the parameters against Stripe's description)", attempt, err)
		}
		if checkout.SessionID == "" || checkout.URL == "" || !checkout.ExpiresAt.Equal(now.Add(23*time.Hour)) {
			t.Errorf("attempt %d: checkout %+v, want a session open 23 hours", attempt, checkout)
		}
		sent := mock.Requests("POST", "/v1/checkout/sessions")
		got := sent[len(sent)-1]
		want := map[string]string{
			"line_items[0][price_data][unit_amount]": "289050", "line_items[0][price_data][currency]": "eur",
			"metadata[payment_id]": stripePayment(1).ID, "payment_intent_data[metadata][renting_id]": stripePayment(1).RentingID,
			"success_url":             "https://wohnen.example/booking/step5done?rentingId=" + stripePayment(1).RentingID,
			"expires_at":              strconv.FormatInt(now.Add(23*time.Hour).Unix(), 10),
			"payment_method_types[0]": "card", "payment_method_types[1]": "sepa_debit",
		}
		for k, w := range want {
			if got.Form.Get(k) != w {
				t.Errorf("attempt %d: %s = %q, want %q", attempt, k, got.Form.Get(k), w)
			}
		}
		if got.IdempotencyKey != key {
			t.Errorf("attempt %d: Idempotency-Key %q, want %q", attempt, got.IdempotencyKey, key)
		}
	}
}

func TestStripe_expireCheckout_expiresASessionStripeStillHasOpen(t *testing.T) {
	t.Parallel()
	mock := paymenttest.StartStripeMock(t)
	stripe := provider.NewStripe("sk_test_x", "https://wohnen.example", mock.Backends(), time.Now)

	// stripe-mock answers every session as open.
	if err := stripe.ExpireCheckout(context.Background(), "cs_test_old"); err != nil {
		t.Fatal(err)
	}
	if got := mock.Requests("GET", "/v1/checkout/sessions/cs_test_old"); len(got) != 1 {
		t.Errorf("%d reads of the session, want 1", len(got))
	}
	if got := mock.Requests("POST", "/v1/checkout/sessions/cs_test_old/expire"); len(got) != 1 {
		t.Errorf("%d expirations of the open session, want 1", len(got))
	}
}

func TestStripe_paymentMethod_readsTheTypeOfTheIntentsExpandedPaymentMethod(t *testing.T) {
	t.Parallel()
	mock := paymenttest.StartStripeMock(t)
	stripe := provider.NewStripe("sk_test_x", "https://wohnen.example", mock.Backends(), time.Now)

	method, err := stripe.PaymentMethod(context.Background(), "pi_paid")
	if err != nil {
		t.Fatal(err)
	}
	asked := mock.Requests("GET", "/v1/payment_intents/pi_paid")
	if len(asked) != 1 {
		t.Fatalf("%d reads of the payment intent, want 1", len(asked))
	}
	// stripe-mock answers its fixture: a card payment method, expanded as asked.
	if method != "card" {
		t.Errorf("method %q, want the fixture's card", method)
	}
}
