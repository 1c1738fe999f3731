package nats

import (
	"context"
	"log/slog"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/proto"

	"semesterhaus/platform/events"
	"semesterhaus/platform/server"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	pgadapter "semesterhaus/services/renting/internal/adapters/postgres"
	"semesterhaus/services/renting/internal/app"
)

// Source is a stream another service publishes into; tests use streams and subjects of their own.
type Source struct {
	Name          string // e.g. DOCUMENT
	SubjectPrefix string // e.g. document: subjects are document.contract_requested, ...
}

// The streams of the document and payment services (docs/booking.md, "Contract, payment and key
// code").
var (
	DocumentStream = Source{Name: "DOCUMENT", SubjectPrefix: "document"}
	PaymentStream  = Source{Name: "PAYMENT", SubjectPrefix: "payment"}
)

// Consumers apply the document and payment services' facts to the rentings.
type Consumers struct {
	js       jetstream.JetStream
	pool     *pgxpool.Pool
	repo     *pgadapter.Repository
	rentings *app.Rentings
	logger   *slog.Logger
}

// NewConsumers returns the consumers; Components starts them.
func NewConsumers(js jetstream.JetStream, pool *pgxpool.Pool, repo *pgadapter.Repository, rentings *app.Rentings, logger *slog.Logger) *Consumers {
	return &Consumers{js: js, pool: pool, repo: repo, rentings: rentings, logger: logger}
}

// Components are one durable consumer per stream. Each takes its stream's whole subject tree with
// one filter (older NATS servers know no more), which also keeps a contract's facts in the order
// they were published: signed never overtakes requested.
func (c *Consumers) Components(document, payment Source) []server.Component {
	return []server.Component{
		c.consumer("renting-document-events", document, c.documentRoutes()),
		c.consumer("renting-payment-events", payment, c.paymentRoutes()),
	}
}

// route applies one kind of event, given its payload, in the consumer's transaction.
type route func(ctx context.Context, in app.Updater, payload []byte) error

func (c *Consumers) documentRoutes() map[string]route {
	return map[string]route{
		"contract_requested": decoded(c.logger, func(ctx context.Context, in app.Updater, e *eventsv1.ContractRequested) error {
			return c.rentings.ContractRequested(ctx, in, e.GetRentingId(), e.GetSigningLink())
		}),
		"contract_signed": decoded(c.logger, func(ctx context.Context, in app.Updater, e *eventsv1.ContractSigned) error {
			return c.rentings.ContractSigned(ctx, in, e.GetRentingId())
		}),
	}
}

func (c *Consumers) paymentRoutes() map[string]route {
	return map[string]route{
		"link_created": decoded(c.logger, func(ctx context.Context, in app.Updater, e *eventsv1.PaymentLinkCreated) error {
			return c.rentings.PaymentLinkCreated(ctx, in, e.GetRentingId(), e.GetPaymentLink())
		}),
		"succeeded": decoded(c.logger, func(ctx context.Context, in app.Updater, e *eventsv1.PaymentSucceeded) error {
			return c.rentings.PaymentSucceeded(ctx, in, e.GetRentingId())
		}),
		"failed": decoded(c.logger, func(ctx context.Context, _ app.Updater, e *eventsv1.PaymentFailed) error {
			c.rentings.PaymentFailed(ctx, e.GetRentingId(), e.GetReason())
			return nil
		}),
	}
}

// consumer runs a durable consumer on the source that hands each event to the route named by its
// subject's last part; other subjects are none of the renting's business.
func (c *Consumers) consumer(durable string, source Source, routes map[string]route) server.Component {
	handle := func(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error {
		apply, ok := routes[strings.TrimPrefix(msg.Subject(), source.SubjectPrefix+".")]
		if !ok {
			return nil
		}
		return apply(ctx, c.repo.In(tx), msg.Data())
	}
	return server.Func(durable, func(ctx context.Context) error {
		return events.Consume(ctx, c.js, c.pool, c.logger, events.ConsumerConfig{
			Stream: source.Name, Durable: durable, FilterSubjects: []string{source.SubjectPrefix + ".>"},
		}, handle)
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
