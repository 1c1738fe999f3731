package nats

import (
	"context"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"

	"semesterhaus/platform/events"
	"semesterhaus/proto/events/v1/streams"
	eventsv1 "semesterhaus/proto/gen/events/v1"
)

// Forget forgets in tx what a deleted renting leaves in this service and tells whether its renter
// went too (postgres.ForgetRentingIn).
type Forget func(ctx context.Context, tx pgx.Tx, rentingID string, renterID int64, actor string) (bool, error)

// RetentionConsumer forgets the deleted rentings (renting.deleted: an admin freed the apartment,
// or the retention rules deleted a request never confirmed), in the transaction that records the
// event, so a redelivery changes nothing.
type RetentionConsumer struct {
	js     jetstream.JetStream
	pool   *pgxpool.Pool
	forget Forget
	stream streams.RentingStream
	logger *slog.Logger
}

// NewRetentionConsumer returns the consumer of the stream (streams.Renting; tests use streams of
// their own).
func NewRetentionConsumer(js jetstream.JetStream, pool *pgxpool.Pool, forget Forget, stream streams.RentingStream, logger *slog.Logger) *RetentionConsumer {
	return &RetentionConsumer{js: js, pool: pool, forget: forget, stream: stream, logger: logger}
}

// Run consumes until ctx ends.
func (c *RetentionConsumer) Run(ctx context.Context) error {
	return events.Consume(ctx, c.js, c.pool, c.logger, events.ConsumerConfig{Stream: c.stream.Stream(), Durable: streams.RenterRetention}, c.handle)
}

func (c *RetentionConsumer) handle(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error {
	var event eventsv1.RentingDeleted
	if !decode(c.logger, msg, &event) {
		return nil
	}
	forgotten, err := c.forget(ctx, tx, event.GetRentingId(), event.GetRenterId(), event.GetActor())
	if err != nil {
		return err
	}
	if forgotten {
		c.logger.InfoContext(ctx, "forgot a renter nothing refers to any more", "renter_id", event.GetRenterId(), "renting_id", event.GetRentingId())
	}
	return nil
}
