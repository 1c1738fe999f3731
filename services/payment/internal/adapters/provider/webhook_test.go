package provider_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"semesterhaus/platform/pgtest"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	"semesterhaus/services/payment/internal/adapters/provider"
	"semesterhaus/services/payment/internal/app"
	"semesterhaus/services/payment/internal/domain"
	"semesterhaus/services/payment/internal/testenv"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

const secret = "whsec_test"

// site is the gateway in front of the payment service: the webhook and the sandbox's checkout page
// under /api, as PUBLIC_URL serves them.
type site struct {
	env     *testenv.Env
	server  *httptest.Server
	payment domain.Payment
}

func newSite(t *testing.T) *site {
	t.Helper()
	mux := http.NewServeMux()
	server := httptest.NewServer(mux)
	t.Cleanup(server.Close)
	sandbox := provider.NewSandbox(server.URL, secret)
	e := testenv.New(t, sandbox)
	service := http.NewServeMux()
	checker := provider.WebhookChecker{Secret: secret, Tolerance: 5 * time.Minute, Now: time.Now}
	service.Handle("POST /webhooks/payment", provider.WebhookHandler(e.Payments, checker, e.Logger))
	sandbox.Routes(service, e.Payments, e.Logger)
	provider.PaymentPageRoute(service, e.Payments, server.URL, e.Logger)
	mux.Handle("/api/", http.StripPrefix("/api", service))

	apartment, semester := e.Bookable()
	p := e.CreatePayment(&eventsv1.RentingStateChanged{RentingId: uuid.NewString(), ApartmentId: apartment, SemesterId: semester})
	return &site{env: e, server: server, payment: p}
}

// post sends a webhook signed at the given time with key and returns the status code.
func (s *site) post(t *testing.T, payload []byte, signedAt time.Time, key string) int {
	t.Helper()
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: key, Timestamp: signedAt})
	req, _ := http.NewRequest(http.MethodPost, s.server.URL+"/api/webhooks/payment", bytes.NewReader(payload))
	req.Header.Set("Stripe-Signature", signed.Header)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func (s *site) event(t *testing.T, pay bool) []byte {
	t.Helper()
	return s.eventFor(t, s.payment, pay)
}

// eventFor is the provider's report about the payment as p states it (another amount, say).
func (s *site) eventFor(t *testing.T, p domain.Payment, pay bool) []byte {
	t.Helper()
	payload, err := provider.SandboxEvent(p, pay, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return payload
}

func (s *site) status(t *testing.T) domain.Status {
	t.Helper()
	p, err := s.env.Payments.Payment(context.Background(), s.payment.ID)
	if err != nil {
		t.Fatal(err)
	}
	return p.Status
}

func TestWebhook_sameEvent20Times5AtATime_paysOnceAndPublishesOnce(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	payload := s.event(t, true)
	codes := make(chan int, 20)
	slots := make(chan struct{}, 5)
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			codes <- s.post(t, payload, time.Now(), secret)
		})
	}
	wg.Wait()
	close(codes)
	for code := range codes {
		if code/100 != 2 {
			t.Errorf("webhook answered %d", code)
		}
	}
	if got := s.status(t); got != domain.StatusPaid {
		t.Errorf("status %s, want PAID", got)
	}
	if n := s.env.Count(s.env.Events().Succeeded(), 2*time.Second); n != 1 {
		t.Errorf("%d payment.succeeded events, want 1", n)
	}
	var recorded int
	if err := s.env.Pool.QueryRow(context.Background(), "SELECT count(*) FROM webhook_event").Scan(&recorded); err != nil || recorded != 1 {
		t.Errorf("%d webhook events recorded (%v), want 1", recorded, err)
	}
}

