package nats

import (
	"context"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"

	"semesterhaus/platform/events"
	"semesterhaus/platform/server"
	"semesterhaus/proto/events/v1/streams"
	eventsv1 "semesterhaus/proto/gen/events/v1"
)

// Erase erases in tx what this service keeps of an erased renter: the forms of the renter's unconfirmed booking requests
// (postgres.EraseRenterIn).
type Erase func(ctx context.Context, tx pgx.Tx, renterID int64, actor string) error

// NewErasureConsumer returns the consumer of the renter service's executed erasures (renter.erased on
// the stream: streams.Renter; tests use streams of their own), which erases in the transaction that
// records the event, so a redelivery changes nothing.
func NewErasureConsumer(js jetstream.JetStream, pool *pgxpool.Pool, erase Erase, stream streams.RenterStream, logger *slog.Logger) server.Component {
	erased := events.Decoded(logger, func(ctx context.Context, tx pgx.Tx, e *eventsv1.RenterErased) error {
		return erase(ctx, tx, e.GetRenterId(), e.GetActor())
	})
	return server.Func("renter-erasures", func(ctx context.Context) error {
		return events.Consume(ctx, js, pool, logger, events.ConsumerConfig{
			Stream: stream.Stream(), Durable: streams.RentingErasures, Handles: []string{stream.Erased()},
		}, erased)
	})
}
