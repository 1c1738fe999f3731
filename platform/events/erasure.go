package events

import (
	"context"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"

	"semesterhaus/platform/server"
	"semesterhaus/proto/events/v1/streams"
	eventsv1 "semesterhaus/proto/gen/events/v1"
)

// Erase erases in tx what a service keeps of an erased renter; actor is who executed the erasure.
type Erase func(ctx context.Context, tx pgx.Tx, renterID int64, actor string) error

// ErasureConsumer is the consumer of the renter service's executed erasures (renter.erased on stream:
// streams.Renter; tests use streams of their own) that every service keeping a renter's personal data
// runs under its durable name (streams.RentingErasures, streams.DocumentErasures): erase runs in the
// transaction that records the event, so a redelivery changes nothing.
func ErasureConsumer(js jetstream.JetStream, pool *pgxpool.Pool, stream streams.RenterStream, durable string, erase Erase, logger *slog.Logger) server.Component {
	erased := Decoded(logger, func(ctx context.Context, tx pgx.Tx, e *eventsv1.RenterErased) error {
		return erase(ctx, tx, e.GetRenterId(), e.GetActor())
	})
	return server.Func("renter-erasures", func(ctx context.Context) error {
		return Consume(ctx, js, pool, logger, ConsumerConfig{Stream: stream.Stream(), Durable: durable}, erased)
	})
}
