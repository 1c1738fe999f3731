package nats_test

import (
	"context"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/proto"

	"semesterhaus/platform/natsprovision"
	"semesterhaus/platform/natstest"
	"semesterhaus/proto/events/v1/streams"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	natsadapter "semesterhaus/services/renting/internal/adapters/nats"
	pgadapter "semesterhaus/services/renting/internal/adapters/postgres"
	"semesterhaus/services/renting/internal/app"
	"semesterhaus/services/renting/internal/domain"
	"semesterhaus/services/renting/internal/testenv"
)

// chain is a renting service whose consumers read test streams standing in for the document and
// payment services'.
type chain struct {
	env      *testenv.Env
	subjects string // the renting events' prefix
	js       jetstream.JetStream
	document streams.DocumentStream
	payment  streams.PaymentStream
}

// duplicateWindow is short here so that a redelivered message reaches the consumer, which must
// then change nothing; the service's streams keep message ids for minutes.
const duplicateWindow = 100 * time.Millisecond

func startChain(t *testing.T) *chain {
	t.Helper()
	_, js := natstest.Connect(t)
	subjects := natstest.Unique("renting")
	c := &chain{
		env: testenv.New(t, testenv.DesignDay, subjects), subjects: subjects, js: js,
		document: streams.DocumentStream(natstest.Unique("document")),
		payment:  streams.PaymentStream(natstest.Unique("payment")),
	}
	for _, s := range []streams.Stream{c.document.Stream(), c.payment.Stream()} {
		if err := natsprovision.Stream(context.Background(), js, s, natsprovision.DuplicateWindow(duplicateWindow)); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = js.DeleteStream(context.Background(), s.Name) })
	}
	in := func(tx pgx.Tx) app.Updater { return c.env.Repo.In(tx) }
	consumers := natsadapter.NewConsumers(js, c.env.Pool, in, c.env.Facts, slog.New(slog.DiscardHandler))
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for _, component := range consumers.Components(c.document, c.payment) {
		wg.Go(func() {
			if err := component.Run(ctx); err != nil {
				t.Errorf("%s: %v", component.Name(), err)
			}
		})
	}
	t.Cleanup(func() { cancel(); wg.Wait() })
	return c
}

// rentingIn stores a renting that reached the states in order.
func (c *chain) rentingIn(t *testing.T, renewal bool, states ...domain.State) string {
	t.Helper()
	ctx := context.Background()
	newRenting := domain.NewRenting
	if renewal {
		newRenting = domain.NewRenewal
	}
	r := newRenting(7, 11, 3, c.env.Clock.Now())
	if err := c.env.Repo.Create(ctx, r); err != nil {
		t.Fatal(err)
	}
	for _, s := range states {
		if err := c.env.Repo.Update(ctx, r.ID, func(r *domain.Renting) error { return r.MoveTo(s, c.env.Clock.Now()) }); err != nil {
			t.Fatal(err)
		}
	}
	return r.ID
}

// publishTwice publishes the event as its producer's relay would, and again after the duplicate
// window as a relay restarted before marking it published would; then it waits until the consumer
// has handled both.
func (c *chain) publishTwice(t *testing.T, subject string, event proto.Message) {
	t.Helper()
	id := uuid.NewString()
	c.publish(t, subject, id, event)
	time.Sleep(2 * duplicateWindow)
	if ack := c.publish(t, subject, id, event); ack.Duplicate {
		t.Fatal("JetStream dropped the second copy: the consumer's de-duplication went untested")
	}
}

func (c *chain) publish(t *testing.T, subject, id string, event proto.Message) *jetstream.PubAck {
	t.Helper()
	payload, err := proto.Marshal(event)
	if err != nil {
		t.Fatal(err)
	}
	ack, err := c.js.Publish(context.Background(), subject, payload, jetstream.WithMsgID(id))
	if err != nil {
		t.Fatal(err)
	}
	c.waitHandled(t, subject)
	return ack
}

// consumerOf names the test stream a subject is on and the renting service's consumer of it.
func (c *chain) consumerOf(subject string) (stream, durable string) {
	if document := c.document.Stream(); document.Declares(subject) {
		return document.Name, "renting-document-events"
	}
	return c.payment.Stream().Name, "renting-payment-events"
}

