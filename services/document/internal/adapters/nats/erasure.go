package nats

import (
	"context"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/proto"

	"semesterhaus/platform/events"
	"semesterhaus/proto/events/v1/streams"
	eventsv1 "semesterhaus/proto/gen/events/v1"
)

// Erase erases in tx what this service keeps of an erased renter: papers and pending uploads
// (postgres.EraseRenterIn).
type Erase func(ctx context.Context, tx pgx.Tx, renterID int64, actor string) error

// ErasureConsumer applies the renter service's executed erasures (renter.erased) in the transaction
// that records the event, so a redelivery changes nothing.
type ErasureConsumer struct {
	js     jetstream.JetStream
	pool   *pgxpool.Pool
	erase  Erase
	stream streams.RenterStream
	logger *slog.Logger
}

// NewErasureConsumer returns the consumer of the stream (streams.Renter; tests use streams of their
// own).
func NewErasureConsumer(js jetstream.JetStream, pool *pgxpool.Pool, erase Erase, stream streams.RenterStream, logger *slog.Logger) *ErasureConsumer {
	return &ErasureConsumer{js: js, pool: pool, erase: erase, stream: stream, logger: logger}
}

// Run consumes until ctx ends.
func (c *ErasureConsumer) Run(ctx context.Context) error {
	return events.Consume(ctx, c.js, c.pool, c.logger, events.ConsumerConfig{
		Stream: c.stream.Stream(), Durable: streams.DocumentErasures, Handles: []string{c.stream.Erased()},
	}, c.handle)
}

func (c *ErasureConsumer) handle(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error {
	var event eventsv1.RenterErased
	if err := proto.Unmarshal(msg.Data(), &event); err != nil {
		c.logger.ErrorContext(ctx, "dropping undecodable event", "subject", msg.Subject(), "err", err)
		return nil
	}
	return c.erase(ctx, tx, event.GetRenterId(), event.GetActor())
}
