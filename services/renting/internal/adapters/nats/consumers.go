// Package nats applies the document and payment services' facts, consumed from their NATS
// JetStream streams, to the rentings.
package nats

import (
	"context"
	"fmt"
	"log/slog"
	"maps"
	"slices"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/proto"

	"semesterhaus/platform/events"
	"semesterhaus/platform/server"
	"semesterhaus/proto/events/v1/streams"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	"semesterhaus/services/renting/internal/app"
	"semesterhaus/services/renting/internal/domain"
)

// Consumers apply the document and payment services' facts to the rentings.
type Consumers struct {
	js     jetstream.JetStream
	pool   *pgxpool.Pool
	in     func(pgx.Tx) app.Updater
	facts  *app.Facts
	logger *slog.Logger
}

// NewConsumers returns the consumers; Components starts them. in gives the rentings' Updater in the
// consumer's transaction on pool, which also records the event as processed.
func NewConsumers(js jetstream.JetStream, pool *pgxpool.Pool, in func(pgx.Tx) app.Updater, facts *app.Facts, logger *slog.Logger) *Consumers {
	return &Consumers{js: js, pool: pool, in: in, facts: facts, logger: logger}
}

// Components are one durable consumer per stream (streams.Document and streams.Payment; tests use
// streams of their own). One consumer per stream keeps a contract's facts in the order they were
// published: signed never overtakes requested.
func (c *Consumers) Components(document streams.DocumentStream, payment streams.PaymentStream) []server.Component {
	return []server.Component{
		c.consumer(streams.RentingDocumentEvents, document.Stream(), c.documentRoutes(document)),
		c.consumer(streams.RentingPaymentEvents, payment.Stream(), c.paymentRoutes(payment)),
	}
}

// route applies one kind of event, given its payload, in the consumer's transaction.
type route func(ctx context.Context, in app.Updater, payload []byte) error

func (c *Consumers) documentRoutes(document streams.DocumentStream) map[string]route {
	return map[string]route{
		document.ContractRequested(): decoded(c.logger, func(ctx context.Context, in app.Updater, e *eventsv1.ContractRequested) error {
			if e.GetReplacesDocumentId() != "" { // the office reissued the open contract
				return c.facts.ContractReissued(ctx, in, e.GetRentingId(), e.GetSigningLink(), contractPrice(e))
			}
			return c.facts.ContractRequested(ctx, in, e.GetRentingId(), e.GetSigningLink(), contractPrice(e))
		}),
		document.ContractSigned(): decoded(c.logger, func(ctx context.Context, in app.Updater, e *eventsv1.ContractSigned) error {
			return c.facts.ContractSigned(ctx, in, e.GetRentingId())
		}),
	}
}

func (c *Consumers) paymentRoutes(payment streams.PaymentStream) map[string]route {
	return map[string]route{
		payment.LinkCreated(): decoded(c.logger, func(ctx context.Context, in app.Updater, e *eventsv1.PaymentLinkCreated) error {
			return c.facts.PaymentLinkCreated(ctx, in, e.GetRentingId(), e.GetPaymentLink())
		}),
		payment.Succeeded(): decoded(c.logger, func(ctx context.Context, in app.Updater, e *eventsv1.PaymentSucceeded) error {
			return c.facts.PaymentSucceeded(ctx, in, e.GetRentingId())
		}),
		payment.Failed(): decoded(c.logger, func(ctx context.Context, in app.Updater, e *eventsv1.PaymentFailed) error {
			return c.facts.PaymentFailed(ctx, in, e.GetRentingId(), e.GetReason())
		}),
		payment.Processing(): decoded(c.logger, func(ctx context.Context, in app.Updater, e *eventsv1.PaymentProcessing) error {
			return c.facts.PaymentProcessing(ctx, in, e.GetRentingId())
		}),
		payment.Disputed(): decoded(c.logger, func(ctx context.Context, in app.Updater, e *eventsv1.PaymentDisputed) error {
			return c.facts.PaymentDisputed(ctx, in, e.GetRentingId(), e.GetStatus())
		}),
		payment.RefundUpdated(): decoded(c.logger, func(ctx context.Context, in app.Updater, e *eventsv1.RefundUpdated) error {
			return c.facts.RefundUpdated(ctx, in, e.GetRentingId(), e.GetStatus(), e.GetReason())
		}),
	}
}

// consumer runs a durable consumer on the stream that handles the subjects of the routes, each
// event by the route of its subject.
func (c *Consumers) consumer(durable string, stream streams.Stream, routes map[string]route) server.Component {
	handle := func(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error {
		apply, ok := routes[msg.Subject()]
		if !ok { // events.Consume hands over only the subjects in Handles
			return fmt.Errorf("no route for %s", msg.Subject())
		}
		return apply(ctx, c.in(tx), msg.Data())
	}
	return server.Func(durable, func(ctx context.Context) error {
		// The durable's subjects are the catalogue's (the provisioning gives them to it): each needs
		// its route.
		if declared, _ := stream.Consumer(durable); !slices.Equal(slices.Sorted(slices.Values(declared.Handles)), slices.Sorted(maps.Keys(routes))) {
			return fmt.Errorf("consumer %s: the catalogue declares %v, the routes are %v", durable, declared.Handles, slices.Sorted(maps.Keys(routes)))
		}
		return events.Consume(ctx, c.js, c.pool, c.logger, events.ConsumerConfig{Stream: stream, Durable: durable}, handle)
	})
}

// decoded turns a handler of one event type into a route. An undecodable payload is logged and
// dropped: it would fail the same way on every delivery.
func decoded[E any, P interface {
	*E
	proto.Message
}](logger *slog.Logger, apply func(context.Context, app.Updater, P) error) route {
	return func(ctx context.Context, in app.Updater, payload []byte) error {
		event := P(new(E))
		if err := proto.Unmarshal(payload, event); err != nil {
			logger.ErrorContext(ctx, "dropping undecodable event", "type", proto.MessageName(event), "err", err)
			return nil
		}
		return apply(ctx, in, event)
	}
}

// contractPrice is the price document.contract_requested says the contract was written with.
func contractPrice(e *eventsv1.ContractRequested) domain.ContractPrice {
	items := make([]domain.PriceItem, len(e.GetItems()))
	for i, item := range e.GetItems() {
		items[i] = domain.PriceItem{
			Kind: item.GetKind(), TextDe: item.GetTextDe(), TextEn: item.GetTextEn(), Quantity: int(item.GetQuantity()),
			Amount: item.GetAmountCents(), Total: item.GetTotalCents(),
		}
	}
	return domain.ContractPrice{Cents: e.GetTotalCents(), Currency: e.GetCurrency(), Items: items}
}
