package provider

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"semesterhaus/services/payment/internal/domain"
)

//go:embed templates/checkout.html
var templates embed.FS

var checkoutPage = template.Must(template.ParseFS(templates, "templates/checkout.html"))

// Sandbox is the local provider: its checkout page is served by this service and reports like
// Stripe, through the gateway's webhook path, so the webhook is exercised exactly as in production.
type Sandbox struct {
	pages  bookingPages
	secret string
	client *http.Client
}

// NewSandbox returns the sandbox provider; its links and webhooks go to publicURL and its webhooks
// are signed with secret.
func NewSandbox(publicURL, secret string) *Sandbox {
	return &Sandbox{pages: bookingPages(publicURL), secret: secret, client: &http.Client{Timeout: 10 * time.Second}}
}

// CreateCheckout returns the payment's checkout page, which never expires; the sandbox keeps no
// sessions of its own and pays the same way whatever the methods.
func (s *Sandbox) CreateCheckout(_ context.Context, p domain.Payment, _ []string) (domain.Checkout, error) {
	return domain.Checkout{SessionID: "sandbox_" + p.ID, URL: s.pages.checkout(p.ID)}, nil
}

// ExpireCheckout has nothing to close: the sandbox's page never expires.
func (s *Sandbox) ExpireCheckout(context.Context, string) error { return nil }

// PaymentMethod is a card: the sandbox's page pays like one.
func (s *Sandbox) PaymentMethod(context.Context, string) (string, error) { return "card", nil }

// Refund gives the money back at once, as Stripe does for most card payments: the sandbox holds no
// money and answers the refund as succeeded.
func (s *Sandbox) Refund(_ context.Context, r domain.Refund, _ string) (string, domain.RefundStatus, error) {
	return "re_sandbox_" + r.ID, domain.RefundSucceeded, nil
}

// PaymentReader loads the payment a checkout page is for.
type PaymentReader interface {
	Payment(ctx context.Context, id string) (domain.Payment, error)
}

// Routes mounts the checkout page at /checkout/{paymentId} (the gateway forwards /api/checkout/...).
func (s *Sandbox) Routes(mux *http.ServeMux, payments PaymentReader, logger *slog.Logger) {
	page := checkoutHandler{sandbox: s, payments: payments, logger: logger}
	mux.HandleFunc("GET /checkout/{paymentId}", page.show)
	mux.HandleFunc("POST /checkout/{paymentId}", page.submit)
}

type checkoutHandler struct {
	sandbox  *Sandbox
	payments PaymentReader
	logger   *slog.Logger
}

func (h checkoutHandler) load(w http.ResponseWriter, r *http.Request) (domain.Payment, bool) {
	p, err := h.payments.Payment(r.Context(), r.PathValue("paymentId"))
	if errors.Is(err, domain.ErrNotFound) {
		http.Error(w, "Zahlung nicht gefunden / payment not found", http.StatusNotFound)
		return p, false
	}
	if err != nil {
		h.logger.ErrorContext(r.Context(), "checkout page", "err", err)
		http.Error(w, "Interner Fehler / internal error", http.StatusInternalServerError)
		return p, false
	}
	if p.Status == domain.StatusCanceled {
		// Stripe's session of a cancelled booking is expired; the sandbox's page closes the same way.
		http.Error(w, canceledBooking, http.StatusGone)
		return p, false
	}
	return p, true
}

func (h checkoutHandler) show(w http.ResponseWriter, r *http.Request) {
	p, ok := h.load(w, r)
	if !ok {
		return
	}
	var page bytes.Buffer
	if err := checkoutPage.Execute(&page, map[string]any{"Payment": p, "Paid": p.Status == domain.StatusPaid}); err != nil {
		h.logger.ErrorContext(r.Context(), "render checkout page", "err", err)
		http.Error(w, "Interner Fehler / internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = page.WriteTo(w)
}

// submit reports the renter's choice to the webhook like Stripe would, and sends the browser back
// to the booking: on to the done page, or back to the payment step to try again.
func (h checkoutHandler) submit(w http.ResponseWriter, r *http.Request) {
	p, ok := h.load(w, r)
	if !ok {
		return
	}
	pay := r.FormValue("outcome") == "pay"
	if err := h.sandbox.report(r.Context(), p, pay); err != nil {
		h.logger.ErrorContext(r.Context(), "sandbox webhook", "payment", p.ID, "err", err)
		http.Error(w, "Zahlungsdienst nicht erreichbar / payment provider unavailable", http.StatusBadGateway)
		return
	}
	target := h.sandbox.pages.failed(p.RentingID)
	if pay {
		target = h.sandbox.pages.done(p.RentingID)
	}
	http.Redirect(w, r, target, http.StatusSeeOther)
}

// report posts a signed Stripe event about the payment to the webhook.
func (s *Sandbox) report(ctx context.Context, p domain.Payment, pay bool) error {
	payload, err := SandboxEvent(p, pay, time.Now())
	if err != nil {
		return err
	}
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: s.secret})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.pages.webhook(), bytes.NewReader(payload))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Stripe-Signature", signed.Header)
	resp, err := s.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("webhook answered %s", resp.Status)
	}
	return nil
}

// SandboxEvent is the Stripe event the sandbox sends: checkout.session.completed (paid) or
// checkout.session.async_payment_failed, with a new event id.
func SandboxEvent(p domain.Payment, pay bool, at time.Time) ([]byte, error) {
	eventType, status := asyncPaymentFailed, "unpaid"
	if pay {
		eventType, status = sessionCompleted, "paid"
	}
	session := map[string]any{
		"id": "cs_sandbox_" + p.ID, "object": "checkout.session", "payment_status": status,
		"amount_total": p.Amount.Cents, "currency": strings.ToLower(p.Amount.Currency), "client_reference_id": p.ID,
		"payment_intent": "pi_sandbox_" + p.ID,
		"metadata":       map[string]string{"payment_id": p.ID, "renting_id": p.RentingID},
	}
	return json.Marshal(map[string]any{
		"id": "evt_sandbox_" + uuid.NewString(), "object": "event", "api_version": stripe.APIVersion,
		"created": at.Unix(), "type": eventType, "livemode": false,
		"data": map[string]any{"object": session},
	})
}
