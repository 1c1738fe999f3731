package nats_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/proto"

	"semesterhaus/platform/natsprovision"
	"semesterhaus/platform/natstest"
	"semesterhaus/platform/pgtest"
	"semesterhaus/proto/events/v1/streams"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	natsadapter "semesterhaus/services/payment/internal/adapters/nats"
	"semesterhaus/services/payment/internal/adapters/provider"
	"semesterhaus/services/payment/internal/app"
	"semesterhaus/services/payment/internal/domain"
	"semesterhaus/services/payment/internal/testenv"
	"semesterhaus/services/payment/paymenttest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// start runs the consumer on a renting stream of the test's own and returns a publisher of the
// renting's contract_signed event, under a new event id each time.
func start(t *testing.T, e *testenv.Env) func(renting *eventsv1.RentingStateChanged) {
	t.Helper()
	publish := startStates(t, e)
	return func(renting *eventsv1.RentingStateChanged) { publish(signed(e, renting)) }
}

// startStates is start with a publisher of any state change: the event, under a new event id.
func startStates(t *testing.T, e *testenv.Env) func(event *eventsv1.RentingStateChanged) {
	publish := startRenting(t, e)
	return func(event *eventsv1.RentingStateChanged) {
		t.Helper()
		event = proto.CloneOf(event)
		event.EventId = uuid.NewString()
		publish(func(s streams.RentingStream) string { return s.StateChanged(event.GetToState()) }, event.EventId, event)
	}
}

// signed is the renting's contract_signed event as the renting service publishes it: with the total
// and currency of a contract written now, unless the renting names one.
func signed(e *testenv.Env, renting *eventsv1.RentingStateChanged) *eventsv1.RentingStateChanged {
	event := e.Contracted(proto.CloneOf(renting))
	event.ToState = "CONTRACT_SIGNED"
	return event
}

// canceled is the renting's move to CANCELED, with the office's cancellation if any.
func canceled(rentingID string, cancellation *eventsv1.Cancellation) *eventsv1.RentingStateChanged {
	return &eventsv1.RentingStateChanged{RentingId: rentingID, ToState: "CANCELED", Cancellation: cancellation}
}

// startRenting runs the consumer on a renting stream of the test's own and returns a publisher of
// any event on it: the subject of the stream, the message id (a redelivery is the same event under
// another message id) and the event.
func startRenting(t *testing.T, e *testenv.Env) func(subject func(streams.RentingStream) string, msgID string, event proto.Message) {
	t.Helper()
	renting := streams.RentingStream(natstest.Unique("renting"))
	if err := natsprovision.Stream(context.Background(), e.JS, renting.Stream()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = e.JS.DeleteStream(context.Background(), renting.Stream().Name) })
	in := func(tx pgx.Tx) app.Store { return e.Repo.InTx(tx) }
	e.Background(natsadapter.NewRentingConsumer(e.JS, e.Pool, in, e.Payments, e.Logger, renting).Run)
	return func(subject func(streams.RentingStream) string, msgID string, event proto.Message) {
		t.Helper()
		data, err := proto.Marshal(event)
		if err != nil {
			t.Fatal(err)
		}
		msg := &nats.Msg{Subject: subject(renting), Data: data, Header: nats.Header{}}
		msg.Header.Set(jetstream.MsgIDHeader, msgID)
		if _, err := e.JS.PublishMsg(context.Background(), msg); err != nil {
			t.Fatal(err)
		}
	}
}