func TestWebhook_badSignatureOrTimestampOutOfTolerance_400AndNothingChanges(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	payload := s.event(t, true)
	tests := []struct {
		name     string
		signedAt time.Time
		key      string
	}{
		{"wrong secret", time.Now(), "whsec_wrong"},
		{"older than 5 minutes", time.Now().Add(-6 * time.Minute), secret},
		{"more than 5 minutes in the future", time.Now().Add(6 * time.Minute), secret},
	}
	for _, tt := range tests {
		if code := s.post(t, payload, tt.signedAt, tt.key); code != http.StatusBadRequest {
			t.Errorf("%s: HTTP %d, want 400", tt.name, code)
		}
	}
	if got := s.status(t); got != domain.StatusOpen {
		t.Errorf("status %s, want OPEN", got)
	}
	if n := s.env.Count(s.env.Events().Succeeded(), 500*time.Millisecond); n != 0 {
		t.Errorf("%d payment.succeeded events, want 0", n)
	}
}

func TestWebhook_reportAboutAnotherAmountOrCurrency_422StaysUnpaidAndAuditedOnce(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	oneCent, dollars := s.payment, s.payment
	oneCent.Amount.Cents = 1
	dollars.Amount.Currency = "USD"
	for _, forged := range []domain.Payment{oneCent, dollars} {
		payload := s.eventFor(t, forged, true)
		if code := s.post(t, payload, time.Now(), secret); code != http.StatusUnprocessableEntity {
			t.Errorf("report of %d %s for a payment of %d %s: HTTP %d, want 422",
				forged.Amount.Cents, forged.Amount.Currency, s.payment.Amount.Cents, s.payment.Amount.Currency, code)
		}
		if code := s.post(t, payload, time.Now(), secret); code/100 != 2 {
			t.Errorf("the same report again: HTTP %d, want 2xx (known, ignored)", code)
		}
	}
	if got := s.status(t); got != domain.StatusOpen {
		t.Errorf("status %s, want OPEN", got)
	}
	if n := s.env.Count(s.env.Events().Succeeded(), 500*time.Millisecond); n != 0 {
		t.Errorf("%d payment.succeeded events, want 0", n)
	}
	var audited int
	err := s.env.Pool.QueryRow(context.Background(),
		`SELECT count(*) FROM audit_log WHERE action = 'refusePaymentReport' AND subject = $1`, "payment/"+s.payment.ID).Scan(&audited)
	if err != nil || audited != 2 {
		t.Errorf("%d audit entries (%v), want 2: one per refused report, none for its replay", audited, err)
	}
	if code := s.post(t, s.event(t, true), time.Now(), secret); code/100 != 2 || s.status(t) != domain.StatusPaid {
		t.Errorf("the report of the asked amount afterwards: HTTP %d, status %s; want 2xx and PAID", code, s.status(t))
	}
}

func TestWebhook_failureKeepsPaymentOpen_laterSuccessPays(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	if code := s.post(t, s.event(t, false), time.Now(), secret); code/100 != 2 {
		t.Fatalf("failure webhook: HTTP %d", code)
	}
	if got := s.status(t); got != domain.StatusFailed {
		t.Errorf("after the failure: status %s, want FAILED (still payable)", got)
	}
	if code := s.post(t, s.event(t, true), time.Now(), secret); code/100 != 2 {
		t.Fatalf("success webhook: HTTP %d", code)
	}
	if code := s.post(t, s.event(t, false), time.Now(), secret); code/100 != 2 {
		t.Fatalf("late failure webhook: HTTP %d", code)
	}
	if got := s.status(t); got != domain.StatusPaid {
		t.Errorf("status %s, want PAID", got)
	}
	if failed, succeeded := s.env.Count(s.env.Events().Failed(), time.Second), s.env.Count(s.env.Events().Succeeded(), time.Second); failed != 1 || succeeded != 1 {
		t.Errorf("%d payment.failed and %d payment.succeeded events, want 1 each", failed, succeeded)
	}
}

