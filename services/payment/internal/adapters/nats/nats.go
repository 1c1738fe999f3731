// Package nats consumes the renting service's events for the payment service.
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
	"semesterhaus/services/payment/internal/app"
	"semesterhaus/services/payment/internal/domain"
)

// Durable is the name of this service's consumer on the renting stream.
const Durable = streams.PaymentRenting

// RentingConsumer creates a payment when a renting's contract is signed, closes it when the booking
// is cancelled and books the settlement of a deposit.
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

// handle creates the payment of a renting whose contract was signed, closes the payment of a
// cancelled one and books (and refunds) a deposit's settlement; other subjects are acknowledged
// unread, an undecodable payload is logged and acknowledged (events.Decoded). A refund the payment
// cannot give is logged and acknowledged (its refusal is audited in the same transaction):
// delivering it again would refuse it again.
func (c *RentingConsumer) handle(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error {
	switch msg.Subject() {
	case c.stream.StateChanged("CONTRACT_SIGNED"):
		return events.Decoded(c.logger, c.signed)(ctx, tx, msg)
	case c.stream.StateChanged("CANCELED"):
		return events.Decoded(c.logger, c.canceled)(ctx, tx, msg)
	case c.stream.DepositSettled():
		return events.Decoded(c.logger, c.depositSettled)(ctx, tx, msg)
	}
	return nil
}

func (c *RentingConsumer) signed(ctx context.Context, tx pgx.Tx, event *eventsv1.RentingStateChanged) error {
	return c.payments.CreateForRenting(ctx, c.in(tx), Signing(event))
}

func (c *RentingConsumer) canceled(ctx context.Context, tx pgx.Tx, event *eventsv1.RentingStateChanged) error {
	cancellation := event.GetCancellation()
	return c.refused(ctx, event.GetRentingId(), cancellation.GetRefundCents(), cancellation.GetActor(),
		c.payments.CancelForRenting(ctx, c.in(tx), app.Cancellation{
			EventID: event.GetEventId(), RentingID: event.GetRentingId(), RefundCents: cancellation.GetRefundCents(),
		}))
}

func (c *RentingConsumer) depositSettled(ctx context.Context, tx pgx.Tx, event *eventsv1.DepositSettled) error {
	return c.refused(ctx, event.GetDepositRentingId(), event.GetRefundCents(), event.GetActor(),
		c.payments.SettleDeposit(ctx, c.in(tx), settlement(event)))
}

// refused acknowledges a refund the payment refused (audited already), logging it; other errors stay.
func (c *RentingConsumer) refused(ctx context.Context, rentingID string, refundCents int64, actor string, err error) error {
	if domain.RefundRefused(err) {
		c.logger.ErrorContext(ctx, "refund refused", "renting", rentingID, "refund_cents", refundCents, "actor", actor, "err", err)
		return nil
	}
	return err
}

// Signing is the contract a contract_signed event names.
func Signing(event *eventsv1.RentingStateChanged) app.Signing {
	items := make([]domain.ContractItem, len(event.GetContractItems()))
	for i, it := range event.GetContractItems() {
		items[i] = domain.ContractItem{
			Item: domain.Item(it.GetKind()), Text: it.GetTextDe() + " / " + it.GetTextEn(), TotalCents: it.GetTotalCents(),
		}
	}
	return app.Signing{
		RentingID: event.GetRentingId(), ApartmentID: event.GetApartmentId(), SemesterID: event.GetSemesterId(),
		ContractTotalCents: event.GetContractTotalCents(), ContractCurrency: event.GetContractCurrency(), Items: items,
	}
}

func settlement(event *eventsv1.DepositSettled) domain.Settlement {
	deductions := make([]domain.Deduction, len(event.GetDeductions()))
	for i, d := range event.GetDeductions() {
		deductions[i] = domain.Deduction{Description: d.GetDescription(), Cents: d.GetAmountCents()}
	}
	s := domain.Settlement{
		EventID: event.GetEventId(), RentingID: event.GetDepositRentingId(), Method: domain.SettlementMethod(event.GetMethod()),
		RefundCents: event.GetRefundCents(), BankReference: event.GetBankReference(), Deductions: deductions,
	}
	if event.GetAt() != nil {
		s.At = event.GetAt().AsTime()
	}
	return s
}
