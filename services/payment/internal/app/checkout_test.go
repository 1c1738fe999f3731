package app_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"semesterhaus/platform/clocktest"
	"semesterhaus/proto/catalog/catalogfake"
	catalogv1 "semesterhaus/proto/gen/catalog/v1"
	"semesterhaus/services/payment/internal/adapters/provider"
	"semesterhaus/services/payment/internal/domain"
	"semesterhaus/services/payment/internal/testenv"
	"semesterhaus/services/payment/paymenttest"
)

// stripeEnv is the service with Stripe as its provider, Stripe being stripe-mock.
func stripeEnv(t *testing.T) (*testenv.Env, *paymenttest.StripeMock) {
	t.Helper()
	mock := paymenttest.StartStripeMock(t)
	clock := clocktest.Running()
	e := testenv.NewWithClock(t, provider.NewStripe("sk_test_x", testenv.PublicURL, mock.Backends(), clock.Now), clock)
	return e, mock
}

const sessions = "/v1/checkout/sessions"

func TestCheckoutFor_withinTheSessionsLifetime_sendsToTheSameSession(t *testing.T) {
	t.Parallel()
	e, mock := stripeEnv(t)
	p := e.CreatePayment(signed(e, false))
	e.Clock.Add(22 * time.Hour)

	got, err := e.Payments.CheckoutFor(context.Background(), p.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Checkout != p.Checkout || len(mock.Requests("POST", sessions)) != 1 || len(mock.Requests("POST", "")) != 1 {
		t.Errorf("after 22 h: checkout %+v of %d sessions, want the first %+v and no other request", got.Checkout, len(mock.Requests("POST", sessions)), p.Checkout)
	}
}

func TestCheckoutFor_afterTheSessionExpired_expiresItAndSendsToANewOne(t *testing.T) {
	t.Parallel()
	e, mock := stripeEnv(t)
	p := e.CreatePayment(signed(e, false))
	e.Clock.Add(25 * time.Hour)

	got, err := e.Payments.CheckoutFor(context.Background(), p.ID)
	if err != nil {
		t.Fatal(err)
	}
	created := mock.Requests("POST", sessions)
	if len(created) != 2 || created[1].IdempotencyKey != p.ID+":2" || got.CheckoutAttempt != 2 || !got.Checkout.OpenAt(e.Clock.Now()) {
		t.Fatalf("after 25 h: %d sessions (key %v), attempt %d, checkout %+v; want a second one, open now", len(created), created, got.CheckoutAttempt, got.Checkout)
	}
	if expired := mock.Requests("POST", sessions+"/"+p.Checkout.SessionID+"/expire"); len(expired) != 1 {
		t.Errorf("the old session was expired %d times at Stripe, want once before the new one", len(expired))
	}
	again, err := e.Payments.CheckoutFor(context.Background(), p.ID)
	if err != nil || again.Checkout != got.Checkout {
		t.Errorf("the next visit got %+v (%v), want the new session kept", again.Checkout, err)
	}
	if stored, _ := e.Payments.Payment(context.Background(), p.ID); stored.Link != p.Link {
		t.Errorf("the link changed to %s; the mails' link must stay %s", stored.Link, p.Link)
	}
}

func TestCheckoutFor_manyVisitsAtOnceAfterExpiry_makeOneNewSession(t *testing.T) {
	t.Parallel()
	e, mock := stripeEnv(t)
	p := e.CreatePayment(signed(e, false))
	e.Clock.Add(25 * time.Hour)

	var wg sync.WaitGroup
	seen := make([]domain.Checkout, 8)
	for i := range seen {
		wg.Go(func() {
			got, err := e.Payments.CheckoutFor(context.Background(), p.ID)
			if err != nil {
				t.Error(err)
			}
			seen[i] = got.Checkout
		})
	}
	wg.Wait()
	if n := len(mock.Requests("POST", sessions)); n != 2 {
		t.Errorf("%d sessions after 8 visits at once, want the first and one new", n)
	}
	for _, c := range seen {
		if c != seen[0] {
			t.Errorf("visits were sent to %+v and %+v: two open sessions of one payment", seen[0], c)
		}
	}
}

func TestCheckoutFor_reportedExpiredEarly_nextVisitGetsANewSession(t *testing.T) {
	t.Parallel()
	e, mock := stripeEnv(t)
	p := e.CreatePayment(signed(e, false))

	effect, err := e.Payments.Apply(context.Background(), domain.Outcome{EventID: "evt_expired", PaymentID: p.ID, Expired: true, SessionID: p.Checkout.SessionID, Amount: p.Amount})
	if err != nil || effect != domain.CheckoutClosed {
		t.Fatalf("checkout.session.expired: %v, %v; want the checkout closed", effect, err)
	}
	got, err := e.Payments.CheckoutFor(context.Background(), p.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Checkout.SessionID == p.Checkout.SessionID && len(mock.Requests("POST", sessions)) != 2 || got.Status != domain.StatusOpen {
		t.Errorf("after the expiry report: %+v, want a new session and the payment still open", got)
	}
}

func TestApply_paidInAnOlderSession_paysAndAnOldSessionsExpiryChangesNothing(t *testing.T) {
	t.Parallel()
	e, _ := stripeEnv(t)
	p := e.CreatePayment(signed(e, false))
	e.Clock.Add(25 * time.Hour)
	renewed, err := e.Payments.CheckoutFor(context.Background(), p.ID)
	if err != nil {
		t.Fatal(err)
	}

	effect, err := e.Payments.Apply(context.Background(), domain.Outcome{EventID: "evt_old_expired", PaymentID: p.ID, Expired: true, SessionID: p.Checkout.SessionID, Amount: p.Amount})
	if err != nil || effect != domain.Ignored {
		t.Errorf("the old session's expiry: %v, %v; want it ignored", effect, err)
	}
	if now, _ := e.Payments.Payment(context.Background(), p.ID); now.Checkout != renewed.Checkout {
		t.Errorf("the old session's expiry changed the current checkout to %+v", now.Checkout)
	}
	effect, err = e.Payments.Apply(context.Background(), domain.Outcome{EventID: "evt_old_paid", PaymentID: p.ID, Succeeded: true, Amount: p.Amount})
	if err != nil || effect != domain.Paid {
		t.Errorf("paid in the old session (an old tab): %v, %v; want paid", effect, err)
	}
	if paid, err := e.Payments.CheckoutFor(context.Background(), p.ID); err != nil || paid.Status != domain.StatusPaid {
		t.Errorf("the payment page after paying: %+v, %v; want the paid payment (the page sends to the done page)", paid, err)
	}
}

func TestCreateForRenting_residencesPaymentMethods_offeredInTheCheckout_cardWhereTheBuildingNamesNone(t *testing.T) {
	t.Parallel()
	for name, tt := range map[string]struct {
		rules *catalogv1.MoneyRules
		want  []string
	}{
		"card and SEPA": {&catalogv1.MoneyRules{PaymentMethods: []string{"card", "sepa_debit"}}, []string{"card", "sepa_debit"}},
		"none named":    {&catalogv1.MoneyRules{}, []string{"card"}},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			e, mock := stripeEnv(t)
			building := catalogfake.ExampleBuilding()
			building.MoneyRules = tt.rules
			e.CatalogFake.SetBuilding(building)

			e.CreatePayment(signed(e, false))

			sent := mock.Requests("POST", sessions)
			if len(sent) != 1 || !slices.Equal(methodTypes(sent[0]), tt.want) {
				t.Errorf("%d sessions, the first offering %v; want one offering %v", len(sent), methodTypes(sent[0]), tt.want)
			}
		})
	}
}

// methodTypes are the payment methods a session was asked to offer.
func methodTypes(r paymenttest.StripeRequest) []string {
	var methods []string
	for i := 0; r.Form.Has(fmt.Sprintf("payment_method_types[%d]", i)); i++ {
		methods = append(methods, r.Form.Get(fmt.Sprintf("payment_method_types[%d]", i)))
	}
	return methods
}
