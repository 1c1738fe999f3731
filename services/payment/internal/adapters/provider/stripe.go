package provider

import (
	"context"
	"fmt"
	"time"

	"github.com/stripe/stripe-go/v85"

	"semesterhaus/services/payment/internal/domain"
)

// checkoutLifetime is how long a Checkout Session takes payments. Stripe allows 30 minutes to 24
// hours from its creation; an hour less than the most leaves room for the clocks' difference, and
// setting it makes the service's view of the expiry exact.
const checkoutLifetime = 23 * time.Hour

// Stripe opens Stripe Checkout sessions.
type Stripe struct {
	client *stripe.Client
	pages  bookingPages
	now    func() time.Time
}

// NewStripe returns the Stripe provider with the secret key; backends nil means Stripe's API
// (STRIPE_API_URL and the tests point them at stripe-mock). The renter comes back to the booking
// pages under publicURL; now is the clock the sessions' expiry is set by.
func NewStripe(secretKey, publicURL string, backends *stripe.Backends, now func() time.Time) *Stripe {
	var options []stripe.ClientOption
	if backends != nil {
		options = append(options, stripe.WithBackends(backends))
	}
	return &Stripe{client: stripe.NewClient(secretKey, options...), pages: bookingPages(publicURL), now: now}
}

// CreateCheckout opens a Checkout session for the payment's amount, offering the payment methods
// (card, sepa_debit). The attempt's key (the payment id for the first) is the idempotency key, so a
// retry gets the same session instead of a second one.
func (s *Stripe) CreateCheckout(ctx context.Context, p domain.Payment, methods []string) (domain.Checkout, error) {
	metadata := map[string]string{"payment_id": p.ID, "renting_id": p.RentingID}
	params := &stripe.CheckoutSessionCreateParams{
		Mode:               stripe.String(string(stripe.CheckoutSessionModePayment)),
		PaymentMethodTypes: stripe.StringSlice(methods),
		ClientReferenceID:  stripe.String(p.ID),
		SuccessURL:         stripe.String(s.pages.done(p.RentingID)),
		CancelURL:          stripe.String(s.pages.pay(p.RentingID)),
		LineItems: []*stripe.CheckoutSessionCreateLineItemParams{{
			Quantity: stripe.Int64(1),
			PriceData: &stripe.CheckoutSessionCreateLineItemPriceDataParams{
				Currency:    stripe.String("eur"),
				UnitAmount:  stripe.Int64(p.Amount.Cents),
				ProductData: &stripe.CheckoutSessionCreateLineItemPriceDataProductDataParams{Name: stripe.String(p.Description())},
			},
		}},
		Metadata:  metadata,
		ExpiresAt: stripe.Int64(s.now().Add(checkoutLifetime).Unix()),
		// Failures are reported on the payment intent; it carries the same metadata to find the payment.
		PaymentIntentData: &stripe.CheckoutSessionCreatePaymentIntentDataParams{Metadata: metadata},
	}
	params.SetIdempotencyKey(p.CheckoutKey())
	session, err := s.client.V1CheckoutSessions.Create(ctx, params)
	if err != nil {
		return domain.Checkout{}, fmt.Errorf("stripe checkout session: %w", err)
	}
	return domain.Checkout{SessionID: session.ID, URL: session.URL, ExpiresAt: time.Unix(session.ExpiresAt, 0)}, nil
}

// ExpireCheckout expires the session while Stripe still has it open (Stripe refuses to expire one
// that is complete or expired already).
func (s *Stripe) ExpireCheckout(ctx context.Context, sessionID string) error {
	session, err := s.client.V1CheckoutSessions.Retrieve(ctx, sessionID, nil)
	if err != nil {
		return fmt.Errorf("stripe checkout session %s: %w", sessionID, err)
	}
	if session.Status != stripe.CheckoutSessionStatusOpen {
		return nil
	}
	if _, err := s.client.V1CheckoutSessions.Expire(ctx, sessionID, nil); err != nil {
		return fmt.Errorf("expire stripe checkout session %s: %w", sessionID, err)
	}
	return nil
}

// PaymentMethod reads the type of the PaymentMethod the PaymentIntent is paid with: neither the
// session's webhooks nor the intent name it without expanding payment_method.
func (s *Stripe) PaymentMethod(ctx context.Context, paymentIntentID string) (string, error) {
	params := &stripe.PaymentIntentRetrieveParams{}
	params.AddExpand("payment_method")
	intent, err := s.client.V1PaymentIntents.Retrieve(ctx, paymentIntentID, params)
	if err != nil {
		return "", fmt.Errorf("stripe payment intent %s: %w", paymentIntentID, err)
	}
	if intent.PaymentMethod == nil {
		return "", nil
	}
	return string(intent.PaymentMethod.Type), nil
}

// Refund asks Stripe to refund the refund's amount of the PaymentIntent that paid its payment, with
// the refund's id as idempotency key (a retry gets the same refund) and in its metadata (Stripe's
// refund events carry it back).
func (s *Stripe) Refund(ctx context.Context, r domain.Refund, paymentIntentID string) (string, domain.RefundStatus, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(paymentIntentID),
		Amount:        stripe.Int64(r.Amount.Cents),
		Metadata:      map[string]string{"refund_id": r.ID, "payment_id": r.PaymentID, "purpose": string(r.Purpose)},
	}
	params.SetIdempotencyKey(r.ID)
	refund, err := s.client.V1Refunds.Create(ctx, params)
	if err != nil {
		return "", "", fmt.Errorf("stripe refund %s: %w", r.ID, err)
	}
	return refund.ID, RefundStatus(string(refund.Status)), nil
}
