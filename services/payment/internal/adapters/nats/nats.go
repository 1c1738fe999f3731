// Package nats consumes the renting service's events for the payment service.
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
	"semesterhaus/proto/events/v1/streams"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	"semesterhaus/services/payment/internal/app"
)

// Durable is the name of this service's consumer on the renting stream.
const Durable = streams.PaymentRenting

// RentingConsumer creates a payment when a renting's contract is signed and closes it when the
// booking is cancelled.
type RentingConsumer struct {
	js       jetstream.JetStream
	pool     *pgxpool.Pool
	in       func(pgx.Tx) app.Store
	payments *app.Payments
	logger   *slog.Logger
	stream   streams.RentingStream
}

// NewRentingConsumer returns the consumer of the stream (streams.Renting; tests use streams of their
// own). in gives the payments' Store in the consumer's transaction on pool, which also records the
// event as processed.
func NewRentingConsumer(js jetstream.JetStream, pool *pgxpool.Pool, in func(pgx.Tx) app.Store, payments *app.Payments, logger *slog.Logger, stream streams.RentingStream) *RentingConsumer {
	return &RentingConsumer{js: js, pool: pool, in: in, payments: payments, logger: logger, stream: stream}
}

// Run consumes until ctx ends. The server sends only the subjects of streams.PaymentRenting.
func (c *RentingConsumer) Run(ctx context.Context) error {
	return events.Consume(ctx, c.js, c.pool, c.logger, events.ConsumerConfig{Stream: c.stream.Stream(), Durable: Durable}, c.handle)
}

// handle creates the payment of a renting whose contract was signed and closes the payment of a
// cancelled one; other subjects are acknowledged unread.
func (c *RentingConsumer) handle(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error {
	act, ok := map[string]func(context.Context, app.Store, string) error{
		c.stream.StateChanged("CONTRACT_SIGNED"): c.payments.CreateForRenting,
		c.stream.StateChanged("CANCELED"):        c.payments.CancelForRenting,
	}[msg.Subject()]
	if !ok {
		return nil
	}
	var event eventsv1.RentingStateChanged
	if err := proto.Unmarshal(msg.Data(), &event); err != nil {
		return fmt.Errorf("decode %s: %w", msg.Subject(), err)
	}
	return act(ctx, c.in(tx), event.GetRentingId())
}
