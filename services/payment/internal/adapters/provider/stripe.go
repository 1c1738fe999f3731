package provider

import (
	"context"
	"fmt"

	"github.com/stripe/stripe-go/v85"

	"semesterhaus/services/payment/internal/domain"
)

// Stripe opens Stripe Checkout sessions.
type Stripe struct {
	client *stripe.Client
	pages  bookingPages
}

// NewStripe returns the Stripe provider with the secret key; backends nil means Stripe's API
// (tests pass backends whose URL is a recorded-response server). The renter comes back to the
// booking pages under publicURL.
func NewStripe(secretKey, publicURL string, backends *stripe.Backends) *Stripe {
	var options []stripe.ClientOption
	if backends != nil {
		options = append(options, stripe.WithBackends(backends))
	}
	return &Stripe{client: stripe.NewClient(secretKey, options...), pages: bookingPages(publicURL)}
}

// CreateCheckout opens a Checkout session for the payment's amount and returns its URL. The payment
// id is the idempotency key, so a retry gets the same session instead of a second one.
func (s *Stripe) CreateCheckout(ctx context.Context, p domain.Payment) (string, error) {
	metadata := map[string]string{"payment_id": p.ID, "renting_id": p.RentingID}
	params := &stripe.CheckoutSessionCreateParams{
		Mode:              stripe.String(string(stripe.CheckoutSessionModePayment)),
		ClientReferenceID: stripe.String(p.ID),
		SuccessURL:        stripe.String(s.pages.done(p.RentingID)),
		CancelURL:         stripe.String(s.pages.pay(p.RentingID)),
		LineItems: []*stripe.CheckoutSessionCreateLineItemParams{{
			Quantity: stripe.Int64(1),
			PriceData: &stripe.CheckoutSessionCreateLineItemPriceDataParams{
				Currency:    stripe.String("eur"),
				UnitAmount:  stripe.Int64(p.Amount.Cents),
				ProductData: &stripe.CheckoutSessionCreateLineItemPriceDataProductDataParams{Name: stripe.String(p.Description())},
			},
		}},
		Metadata: metadata,
		// Failures are reported on the payment intent; it carries the same metadata to find the payment.
		PaymentIntentData: &stripe.CheckoutSessionCreatePaymentIntentDataParams{Metadata: metadata},
	}
	params.SetIdempotencyKey(p.ID)
	session, err := s.client.V1CheckoutSessions.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe checkout session: %w", err)
	}
	return session.URL, nil
}