func TestSandboxCheckout_payButton_paysAndReturnsToBooking(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	page, err := http.Get(s.payment.Checkout.URL)
	if err != nil {
		t.Fatal(err)
	}
	var body bytes.Buffer
	_, _ = body.ReadFrom(page.Body)
	page.Body.Close()
	for _, want := range []string{"Bezahlen", "Pay", "Fehlschlagen", "Fail", s.payment.Amount.Format("de"), s.payment.Apartment} {
		if !strings.Contains(body.String(), want) {
			t.Errorf("checkout page lacks %q", want)
		}
	}
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noRedirect.PostForm(s.payment.Checkout.URL, url.Values{"outcome": {"pay"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if want := s.server.URL + "/booking/step5done?rentingId=" + s.payment.RentingID; resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != want {
		t.Errorf("HTTP %d to %q, want 303 to %q", resp.StatusCode, resp.Header.Get("Location"), want)
	}
	if got := s.status(t); got != domain.StatusPaid {
		t.Errorf("status %s, want PAID", got)
	}
}

func TestWebhookChecker_timeStampOutOfToleranceOrAmbiguous_refused(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 9, 1, 12, 0, 0, 0, time.UTC)
	checker := provider.WebhookChecker{Secret: secret, Tolerance: 5 * time.Minute, Now: func() time.Time { return now }}
	payload, err := provider.SandboxEvent(domain.Payment{ID: uuid.NewString(), Amount: domain.Money{Cents: 408500, Currency: "EUR"}}, true, now)
	if err != nil {
		t.Fatal(err)
	}
	header := func(at time.Time) string {
		return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: at}).Header
	}
	tests := []struct {
		name   string
		header string
		ok     bool
	}{
		{"now", header(now), true},
		{"at the edge of the past", header(now.Add(-5 * time.Minute)), true},
		{"at the edge of the future", header(now.Add(5 * time.Minute)), true},
		{"a second too old", header(now.Add(-5*time.Minute - time.Second)), false},
		{"a second too far ahead", header(now.Add(5*time.Minute + time.Second)), false},
		{"a day ahead", header(now.Add(24 * time.Hour)), false},
		{"a second time stamp", header(now) + ",t=" + strconv.FormatInt(now.Add(time.Hour).Unix(), 10), false},
		{"no time stamp", strings.Join(strings.Split(header(now), ",")[1:], ","), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			report, err := checker.Parse(payload, tt.header)
			outcome := report.Payment
			if tt.ok && (err != nil || outcome.Amount != (domain.Money{Cents: 408500, Currency: "EUR"})) {
				t.Errorf("Parse = %+v, %v; want the outcome with its amount", outcome, err)
			}
			if !tt.ok && !errors.Is(err, provider.ErrSignature) {
				t.Errorf("Parse = %v, want ErrSignature", err)
			}
		})
	}
}

// visit opens the payment page of id and returns where it sends the renter.
func (s *site) visit(t *testing.T, id string) (int, string) {
	t.Helper()
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noRedirect.Get(s.server.URL + "/api/pay/" + id)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode, resp.Header.Get("Location")
}

func TestPaymentPage_sendsToTheOpenCheckoutThenOncePaidToTheDonePage(t *testing.T) {
	t.Parallel()
	s := newSite(t)

	if code, to := s.visit(t, s.payment.ID); code != http.StatusSeeOther || to != s.payment.Checkout.URL {
		t.Errorf("unpaid: HTTP %d to %q, want 303 to the checkout %q", code, to, s.payment.Checkout.URL)
	}
	if code := s.post(t, s.event(t, true), time.Now(), secret); code != http.StatusNoContent {
		t.Fatalf("payment webhook: HTTP %d", code)
	}
	if code, to := s.visit(t, s.payment.ID); code != http.StatusSeeOther || to != s.server.URL+"/booking/step5done?rentingId="+s.payment.RentingID {
		t.Errorf("paid: HTTP %d to %q, want 303 to the booking's done page", code, to)
	}
	for _, unknown := range []string{uuid.NewString(), "no-uuid"} {
		if code, _ := s.visit(t, unknown); code != http.StatusNotFound {
			t.Errorf("payment %s: HTTP %d, want 404", unknown, code)
		}
	}
}