func waitForPayment(t *testing.T, e *testenv.Env, rentingID string) domain.Payment {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		p, err := e.Payments.PaymentOfRenting(context.Background(), rentingID)
		if err == nil {
			return p
		}
		if time.Now().After(deadline) {
			t.Fatalf("no payment for renting %s: %v", rentingID, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestContractSigned_createsOnePaymentWithLink_evenWhenDeliveredAgain(t *testing.T) {
	t.Parallel()
	e := testenv.New(t, provider.NewSandbox("http://public.test", "whsec_test"))
	publish := start(t, e)
	apartment, semester := e.Bookable()
	rentingID := uuid.NewString()
	renting := &eventsv1.RentingStateChanged{RentingId: rentingID, ApartmentId: apartment, SemesterId: semester}

	publish(renting)
	first := waitForPayment(t, e, rentingID)
	publish(renting) // the same fact again, under a new event id

	if want := e.Total(apartment, semester, false); first.Amount != (domain.Money{Cents: want, Currency: "EUR"}) {
		t.Errorf("amount = %v, want %d cents", first.Amount, want)
	}
	if want := "http://public.test/api/pay/" + first.ID; first.Link != want {
		t.Errorf("link = %q, want %q", first.Link, want)
	}
	if n := e.Count(e.Events().LinkCreated(), 2*time.Second); n != 1 {
		t.Errorf("%d link_created events, want 1", n)
	}
	var payments int
	if err := e.Pool.QueryRow(context.Background(), "SELECT count(*) FROM payment").Scan(&payments); err != nil || payments != 1 {
		t.Errorf("%d payments (%v), want 1", payments, err)
	}
}

func TestContractSigned_renewal_chargesRentOnly(t *testing.T) {
	t.Parallel()
	e := testenv.New(t, provider.NewSandbox("http://public.test", "whsec_test"))
	publish := start(t, e)
	apartment, semester := e.Bookable()
	rentingID := uuid.NewString()

	publish(&eventsv1.RentingStateChanged{RentingId: rentingID, ApartmentId: apartment, SemesterId: semester, Renewal: true})
	p := waitForPayment(t, e, rentingID)

	rentOnly, full := e.Total(apartment, semester, true), e.Total(apartment, semester, false)
	if p.Amount.Cents != rentOnly || rentOnly >= full {
		t.Errorf("renewal charges %d cents; rent only is %d, a new booking %d", p.Amount.Cents, rentOnly, full)
	}
}

// waitForStatus waits until the payment has the status.
func waitForStatus(t *testing.T, e *testenv.Env, p domain.Payment, want domain.Status) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		got, err := e.Payments.Payment(context.Background(), p.ID)
		if err == nil && got.Status == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("payment %s is %s (%v), want %s", p.ID, got.Status, err, want)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestCanceled_unpaidPayment_cancelledAndItsStripeSessionExpired_paidOneAndNoneUntouched(t *testing.T) {
	t.Parallel()
	mock := paymenttest.StartStripeMock(t)
	e := testenv.New(t, provider.NewStripe("sk_test_x", testenv.PublicURL, mock.Backends(), time.Now))
	publish := startStates(t, e)
	apartment, semester := e.Bookable()
	open := e.CreatePayment(&eventsv1.RentingStateChanged{RentingId: uuid.NewString(), ApartmentId: apartment, SemesterId: semester})
	failed := e.CreatePayment(&eventsv1.RentingStateChanged{RentingId: uuid.NewString(), ApartmentId: apartment, SemesterId: semester})
	paid := e.CreatePayment(&eventsv1.RentingStateChanged{RentingId: uuid.NewString(), ApartmentId: apartment, SemesterId: semester})
	report := func(p domain.Payment, succeeded bool) {
		t.Helper()
		if _, err := e.Payments.Apply(context.Background(), domain.Outcome{EventID: uuid.NewString(), PaymentID: p.ID, Succeeded: succeeded, Amount: p.Amount}); err != nil {
			t.Fatal(err)
		}
	}
	report(failed, false)
	report(paid, true)
	expiries := func(p domain.Payment) int {
		return len(mock.Requests("POST", "/v1/checkout/sessions/"+p.Checkout.SessionID+"/expire"))
	}

	withoutPayment := uuid.NewString()
	publish(canceled(withoutPayment, nil))
	publish(canceled(paid.RentingID, nil))
	publish(canceled(open.RentingID, nil))
	publish(canceled(failed.RentingID, nil))
	waitForStatus(t, e, open, domain.StatusCanceled)
	waitForStatus(t, e, failed, domain.StatusCanceled)
	publish(canceled(open.RentingID, nil)) // the same fact again, under a new event id
	publish(signed(e, &eventsv1.RentingStateChanged{RentingId: failed.RentingID, ApartmentId: apartment, SemesterId: semester}))
	waitForPayment(t, e, failed.RentingID)
	time.Sleep(500 * time.Millisecond)

	// stripe-mock answers every session as open.
	for _, p := range []domain.Payment{open, failed} {
		if got := expiries(p); got != 1 {
			t.Errorf("payment %s: its session expired %d times at Stripe, want once", p.ID, got)
		}
		if got, _ := e.Payments.CheckoutFor(context.Background(), p.ID); got.Status != domain.StatusCanceled || got.Checkout.OpenAt(time.Now()) {
			t.Errorf("payment %s: %s with checkout %+v, want CANCELED and closed", p.ID, got.Status, got.Checkout)
		}
	}
	if got, _ := e.Payments.Payment(context.Background(), paid.ID); got.Status != domain.StatusPaid || expiries(paid) != 0 {
		t.Errorf("the paid payment is %s, its session expired %d times; want PAID, untouched", got.Status, expiries(paid))
	}
	if _, err := e.Payments.PaymentOfRenting(context.Background(), withoutPayment); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("a renting without a payment got one: %v", err)
	}
	if got := len(mock.Requests("POST", "/v1/checkout/sessions")); got != 3 {
		t.Errorf("%d checkout sessions, want the three payments' first ones and none after the cancellation", got)
	}
}

func TestCanceled_refundLargerThanWasPaid_refusedLoggedAuditedAndTheNextEventStillServed(t *testing.T) {
	t.Parallel()
	mock := paymenttest.StartStripeMock(t)
	e := testenv.New(t, provider.NewStripe("sk_test_x", testenv.PublicURL, mock.Backends(), time.Now))
	publish := startStates(t, e)
	apartment, semester := e.Bookable()
	paid := e.CreatePayment(&eventsv1.RentingStateChanged{RentingId: uuid.NewString(), ApartmentId: apartment, SemesterId: semester})
	if _, err := e.Payments.Apply(context.Background(), domain.Outcome{EventID: uuid.NewString(), PaymentID: paid.ID, Succeeded: true, Amount: paid.Amount, PaymentIntentID: "pi_paid"}); err != nil {
		t.Fatal(err)
	}
	next := uuid.NewString()

	publish(canceled(paid.RentingID, &eventsv1.Cancellation{Reason: "Doppelbuchung", RefundCents: paid.Amount.Cents + 1, Actor: "office"}))
	publish(signed(e, &eventsv1.RentingStateChanged{RentingId: next, ApartmentId: apartment, SemesterId: semester}))
	waitForPayment(t, e, next)

	var audited int
	if err := e.Pool.QueryRow(context.Background(),
		`SELECT count(*) FROM audit_log WHERE action = 'refuseRefund' AND subject = $1`, "payment/"+paid.ID).Scan(&audited); err != nil || audited != 1 {
		t.Errorf("%d refusals audited (%v), want 1", audited, err)
	}
	if n := len(mock.Requests("POST", "/v1/refunds")); n != 0 {
		t.Errorf("%d refunds asked of Stripe, want none", n)
	}
	if got, _ := e.Payments.Payment(context.Background(), paid.ID); got.Status != domain.StatusPaid || got.RefundedCents != 0 {
		t.Errorf("payment %s refunded %d cents, want PAID with nothing refunded", got.Status, got.RefundedCents)
	}
}
