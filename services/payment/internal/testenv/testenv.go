// Package testenv assembles the payment service for integration tests: a fresh database, a stream of
// its own on the test NATS server, the real catalog and a renting service answering GetRenting.
package testenv

import (
	"context"
	"log/slog"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"semesterhaus/platform/events"
	"semesterhaus/platform/natstest"
	"semesterhaus/platform/pgtest"
	"semesterhaus/platform/service"
	"semesterhaus/proto/events/v1/streams"
	catalogv1 "semesterhaus/proto/gen/catalog/v1"
	rentingv1 "semesterhaus/proto/gen/renting/v1"
	"semesterhaus/services/catalog/catalogtest"
	grpcadapter "semesterhaus/services/payment/internal/adapters/grpc"
	pgadapter "semesterhaus/services/payment/internal/adapters/postgres"
	"semesterhaus/services/payment/internal/app"
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
	Rentings *Rentings
	Subjects string // the prefix of the payment events' subjects
	Logger   *slog.Logger
}

// New returns the service with provider, its payment stream created and its relay running.
func New(t testing.TB, provider app.Provider) *Env {
	t.Helper()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	_, js := natstest.Connect(t)
	e := &Env{t: t, Pool: pool, JS: js, Subjects: natstest.Unique("payment"), Rentings: &Rentings{rentings: map[string]*rentingv1.Renting{}},
		Logger: slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))}
	stream := streams.PaymentStream(e.Subjects).Stream()
	if err := events.EnsureStream(context.Background(), js, stream); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = js.DeleteStream(context.Background(), stream.Name) })
	catalogConn := dial(t, catalogtest.NewGRPCServer(t, time.Now))
	e.Catalog = catalogv1.NewCatalogServiceClient(catalogConn)
	e.Repo = pgadapter.NewRepository(pool, e.Subjects)
	e.Payments = app.New(e.Repo, grpcadapter.NewRentings(dial(t, serveRentings(t, e.Rentings))),
		grpcadapter.NewCatalog(catalogConn), provider, time.Now)
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

// Bookable returns an apartment and the bookable semester of the demo catalog.
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

// Total asks the catalog for the price the payment must have.
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

// Subscribe returns a consumer of the payment events on subject (under the env's prefix), e.g.
// "succeeded".
func (e *Env) Subscribe(subject string) jetstream.Consumer {
	e.t.Helper()
	stream, err := e.JS.StreamNameBySubject(context.Background(), e.Subjects+"."+subject)
	if err != nil {
		e.t.Fatal(err)
	}
	cons, err := e.JS.CreateOrUpdateConsumer(context.Background(), stream, jetstream.ConsumerConfig{
		FilterSubject: e.Subjects + "." + subject, AckPolicy: jetstream.AckNonePolicy,
	})
	if err != nil {
		e.t.Fatal(err)
	}
	return cons
}

// Rentings is a renting service that knows the rentings a test adds.
type Rentings struct {
	rentingv1.UnimplementedRentingServiceServer
	mu       sync.Mutex
	rentings map[string]*rentingv1.Renting
}

// Add makes the renting known.
func (r *Rentings) Add(renting *rentingv1.Renting) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.rentings[renting.GetRentingId()] = renting
}

// GetRenting answers like the renting service: NOT_FOUND for an unknown id.
func (r *Rentings) GetRenting(_ context.Context, req *rentingv1.GetRentingRequest) (*rentingv1.Renting, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if renting, ok := r.rentings[req.GetRentingId()]; ok {
		return renting, nil
	}
	return nil, status.Error(codes.NotFound, "no renting")
}

func serveRentings(t testing.TB, rentings *Rentings) string {
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	server := grpc.NewServer()
	rentingv1.RegisterRentingServiceServer(server, rentings)
	go func() { _ = server.Serve(listener) }()
	t.Cleanup(server.Stop)
	return listener.Addr().String()
}

func dial(t testing.TB, addr string) *grpc.ClientConn {
	conn, err := service.Dial(addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return conn
}

// Count counts the payment events on subject (e.g. "succeeded") that arrive within wait.
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