func TestPaymentPage_cancelledBooking_saysSoInBothLanguagesAndTakesNoPayment(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	if err := s.env.Cancel(app.Cancellation{EventID: uuid.NewString(), RentingID: s.payment.RentingID}); err != nil {
		t.Fatal(err)
	}

	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	pages := map[string]func() (*http.Response, error){
		"payment page":     func() (*http.Response, error) { return noRedirect.Get(s.server.URL + "/api/pay/" + s.payment.ID) },
		"sandbox checkout": func() (*http.Response, error) { return noRedirect.Get(s.payment.Checkout.URL) },
		"sandbox's pay button": func() (*http.Response, error) {
			return noRedirect.PostForm(s.payment.Checkout.URL, url.Values{"outcome": {"pay"}})
		},
	}
	for name, visit := range pages {
		resp, err := visit()
		if err != nil {
			t.Fatal(err)
		}
		var body bytes.Buffer
		_, _ = body.ReadFrom(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusGone || !strings.Contains(body.String(), "Buchung wurde storniert") || !strings.Contains(body.String(), "booking was cancelled") {
			t.Errorf("%s: HTTP %d %q, want 410 saying the booking was cancelled, de and en", name, resp.StatusCode, body.String())
		}
	}
	if got := s.status(t); got != domain.StatusCanceled {
		t.Errorf("status %s, want CANCELED", got)
	}
	if n := s.env.Count(s.env.Events().Succeeded(), time.Second); n != 0 {
		t.Errorf("%d payment.succeeded events for a cancelled booking", n)
	}
}

func TestWebhook_checkoutSessionExpired_closesTheCurrentCheckoutAndLeavesThePaymentOpen(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	expired := s.expiredEvent(t)

	if code := s.post(t, expired, time.Now(), secret); code != http.StatusNoContent {
		t.Fatalf("checkout.session.expired: HTTP %d, want 204", code)
	}
	p, err := s.env.Payments.Payment(context.Background(), s.payment.ID)
	if err != nil {
		t.Fatal(err)
	}
	if p.Status != domain.StatusOpen || p.Checkout.OpenAt(time.Now()) {
		t.Errorf("after the expiry: status %s, checkout %+v; want the payment open and its checkout closed", p.Status, p.Checkout)
	}
	if code, to := s.visit(t, s.payment.ID); code != http.StatusSeeOther || to != s.payment.Checkout.URL {
		t.Errorf("after the expiry the page sends to %q (HTTP %d), want a new checkout", to, code)
	}
	if now, _ := s.env.Payments.Payment(context.Background(), s.payment.ID); now.CheckoutAttempt != 2 || !now.Checkout.OpenAt(time.Now()) {
		t.Errorf("after the visit: attempt %d, checkout %+v; want the second, open", now.CheckoutAttempt, now.Checkout)
	}
}

// expiredEvent is Stripe's checkout.session.expired about the payment's current session.
func (s *site) expiredEvent(t *testing.T) []byte {
	t.Helper()
	expired, err := json.Marshal(map[string]any{
		"id": "evt_expired_" + s.payment.ID, "object": "event", "type": "checkout.session.expired", "created": time.Now().Unix(),
		"data": map[string]any{"object": map[string]any{
			"id": s.payment.Checkout.SessionID, "object": "checkout.session", "status": "expired",
			"amount_total": s.payment.Amount.Cents, "currency": "eur", "metadata": map[string]string{"payment_id": s.payment.ID},
		}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return expired
}

func TestWebhook_forgedOrReplayedExpiryReport_closesNoOpenCheckout(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	expired := s.expiredEvent(t)
	checkout := func() domain.Payment {
		p, err := s.env.Payments.Payment(context.Background(), s.payment.ID)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}

	// Signed with another key, as someone who knows the session id but not the endpoint's secret.
	if code := s.post(t, expired, time.Now(), "whsec_forged"); code != http.StatusBadRequest {
		t.Errorf("a forged expiry report: HTTP %d, want 400", code)
	}
	if p := checkout(); p.Checkout != s.payment.Checkout || p.CheckoutAttempt != 1 {
		t.Errorf("after a forged expiry report: checkout %+v (attempt %d), want the first one untouched", p.Checkout, p.CheckoutAttempt)
	}
	if code := s.post(t, expired, time.Now(), secret); code != http.StatusNoContent {
		t.Fatalf("the real expiry report: HTTP %d", code)
	}
	s.visit(t, s.payment.ID) // the renter comes back: a new session
	renewed := checkout()
	// The same report again, as Stripe retries it or someone who captured it sends it once more.
	if code := s.post(t, expired, time.Now(), secret); code != http.StatusNoContent {
		t.Errorf("the expiry report again: HTTP %d, want 204 (already applied)", code)
	}
	if p := checkout(); p.Checkout != renewed.Checkout || p.CheckoutAttempt != 2 || !p.Checkout.OpenAt(time.Now()) {
		t.Errorf("after the replayed expiry report: checkout %+v (attempt %d), want the renewed %+v still open", p.Checkout, p.CheckoutAttempt, renewed.Checkout)
	}
}

// refundEvent is Stripe's event of type about a refund object, as Stripe sends it.
func refundEvent(t *testing.T, eventType string, refund map[string]any) []byte {
	t.Helper()
	refund["object"] = "refund"
	payload, err := json.Marshal(map[string]any{
		"id": "evt_" + uuid.NewString(), "object": "event", "api_version": stripe.APIVersion, "created": time.Now().Unix(),
		"type": eventType, "livemode": false, "data": map[string]any{"object": refund},
	})
	if err != nil {
		t.Fatal(err)
	}
	return payload
}

func TestWebhook_refundFailed_marksTheRefundFailedOnce_unknownRefundIgnored(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	if code := s.post(t, s.event(t, true), time.Now(), secret); code != http.StatusNoContent {
		t.Fatalf("payment webhook: HTTP %d", code)
	}
	cancel := app.Cancellation{EventID: uuid.NewString(), RentingID: s.payment.RentingID, RefundCents: 50_000}
	if err := s.env.Cancel(cancel); err != nil {
		t.Fatal(err)
	}
	var refundID, providerID string
	if err := s.env.Pool.QueryRow(context.Background(), "SELECT id::text, provider_refund_id FROM refund").Scan(&refundID, &providerID); err != nil {
		t.Fatal(err)
	}
	failed := func() []byte {
		return refundEvent(t, "refund.failed", map[string]any{
			"id": providerID, "amount": cancel.RefundCents, "currency": "eur", "status": "failed",
			"failure_reason": "expired_or_canceled_card", "payment_intent": "pi_sandbox_" + s.payment.ID,
			"metadata": map[string]string{"refund_id": refundID, "payment_id": s.payment.ID},
		})
	}
	unknown := refundEvent(t, "refund.updated", map[string]any{"id": "re_another_system", "amount": 100, "currency": "eur", "status": "succeeded", "metadata": map[string]string{}})

	for _, payload := range [][]byte{failed(), failed(), unknown} {
		if code := s.post(t, payload, time.Now(), secret); code != http.StatusNoContent {
			t.Errorf("refund webhook: HTTP %d, want 204", code)
		}
	}

	var status, reason string
	if err := s.env.Pool.QueryRow(context.Background(), "SELECT status, reason FROM refund WHERE id = $1", refundID).Scan(&status, &reason); err != nil || status != "FAILED" || reason != "expired_or_canceled_card" {
		t.Errorf("refund %s (%s, %v), want FAILED with Stripe's reason", status, reason, err)
	}
	if p, _ := s.env.Payments.Payment(context.Background(), s.payment.ID); p.RefundedCents != 0 {
		t.Errorf("refunded %d cents after the refund failed, want 0", p.RefundedCents)
	}
	if n := s.env.Count(s.env.Events().RefundUpdated(), time.Second); n != 2 {
		t.Errorf("%d payment.refund_updated events, want 2 (asked, failed)", n)
	}
}

// disputeEvent is Stripe's event of type about a dispute of the PaymentIntent pi, as Stripe sends it.
// TestWebhook_forgedOrStaleRefundAndDisputeReports_400AndNothingChanges sends the reports that move
// money back, a refund's failure and a dispute, as an attacker would: signed with another secret, or
// signed but older or newer than the tolerance. Each is refused with 400; the refund stays as Stripe
// answered it, the payment keeps no dispute, and nothing is published.
func TestWebhook_forgedOrStaleRefundAndDisputeReports_400AndNothingChanges(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	if code := s.post(t, s.event(t, true), time.Now(), secret); code != http.StatusNoContent {
		t.Fatalf("payment webhook: HTTP %d", code)
	}
	cancel := app.Cancellation{EventID: uuid.NewString(), RentingID: s.payment.RentingID, RefundCents: 50_000}
	if err := s.env.Cancel(cancel); err != nil {
		t.Fatal(err)
	}
	var refundID, providerID, asked string
	if err := s.env.Pool.QueryRow(context.Background(), "SELECT id::text, provider_refund_id, status FROM refund").Scan(&refundID, &providerID, &asked); err != nil {
		t.Fatal(err)
	}
	reports := map[string][]byte{
		"refund.failed": refundEvent(t, "refund.failed", map[string]any{
			"id": providerID, "amount": cancel.RefundCents, "currency": "eur", "status": "failed",
			"failure_reason": "expired_or_canceled_card", "payment_intent": "pi_sandbox_" + s.payment.ID,
			"metadata": map[string]string{"refund_id": refundID, "payment_id": s.payment.ID},
		}),
		"charge.dispute.created": disputeEvent(t, "charge.dispute.created", "pi_sandbox_"+s.payment.ID, "needs_response", s.payment.Amount.Cents),
	}
	forgeries := []struct {
		name     string
		signedAt time.Time
		key      string
	}{
		{"another secret", time.Now(), "whsec_attacker"},
		{"signed 6 minutes ago", time.Now().Add(-6 * time.Minute), secret},
		{"signed 6 minutes ahead", time.Now().Add(6 * time.Minute), secret},
	}
	for kind, payload := range reports {
		for _, f := range forgeries {
			if code := s.post(t, payload, f.signedAt, f.key); code != http.StatusBadRequest {
				t.Errorf("%s, %s: HTTP %d, want 400", kind, f.name, code)
			}
		}
	}

	var status string
	if err := s.env.Pool.QueryRow(context.Background(), "SELECT status FROM refund WHERE id = $1", refundID).Scan(&status); err != nil || status != asked {
		t.Errorf("refund %s (%v) after forged reports, want %s as Stripe answered", status, err, asked)
	}
	if p, err := s.env.Payments.Payment(context.Background(), s.payment.ID); err != nil || p.Dispute != (domain.Dispute{}) {
		t.Errorf("payment has dispute %+v (%v) after forged reports, want none", p.Dispute, err)
	}
	if n := s.env.Count(s.env.Events().Disputed(), 500*time.Millisecond); n != 0 {
		t.Errorf("%d payment.disputed events, want 0", n)
	}
	if n := s.env.Count(s.env.Events().RefundUpdated(), 500*time.Millisecond); n != 1 {
		t.Errorf("%d payment.refund_updated events, want 1 (the refund asked)", n)
	}
}

func disputeEvent(t *testing.T, eventType, pi, status string, cents int64) []byte {
	t.Helper()
	payload, err := json.Marshal(map[string]any{
		"id": "evt_" + uuid.NewString(), "object": "event", "api_version": stripe.APIVersion, "created": time.Now().Unix(),
		"type": eventType, "livemode": false, "data": map[string]any{"object": map[string]any{
			"id": "dp_1", "object": "dispute", "amount": cents, "currency": "eur", "status": status,
			"reason": "fraudulent", "charge": "ch_1", "payment_intent": pi,
		}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return payload
}

func TestWebhook_dispute_storedOnThePaymentAndPublishedOncePerChange_unknownIgnored(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	if code := s.post(t, s.event(t, true), time.Now(), secret); code != http.StatusNoContent {
		t.Fatalf("payment webhook: HTTP %d", code)
	}
	pi := "pi_sandbox_" + s.payment.ID
	created := disputeEvent(t, "charge.dispute.created", pi, "needs_response", s.payment.Amount.Cents)
	for _, payload := range [][]byte{
		created, created,
		disputeEvent(t, "charge.dispute.funds_withdrawn", pi, "needs_response", s.payment.Amount.Cents),
		disputeEvent(t, "charge.dispute.closed", pi, "lost", s.payment.Amount.Cents),
		disputeEvent(t, "charge.dispute.created", "pi_another_system", "needs_response", 100),
	} {
		if code := s.post(t, payload, time.Now(), secret); code != http.StatusNoContent {
			t.Errorf("dispute webhook: HTTP %d, want 204", code)
		}
	}

	p, err := s.env.Payments.Payment(context.Background(), s.payment.ID)
	want := domain.Dispute{ID: "dp_1", Status: "lost", Reason: "fraudulent", Amount: s.payment.Amount}
	if err != nil || p.Dispute != want || p.Status != domain.StatusPaid {
		t.Errorf("payment %s with dispute %+v (%v), want PAID with %+v", p.Status, p.Dispute, err, want)
	}
	if n := s.env.Count(s.env.Events().Disputed(), time.Second); n != 2 {
		t.Errorf("%d payment.disputed events, want 2 (needs_response, lost)", n)
	}
}

// sessionEvent is Stripe's event of type about the payment's checkout session with its
// payment_status, as Stripe sends it for a SEPA debit.
func sessionEvent(t *testing.T, p domain.Payment, eventType, paymentStatus string) []byte {
	t.Helper()
	payload, err := json.Marshal(map[string]any{
		"id": "evt_" + uuid.NewString(), "object": "event", "api_version": stripe.APIVersion, "created": time.Now().Unix(),
		"type": eventType, "livemode": false, "data": map[string]any{"object": map[string]any{
			"id": p.Checkout.SessionID, "object": "checkout.session", "status": "complete", "payment_status": paymentStatus,
			"amount_total": p.Amount.Cents, "currency": "eur", "payment_intent": "pi_sepa", "client_reference_id": p.ID,
			"payment_method_types": []string{"card", "sepa_debit"},
			"metadata":             map[string]string{"payment_id": p.ID, "renting_id": p.RentingID},
		}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return payload
}

func TestWebhook_sepaDebit_processingUntilStripeReportsItPaidOrFailed(t *testing.T) {
	t.Parallel()
	for name, tt := range map[string]struct {
		eventType string
		want      domain.Status
	}{
		"paid":   {"checkout.session.async_payment_succeeded", domain.StatusPaid},
		"failed": {"checkout.session.async_payment_failed", domain.StatusFailed},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := newSite(t)
			completed := sessionEvent(t, s.payment, "checkout.session.completed", "unpaid")
			for range 2 {
				if code := s.post(t, completed, time.Now(), secret); code != http.StatusNoContent {
					t.Fatalf("completed: HTTP %d", code)
				}
			}
			if got := s.status(t); got != domain.StatusProcessing {
				t.Fatalf("after the completed checkout: %s, want PROCESSING", got)
			}
			if code, _ := s.visit(t, s.payment.ID); code != http.StatusOK {
				t.Errorf("payment page while the debit is under way: HTTP %d, want 200 saying so", code)
			}

			status := map[domain.Status]string{domain.StatusPaid: "paid", domain.StatusFailed: "unpaid"}[tt.want]
			if code := s.post(t, sessionEvent(t, s.payment, tt.eventType, status), time.Now(), secret); code != http.StatusNoContent {
				t.Fatalf("%s: HTTP %d", tt.eventType, code)
			}
			if got := s.status(t); got != tt.want {
				t.Errorf("after %s: %s, want %s", tt.eventType, got, tt.want)
			}
			if n := s.env.Count(s.env.Events().Processing(), time.Second); n != 1 {
				t.Errorf("%d payment.processing events, want 1", n)
			}
			if tt.want == domain.StatusFailed {
				if code, to := s.visit(t, s.payment.ID); code != http.StatusSeeOther || to != s.payment.Checkout.URL {
					t.Errorf("after the failed debit the link sends (%d) to %q, want the checkout again", code, to)
				}
			}
		})
	}
}
