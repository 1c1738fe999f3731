// Package testenv assembles the payment service for integration tests: a fresh database, a stream of
// its own on the test NATS server, and fakes of the catalog and renting services (from their proto).
package testenv

import (
	"context"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/grpc"

	"semesterhaus/platform/clocktest"
	"semesterhaus/platform/events"
	"semesterhaus/platform/grpctest"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/natsprovision"
	"semesterhaus/platform/natstest"
	"semesterhaus/platform/pgtest"
	"semesterhaus/platform/postgres"
	"semesterhaus/proto/catalog/catalogfake"
	"semesterhaus/proto/events/v1/streams"
	catalogv1 "semesterhaus/proto/gen/catalog/v1"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	paymentv1 "semesterhaus/proto/gen/payment/v1"
	grpcadapter "semesterhaus/services/payment/internal/adapters/grpc"
	natsadapter "semesterhaus/services/payment/internal/adapters/nats"
	pgadapter "semesterhaus/services/payment/internal/adapters/postgres"
	paymentprovider "semesterhaus/services/payment/internal/adapters/provider"
	"semesterhaus/services/payment/internal/app"
	"semesterhaus/services/payment/internal/domain"
	"semesterhaus/services/payment/migrations"
)

// Env is one payment service under test.
type Env struct {
	t        testing.TB
	Pool     *pgxpool.Pool
	JS       jetstream.JetStream
	Repo     *pgadapter.Repository
	Payments *app.Payments
	Catalog  catalogv1.CatalogServiceClient
	// CatalogFake is the catalog behind Catalog; a test changes its prices (AddApartment again).
	CatalogFake *catalogfake.Server
	Subjects    string // the prefix of the payment events' subjects
	Logger      *slog.Logger
	Clock       *clocktest.Clock // the service's clock
}

// Office is a context of the office's admin, for the admin-only queries.
func Office() context.Context {
	return identity.WithIdentity(context.Background(), identity.Identity{Subject: "office", Role: identity.RoleAdmin})
}

// Zone is the residence's time zone in the tests.
var Zone, _ = time.LoadLocation("Europe/Berlin")

// PublicURL is the public address the service under test links to.
const PublicURL = "http://public.test"

// New returns the service with provider, its payment stream created and its relay running.
func New(t testing.TB, provider app.Provider) *Env {
	t.Helper()
	return NewWithClock(t, provider, clocktest.Running())
}

// NewWithClock is New on clock, which the test moves (and may give the provider too).
func NewWithClock(t testing.TB, provider app.Provider, clock *clocktest.Clock) *Env {
	t.Helper()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	_, js := natstest.Connect(t)
	e := &Env{t: t, Pool: pool, JS: js, Subjects: natstest.Unique("payment"),
		Logger: slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn})), Clock: clock}
	stream := e.Events().Stream()
	if err := natsprovision.Stream(context.Background(), js, stream); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = js.DeleteStream(context.Background(), stream.Name) })
	e.CatalogFake = catalogfake.NewExample()
	catalogConn := grpctest.Dial(t, "payment", "catalog", grpctest.Serve(t, e.CatalogFake.Register))
	e.Catalog = catalogv1.NewCatalogServiceClient(catalogConn)
	e.Repo = pgadapter.NewRepository(pool, e.Subjects)
	e.Payments = app.New(e.Repo, grpcadapter.NewCatalog(catalogConn), provider, paymentprovider.PaymentPage(PublicURL), Zone, e.Clock.Now)
	e.Background(events.RelayComponent(pool, js, e.Logger).Run)
	return e
}

// Background runs fn until the test ends.
func (e *Env) Background(fn func(ctx context.Context) error) {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() {
		if err := fn(ctx); err != nil {
			e.t.Errorf("background: %v", err)
		}
	})
	e.t.Cleanup(func() { cancel(); wg.Wait() })
}

// Bookable returns an apartment and the bookable semester of the catalog.
func (e *Env) Bookable() (apartmentID, semesterID int32) {
	e.t.Helper()
	ctx := context.Background()
	apartments, err := e.Catalog.ListApartments(ctx, &catalogv1.ListApartmentsRequest{})
	if err != nil {
		e.t.Fatal(err)
	}
	semester, err := e.Catalog.GetBookableSemester(ctx, &catalogv1.GetBookableSemesterRequest{})
	if err != nil {
		e.t.Fatal(err)
	}
	return apartments.GetApartments()[0].GetId(), semester.GetId()
}

