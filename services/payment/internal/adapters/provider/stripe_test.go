package provider_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stripe/stripe-go/v85"

	"semesterhaus/services/payment/internal/adapters/provider"
	"semesterhaus/services/payment/internal/domain"
)

// recordedSession is what Stripe's API answers to a checkout session create (trimmed).
const recordedSession = `{"id":"cs_test_a1b2c3","object":"checkout.session","mode":"payment","status":"open",
"payment_status":"unpaid","amount_total":289050,"currency":"eur","client_reference_id":"5f4b2c1e-0000-4000-8000-000000000001",
"url":"https://checkout.stripe.com/c/pay/cs_test_a1b2c3"}`

func TestStripe_createCheckout_sendsAmountMetadataAndIdempotencyKey(t *testing.T) {
	t.Parallel()
	p := domain.Payment{ID: "5f4b2c1e-0000-4000-8000-000000000001", RentingID: "9d7e6f50-0000-4000-8000-000000000002",
		Amount: domain.Money{Cents: 289050, Currency: "EUR"}, Apartment: "1.01", Semester: "WS 2026/27"}
	var got *http.Request
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		got = r
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(recordedSession))
	}))
	t.Cleanup(api.Close)
	backends := stripe.NewBackendsWithConfig(&stripe.BackendConfig{URL: stripe.String(api.URL), MaxNetworkRetries: stripe.Int64(0)})

	link, err := provider.NewStripe("sk_test_x", "https://wohnen.example", backends).CreateCheckout(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if link != "https://checkout.stripe.com/c/pay/cs_test_a1b2c3" {
		t.Errorf("link = %q", link)
	}
	checks := map[string]string{
		"path":                                      got.URL.Path,
		"Idempotency-Key":                           got.Header.Get("Idempotency-Key"),
		"line_items[0][price_data][unit_amount]":    got.PostForm.Get("line_items[0][price_data][unit_amount]"),
		"line_items[0][price_data][currency]":       got.PostForm.Get("line_items[0][price_data][currency]"),
		"metadata[payment_id]":                      got.PostForm.Get("metadata[payment_id]"),
		"payment_intent_data[metadata][renting_id]": got.PostForm.Get("payment_intent_data[metadata][renting_id]"),
		"success_url":                               got.PostForm.Get("success_url"),
	}
	want := map[string]string{
		"path": "/v1/checkout/sessions", "Idempotency-Key": p.ID,
		"line_items[0][price_data][unit_amount]": "289050", "line_items[0][price_data][currency]": "eur",
		"metadata[payment_id]": p.ID, "payment_intent_data[metadata][renting_id]": p.RentingID,
		"success_url": "https://wohnen.example/booking/step5done?rentingId=" + p.RentingID,
	}
	for k, w := range want {
		if checks[k] != w {
			t.Errorf("%s = %q, want %q", k, checks[k], w)
		}
	}
}
