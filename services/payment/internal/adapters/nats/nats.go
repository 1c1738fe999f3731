// Package nats connects the payment service to NATS JetStream: the stream PAYMENT that it owns, the
// relay that publishes its outbox there, and the consumer of the renting service's events.
package nats

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/proto"

	"semesterhaus/platform/events"
	"semesterhaus/platform/server"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	pgadapter "semesterhaus/services/payment/internal/adapters/postgres"
	"semesterhaus/services/payment/internal/app"
)

// The stream the payment service owns and the prefix of its subjects (docs/booking.md).
const (
	Stream        = "PAYMENT"
	SubjectPrefix = "payment"
)

// Source names a stream this service consumes and the prefix of its subjects.
type Source struct {
	Name          string
	SubjectPrefix string
}

// RentingStream is the renting service's stream; tests use streams of their own, since parallel
// test packages share one NATS server.
var RentingStream = Source{Name: "RENTING", SubjectPrefix: "renting"}

// Durable is the name of this service's consumer on the renting stream.
const Durable = "payment-renting"

// EnsureStream creates (or updates) the stream that keeps every subject under prefix.
func EnsureStream(ctx context.Context, js jetstream.JetStream, name, prefix string) error {
	return events.EnsureStream(ctx, js, jetstream.StreamConfig{
		Name: name, Subjects: []string{prefix + ".>"}, Storage: jetstream.FileStorage,
	})
}

// Relay is the component that publishes the outbox of the payment database.
func Relay(pool *pgxpool.Pool, js jetstream.JetStream, logger *slog.Logger) server.Component {
	return server.Func("outbox-relay", events.NewRelay(pool, js, logger).Run)
}

// RentingConsumer creates a payment when a renting's contract is signed.
type RentingConsumer struct {
	js       jetstream.JetStream
	pool     *pgxpool.Pool
	repo     *pgadapter.Repository
	payments *app.Payments
	logger   *slog.Logger
	source   Source
}

// NewRentingConsumer returns the consumer of source (RentingStream); repo is on pool, where the
// payments and the processed events are.
func NewRentingConsumer(js jetstream.JetStream, pool *pgxpool.Pool, repo *pgadapter.Repository, payments *app.Payments, logger *slog.Logger, source Source) *RentingConsumer {
	return &RentingConsumer{js: js, pool: pool, repo: repo, payments: payments, logger: logger, source: source}
}

// Run consumes until ctx ends. The consumer acts on signed contracts only, which is one subject: the
// server sends nothing else (events.ConsumerConfig.Handles).
func (c *RentingConsumer) Run(ctx context.Context) error {
	return events.Consume(ctx, c.js, c.pool, c.logger, events.ConsumerConfig{
		Stream: c.source.Name, Durable: Durable, FilterSubjects: []string{c.source.SubjectPrefix + ".>"},
		Handles: []string{c.source.SubjectPrefix + ".state.contract_signed"},
	}, c.handle)
}

// handle creates the payment of a renting whose contract was signed.
func (c *RentingConsumer) handle(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error {
	var event eventsv1.RentingStateChanged
	if err := proto.Unmarshal(msg.Data(), &event); err != nil {
		return fmt.Errorf("decode %s: %w", msg.Subject(), err)
	}
	return c.payments.CreateForRenting(ctx, c.repo.InTx(tx), event.GetRentingId())
}