// waitHandled waits until the renting's consumer of the subject's stream has acknowledged
// everything in it.
func (c *chain) waitHandled(t *testing.T, subject string) {
	t.Helper()
	ctx := context.Background()
	name, durable := c.consumerOf(subject)
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		stream, err := c.js.Stream(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		consumer, err := stream.Consumer(ctx, durable)
		if err == nil {
			info, err := consumer.Info(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if info.NumAckPending == 0 && info.AckFloor.Stream == stream.CachedInfo().State.LastSeq {
				return
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("the consumer on %s did not handle its messages", name)
}

func (c *chain) renting(t *testing.T, id string) domain.Renting {
	t.Helper()
	r, err := c.env.Repo.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func (c *chain) wantState(t *testing.T, id string, want domain.State) {
	t.Helper()
	if got := c.renting(t, id).State; got != want {
		t.Fatalf("renting %s is %s, want %s", id, got, want)
	}
}

func (c *chain) stateEvents(t *testing.T) []string {
	t.Helper()
	rows, err := c.env.Pool.Query(context.Background(), "SELECT subject FROM outbox ORDER BY seq")
	if err != nil {
		t.Fatal(err)
	}
	subjects, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return subjects
}

func TestConsumers_contractAndPaymentEventsMoveARentingFromAcknowledgedToPayed(t *testing.T) {
	t.Parallel()
	c := startChain(t)
	id := c.rentingIn(t, false, domain.ApartmentReserved, domain.OwnerAcknowledged)
	before := len(c.stateEvents(t))

	c.publishTwice(t, c.document.ContractRequested(), &eventsv1.ContractRequested{RentingId: id, SigningLink: "https://wohnen.example/api/signing/s1", TotalCents: 288000, Currency: "EUR", Items: contractItems})
	c.wantState(t, id, domain.ContractRequested)
	c.publishTwice(t, c.document.ContractSigned(), &eventsv1.ContractSigned{RentingId: id})
	c.wantState(t, id, domain.ContractSigned)
	c.publishTwice(t, c.payment.LinkCreated(), &eventsv1.PaymentLinkCreated{RentingId: id, PaymentLink: "https://wohnen.example/api/checkout/p1"})
	c.wantState(t, id, domain.Unpaid)
	c.publishTwice(t, c.payment.Failed(), &eventsv1.PaymentFailed{RentingId: id, Reason: "card declined"})
	c.wantState(t, id, domain.Unpaid)
	c.publishTwice(t, c.payment.Succeeded(), &eventsv1.PaymentSucceeded{RentingId: id})

	r := c.renting(t, id)
	if r.State != domain.Payed || r.SigningLink != "https://wohnen.example/api/signing/s1" ||
		r.PaymentLink != "https://wohnen.example/api/checkout/p1" || len(r.AccessKey) != 8 ||
		r.ContractPrice.Cents != 288000 || len(r.ContractPrice.Items) != 1 || r.ContractPrice.Items[0].Total != 288000 {
		t.Fatalf("renting %+v", r)
	}
	var wantEvents []string
	for _, s := range []domain.State{domain.ContractRequested, domain.ContractSigned, domain.Unpaid, domain.Payed} {
		wantEvents = append(wantEvents, pgadapter.StateSubject(c.subjects, s))
	}
	got := c.stateEvents(t)[before:]
	if !slices.Equal(got, wantEvents) {
		t.Errorf("events %v, want one per transition %v", got, wantEvents)
	}
	c.wantMilestones(t, r)
}

func (c *chain) wantMilestones(t *testing.T, r domain.Renting) {
	t.Helper()
	log, err := c.env.Repo.LogOfRenter(context.Background(), r.RenterID)
	if err != nil {
		t.Fatal(err)
	}
	b := domain.BookingOf(r, log)
	if b.ContractRequestedDate == nil || b.ContractSignedDate == nil || b.PaidDate == nil || !b.ContractSigned || !b.ApartmentPaid {
		t.Errorf("booking milestones %+v", b)
	}
}

func TestConsumers_aContractForAnAcceptedRenewalIsRequested(t *testing.T) {
	t.Parallel()
	c := startChain(t)
	id := c.rentingIn(t, true, domain.RenewalAccepted)

	c.publishTwice(t, c.document.ContractRequested(), &eventsv1.ContractRequested{RentingId: id, SigningLink: "https://wohnen.example/api/signing/s2", TotalCents: 288000, Currency: "EUR", Items: contractItems})

	if r := c.renting(t, id); r.State != domain.ContractRequested || r.SigningLink != "https://wohnen.example/api/signing/s2" ||
		r.ContractPrice.Cents != 288000 || len(r.ContractPrice.Items) != 1 || r.ContractPrice.Items[0].Total != 288000 {
		t.Errorf("renting %+v", r)
	}
}

func TestConsumers_eventsAnUnknownOrUnreadyRentingCannotTakeAreAcknowledgedAndChangeNothing(t *testing.T) {
	t.Parallel()
	c := startChain(t)
	requested := c.rentingIn(t, false)

	c.publish(t, c.document.ContractSigned(), uuid.NewString(), &eventsv1.ContractSigned{RentingId: requested})
	c.publish(t, c.payment.Succeeded(), uuid.NewString(), &eventsv1.PaymentSucceeded{RentingId: uuid.NewString()})
	c.publish(t, c.payment.Succeeded(), uuid.NewString(), &eventsv1.PaymentSucceeded{RentingId: "not-a-uuid"})

	c.wantState(t, requested, domain.ApartmentRequested)
}

func TestConsumers_aFactThatOvertookTheOneBeforeItWaitsForIt(t *testing.T) {
	t.Parallel()
	c := startChain(t)
	id := c.rentingIn(t, false, domain.ApartmentReserved, domain.OwnerAcknowledged)
	publish := func(subject string, event proto.Message) {
		payload, err := proto.Marshal(event)
		if err == nil {
			_, err = c.js.Publish(context.Background(), subject, payload, jetstream.WithMsgID(uuid.NewString()))
		}
		if err != nil {
			t.Fatal(err)
		}
	}

	// "signed" arrives first (as when the delivery of "requested" failed and is being retried).
	publish(c.document.ContractSigned(), &eventsv1.ContractSigned{RentingId: id})
	time.Sleep(500 * time.Millisecond)
	c.wantState(t, id, domain.OwnerAcknowledged)

	publish(c.document.ContractRequested(), &eventsv1.ContractRequested{RentingId: id, SigningLink: "https://wohnen.example/api/signing/s3", TotalCents: 288000, Currency: "EUR", Items: contractItems})
	for deadline := time.Now().Add(15 * time.Second); c.renting(t, id).State != domain.ContractSigned; time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("renting is %s, want the waiting contract_signed applied after contract_requested", c.renting(t, id).State)
		}
	}
}

// contractItems are the items of a renewal contract of 2.880,00 €: six months of 480,00 €.
var contractItems = []*eventsv1.ContractItem{{TextDe: "Miete inkl. Nebenkosten", TextEn: "Rent incl. utilities", Quantity: 6, AmountCents: 48000, TotalCents: 288000}}
