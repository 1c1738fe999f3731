package nats_test

import (
	"context"
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
	rentingv1 "semesterhaus/proto/gen/renting/v1"
	natsadapter "semesterhaus/services/payment/internal/adapters/nats"
	"semesterhaus/services/payment/internal/adapters/provider"
	"semesterhaus/services/payment/internal/app"
	"semesterhaus/services/payment/internal/domain"
	"semesterhaus/services/payment/internal/testenv"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// start runs the consumer on a renting stream of the test's own and returns a publisher of
// contract_signed events on it.
func start(t *testing.T, e *testenv.Env) func(rentingID string) {
	renting := streams.RentingStream(natstest.Unique("renting"))
	if err := natsprovision.Stream(context.Background(), e.JS, renting.Stream()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = e.JS.DeleteStream(context.Background(), renting.Stream().Name) })
	in := func(tx pgx.Tx) app.Store { return e.Repo.InTx(tx) }
	e.Background(natsadapter.NewRentingConsumer(e.JS, e.Pool, in, e.Payments, e.Logger, renting).Run)
	return func(rentingID string) {
		t.Helper()
		event := &eventsv1.RentingStateChanged{EventId: uuid.NewString(), RentingId: rentingID, ToState: "CONTRACT_SIGNED"}
		data, err := proto.Marshal(event)
		if err != nil {
			t.Fatal(err)
		}
		msg := &nats.Msg{Subject: renting.StateChanged(event.ToState), Data: data, Header: nats.Header{}}
		msg.Header.Set(jetstream.MsgIDHeader, event.EventId)
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
	e.Rentings.Add(e.Contracted(&rentingv1.Renting{RentingId: rentingID, ApartmentId: apartment, SemesterId: semester}))

	publish(rentingID)
	first := waitForPayment(t, e, rentingID)
	publish(rentingID) // the same fact again, under a new event id

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
	e.Rentings.Add(e.Contracted(&rentingv1.Renting{RentingId: rentingID, ApartmentId: apartment, SemesterId: semester, Renewal: true}))

	publish(rentingID)
	p := waitForPayment(t, e, rentingID)

	rentOnly, full := e.Total(apartment, semester, true), e.Total(apartment, semester, false)
	if p.Amount.Cents != rentOnly || rentOnly >= full {
		t.Errorf("renewal charges %d cents; rent only is %d, a new booking %d", p.Amount.Cents, rentOnly, full)
	}
}
