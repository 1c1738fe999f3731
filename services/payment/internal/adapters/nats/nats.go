// Package nats consumes the renting service's events for the payment service.
package nats

import (
	"context"
	"errors"
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
	"semesterhaus/services/payment/internal/domain"
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
// cancelled one; other subjects are acknowledged unread. A refund the payment cannot give is logged
// and acknowledged (its refusal is audited in the same transaction): delivering it again would
// refuse it again.
func (c *RentingConsumer) handle(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error {
	signed, canceled := msg.Subject() == c.stream.StateChanged("CONTRACT_SIGNED"), msg.Subject() == c.stream.StateChanged("CANCELED")
	if !signed && !canceled {
		return nil
	}
	var event eventsv1.RentingStateChanged
	if err := proto.Unmarshal(msg.Data(), &event); err != nil {
		return fmt.Errorf("decode %s: %w", msg.Subject(), err)
	}
	if signed {
		return c.payments.CreateForRenting(ctx, c.in(tx), event.GetRentingId())
	}
	err := c.payments.CancelForRenting(ctx, c.in(tx), app.Cancellation{
		EventID: event.GetEventId(), RentingID: event.GetRentingId(), RefundCents: event.GetCancellation().GetRefundCents(),
	})
	if errors.Is(err, domain.ErrRefundTooLarge) || errors.Is(err, domain.ErrNotRefundable) {
		c.logger.ErrorContext(ctx, "refund of a cancelled booking refused", "renting", event.GetRentingId(),
			"refund_cents", event.GetCancellation().GetRefundCents(), "actor", event.GetCancellation().GetActor(), "err", err)
		return nil
	}
	return err
}