// Total asks the catalog for its price now: the total of a contract written now.
func (e *Env) Total(apartmentID, semesterID int32, renewal bool) int64 {
	e.t.Helper()
	price, err := e.Catalog.CalculatePrice(context.Background(), &catalogv1.CalculatePriceRequest{
		ApartmentId: apartmentID, SemesterId: semesterID, Renewal: renewal,
	})
	if err != nil {
		e.t.Fatal(err)
	}
	return price.GetTotal().GetCents()
}

// CreatePayment creates the payment of the renting's contract_signed event as the consumer does and
// returns it. A renting without a contract total gets the one of a contract written now (the
// catalog's price), as the renting service keeps it from the contract's request.
func (e *Env) CreatePayment(renting *eventsv1.RentingStateChanged) domain.Payment {
	e.t.Helper()
	ctx := context.Background()
	if err := e.CreateForRenting(e.Contracted(renting)); err != nil {
		e.t.Fatal(err)
	}
	p, err := e.Payments.PaymentOfRenting(ctx, renting.GetRentingId())
	if err != nil {
		e.t.Fatal(err)
	}
	return p
}

// Contracted is the renting with the total of a contract written now, unless it has one.
func (e *Env) Contracted(renting *eventsv1.RentingStateChanged) *eventsv1.RentingStateChanged {
	e.t.Helper()
	if renting.GetContractTotalCents() == 0 {
		renting.ContractTotalCents = e.Total(renting.GetApartmentId(), renting.GetSemesterId(), renting.GetRenewal())
		renting.ContractCurrency = "EUR"
	}
	return renting
}

// CreateForRenting creates the payment of the renting's contract_signed event in a transaction of
// its own, as the consumer does.
func (e *Env) CreateForRenting(signed *eventsv1.RentingStateChanged) error {
	ctx := context.Background()
	return postgres.InTx(ctx, e.Pool, func(tx pgx.Tx) error {
		return e.Payments.CreateForRenting(ctx, e.Repo.InTx(tx), natsadapter.Signing(signed))
	})
}

// Cancel closes the renting's payment in a transaction of its own, as the consumer does when the
// booking is cancelled.
func (e *Env) Cancel(c app.Cancellation) error {
	ctx := context.Background()
	return postgres.InTx(ctx, e.Pool, func(tx pgx.Tx) error {
		return e.Payments.CancelForRenting(ctx, e.Repo.InTx(tx), c)
	})
}

// GRPC serves the service's gRPC API until the test ends and returns a client of it that calls as
// the service named caller (document asks for one renting's payment, renting for a renter's).
func (e *Env) GRPC(caller string) paymentv1.PaymentServiceClient {
	e.t.Helper()
	return paymentv1.NewPaymentServiceClient(grpctest.Dial(e.t, caller, "payment", e.GRPCAddr()))
}

// GRPCAddr serves the service's gRPC API as production does, behind its rules of who may call,
// until the test ends and returns its address.
func (e *Env) GRPCAddr() string {
	e.t.Helper()
	return grpctest.ServeService(e.t, "payment", grpcadapter.Callers, func(server *grpc.Server) {
		paymentv1.RegisterPaymentServiceServer(server, grpcadapter.NewServer(e.Payments))
	})
}

// Events is the env's own payment stream, whose subjects the tests count (Events().Succeeded()).
func (e *Env) Events() streams.PaymentStream { return streams.PaymentStream(e.Subjects) }

// Subscribe returns a consumer of the payment events on subject, e.g. Events().Succeeded().
func (e *Env) Subscribe(subject string) jetstream.Consumer {
	e.t.Helper()
	stream, err := e.JS.StreamNameBySubject(context.Background(), subject)
	if err != nil {
		e.t.Fatal(err)
	}
	cons, err := e.JS.CreateOrUpdateConsumer(context.Background(), stream, jetstream.ConsumerConfig{
		FilterSubject: subject, AckPolicy: jetstream.AckNonePolicy,
	})
	if err != nil {
		e.t.Fatal(err)
	}
	return cons
}

// Count counts the payment events on subject (e.g. Events().Succeeded()) that arrive within wait.
func (e *Env) Count(subject string, wait time.Duration) int {
	e.t.Helper()
	batch, err := e.Subscribe(subject).Fetch(1000, jetstream.FetchMaxWait(wait))
	if err != nil {
		e.t.Fatal(err)
	}
	n := 0
	for range batch.Messages() {
		n++
	}
	return n
}
