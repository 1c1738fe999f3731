// Package nats consumes the renting service's events and turns them into the renter's mails.
package nats

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/proto"

	"semesterhaus/platform/events"
	"semesterhaus/proto/events/v1/streams"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	"semesterhaus/services/renter/internal/app"
	"semesterhaus/services/renter/internal/domain"
)

// durable is the consumer's name; it is also the key of the events it has processed.
const durable = streams.RenterMails

// MailConsumer writes the mails for the renting service's state changes and key codes.
type MailConsumer struct {
	js     jetstream.JetStream
	pool   *pgxpool.Pool
	in     func(pgx.Tx) app.MailStore
	mails  *app.Mails
	stream streams.RentingStream
	logger *slog.Logger
}

// NewMailConsumer returns the consumer of the stream (streams.Renting; tests use streams of their
// own); Run starts it. in gives the mail store in the consumer's transaction on pool, which also
// records the event as processed.
func NewMailConsumer(js jetstream.JetStream, pool *pgxpool.Pool, in func(pgx.Tx) app.MailStore, mails *app.Mails, stream streams.RentingStream, logger *slog.Logger) *MailConsumer {
	return &MailConsumer{js: js, pool: pool, in: in, mails: mails, stream: stream, logger: logger}
}

// Run consumes until ctx ends; it waits for its durable when the provisioning has not made it yet.
// It acts on the catalogue's subjects of streams.RenterMails: state changes, key codes, reminders,
// the waitlist's mails, a reissued contract, the handover, its answer and the deposit's settlement; renting.deleted is none of the renter's mails (RetentionConsumer's).
func (c *MailConsumer) Run(ctx context.Context) error {
	return events.Consume(ctx, c.js, c.pool, c.logger, events.ConsumerConfig{Stream: c.stream.Stream(), Durable: durable}, c.handle)
}

// handle runs in the transaction that records the event as processed, so the mail and token it
// stores exist exactly once per event.
func (c *MailConsumer) handle(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error {
	switch msg.Subject() {
	case c.stream.KeyCodeDue():
		return c.keyCodeDue(ctx, tx, msg)
	case c.stream.ReminderDue():
		return c.reminderDue(ctx, tx, msg)
	case c.stream.WaitlistConfirmation():
		return c.waitlistConfirmation(ctx, tx, msg)
	case c.stream.WaitlistOffer():
		return c.waitlistOffer(ctx, tx, msg)
	case c.stream.ContractReissued():
		return c.contractReissued(ctx, tx, msg)
	case c.stream.HandoverRecorded():
		return c.handoverRecorded(ctx, tx, msg)
	case c.stream.HandoverAnswered():
		return c.handoverAnswered(ctx, tx, msg)
	case c.stream.DepositSettled():
		return c.depositSettled(ctx, tx, msg)
	default:
		return c.stateChanged(ctx, tx, msg) // the only other subject Run handles
	}
}

func (c *MailConsumer) stateChanged(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error {
	var event eventsv1.RentingStateChanged
	if !decode(c.logger, msg, &event) {
		return nil
	}
	change := stateChangeFromProto(&event)
	change.EventID = eventID(msg, &event)
	return c.outcome(c.mails.OnStateChange(ctx, c.in(tx), change), &event, event.GetToState())
}

func (c *MailConsumer) contractReissued(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error {
	var event eventsv1.ContractReissued
	if !decode(c.logger, msg, &event) {
		return nil
	}
	reissued := domain.ContractReissued{
		EventID: eventID(msg, &event), RentingID: event.GetRentingId(), RenterID: event.GetRenterId(),
		Stay: domain.Stay{ApartmentID: event.GetApartmentId(), SemesterID: event.GetSemesterId(), Renewal: event.GetRenewal(),
			ContractTotalCents: event.GetContractTotalCents()},
	}
	return c.outcome(c.mails.OnContractReissued(ctx, c.in(tx), reissued), &event, "contract reissued")
}

func (c *MailConsumer) handoverRecorded(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error {
	var event eventsv1.HandoverRecorded
	if !decode(c.logger, msg, &event) {
		return nil
	}
	date, ok := day(c.logger, msg, event.GetHandoverDate())
	if !ok {
		return nil
	}
	deadline, ok := day(c.logger, msg, event.GetAnswerDeadline())
	if !ok {
		return nil
	}
	recorded := domain.HandoverRecorded{
		EventID: eventID(msg, &event), RentingID: event.GetRentingId(), RenterID: event.GetRenterId(),
		Stay: domain.Stay{ApartmentID: event.GetApartmentId(), SemesterID: event.GetSemesterId()},
		Handover: domain.Handover{
			Date: date, MeterReadings: meterReadingsFromProto(event.GetMeterReadings()), Damages: deductionsFromProto(event.GetDamages()),
			DepositCents: event.GetDepositCents(), RefundCents: event.GetRefundCents(), AnswerDeadline: deadline,
		},
	}
	return c.outcome(c.mails.OnHandoverRecorded(ctx, c.in(tx), recorded), &event, "handover recorded")
}

func (c *MailConsumer) handoverAnswered(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error {
	var event eventsv1.HandoverAnswered
	if !decode(c.logger, msg, &event) {
		return nil
	}
	answered := domain.HandoverAnswered{
		EventID: eventID(msg, &event), RentingID: event.GetRentingId(), RenterID: event.GetRenterId(),
		Stay:   domain.Stay{ApartmentID: event.GetApartmentId(), SemesterID: event.GetSemesterId()},
		Answer: domain.HandoverAnswer{Disputed: event.GetAnswer() == "DISPUTED", Reason: event.GetReason()},
	}
	return c.outcome(c.mails.OnHandoverAnswered(ctx, c.in(tx), answered), &event, "handover answered")
}

func (c *MailConsumer) depositSettled(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error {
	var event eventsv1.DepositSettled
	if !decode(c.logger, msg, &event) {
		return nil
	}
	settled := domain.DepositSettled{
		EventID: eventID(msg, &event), RentingID: event.GetRentingId(), RenterID: event.GetRenterId(),
		Stay: domain.Stay{ApartmentID: event.GetApartmentId(), SemesterID: event.GetSemesterId()},
		Settlement: domain.DepositSettlement{
			DepositCents: event.GetDepositCents(), Deductions: deductionsFromProto(event.GetDeductions()),
			RefundCents: event.GetRefundCents(), Method: domain.SettlementMethod(event.GetMethod()), BankReference: event.GetBankReference(),
		},
	}
	return c.outcome(c.mails.OnDepositSettled(ctx, c.in(tx), settled), &event, "deposit settled")
}

func (c *MailConsumer) keyCodeDue(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error {
	var event eventsv1.KeyCodeDue
	if !decode(c.logger, msg, &event) {
		return nil
	}
	due := domain.KeyCodeDue{
		EventID: eventID(msg, &event), RentingID: event.GetRentingId(), RenterID: event.GetRenterId(),
		Stay:      domain.Stay{ApartmentID: event.GetApartmentId(), SemesterID: event.GetSemesterId()},
		AccessKey: event.GetAccessKey(), MoveIn: event.GetMoveIn().AsTime(),
	}
	return c.outcome(c.mails.OnKeyCodeDue(ctx, c.in(tx), due), &event, "key code")
}

func (c *MailConsumer) reminderDue(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error {
	var event eventsv1.ReminderDue
	if !decode(c.logger, msg, &event) {
		return nil
	}
	due := domain.ReminderDue{
		EventID: eventID(msg, &event), RentingID: event.GetRentingId(), RenterID: event.GetRenterId(),
		Stay: domain.Stay{ApartmentID: event.GetApartmentId(), SemesterID: event.GetSemesterId(), Renewal: event.GetRenewal(),
			ContractTotalCents: event.GetContractTotalCents()},
		Step:         event.GetStep(),
		RenewalToken: event.GetRenewalToken(),
	}
	if deadline := event.GetAnswerDeadline(); deadline != "" {
		var ok bool
		if due.AnswerDeadline, ok = day(c.logger, msg, deadline); !ok {
			return nil
		}
	}
	return c.outcome(c.mails.OnReminderDue(ctx, c.in(tx), due), &event, "reminder "+event.GetStep())
}

func (c *MailConsumer) waitlistConfirmation(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error {
	var event eventsv1.WaitlistConfirmationRequested
	if !decode(c.logger, msg, &event) {
		return nil
	}
	return c.waitlistOutcome(c.mails.OnWaitlistMail(ctx, c.in(tx), domain.WaitlistMail{
		EventID: eventID(msg, &event), Kind: domain.MailWaitlistConfirm, EntryID: event.GetEntryId(),
		Email: event.GetEmail(), Name: event.GetName(), Language: domain.Language(event.GetLanguage()), Token: event.GetToken(),
		Stay: domain.Stay{SemesterID: event.GetSemesterId()},
	}), event.GetEntryId())
}

func (c *MailConsumer) waitlistOffer(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error {
	var event eventsv1.WaitlistOfferMade
	if !decode(c.logger, msg, &event) {
		return nil
	}
	return c.waitlistOutcome(c.mails.OnWaitlistMail(ctx, c.in(tx), domain.WaitlistMail{
		EventID: eventID(msg, &event), Kind: domain.MailWaitlistOffer, EntryID: event.GetEntryId(),
		Email: event.GetEmail(), Name: event.GetName(), Language: domain.Language(event.GetLanguage()), Token: event.GetToken(),
		Stay:     domain.Stay{ApartmentID: event.GetApartmentId(), SemesterID: event.GetSemesterId()},
		Deadline: event.GetExpiresAt().AsTime(),
	}), event.GetEntryId())
}

// waitlistOutcome has a failed waitlist mail retried.
func (c *MailConsumer) waitlistOutcome(err error, entryID string) error {
	if err != nil {
		return fmt.Errorf("waitlist mail for entry %s: %w", entryID, err)
	}
	return nil
}

// decode reports whether the payload is an event; one that is not is logged and dropped, as it
// would fail the same way on every delivery.
func decode(logger *slog.Logger, msg jetstream.Msg, event proto.Message) bool {
	if err := proto.Unmarshal(msg.Data(), event); err != nil {
		logger.Error("dropping undecodable renting event", "subject", msg.Subject(), "err", err)
		return false
	}
	return true
}

// day reads a calendar day of an event; one that is none is logged and the event dropped, as it
// would fail the same way on every delivery.
func day(logger *slog.Logger, msg jetstream.Msg, value string) (time.Time, bool) {
	t, err := domain.ParseDay(value)
	if err != nil {
		logger.Error("dropping renting event with an invalid day", "subject", msg.Subject(), "err", err)
		return time.Time{}, false
	}
	return t, true
}

// rentingEvent is what every renting event tells about whom it concerns.
type rentingEvent interface {
	GetEventId() string
	GetRentingId() string
	GetRenterId() int64
}

// outcome drops a mail for a renter deleted meanwhile (there is nobody to write to) or a reminder
// of a step it has no mail for, and has any other failure retried.
func (c *MailConsumer) outcome(err error, event rentingEvent, mail string) error {
	if errors.Is(err, app.ErrUnknownRenter) {
		c.logger.Warn("no mail for a renting event: renter unknown", "renting_id", event.GetRentingId(), "renter_id", event.GetRenterId())
		return nil
	}
	if errors.Is(err, app.ErrUnknownStep) {
		c.logger.Error("no mail for a renting event: unknown reminder", "renting_id", event.GetRentingId(), "mail", mail)
		return nil
	}
	if err != nil {
		return fmt.Errorf("mail for renting %s (%s): %w", event.GetRentingId(), mail, err)
	}
	return nil
}

func stateChangeFromProto(e *eventsv1.RentingStateChanged) domain.StateChange {
	return domain.StateChange{
		RentingID: e.GetRentingId(), RenterID: e.GetRenterId(),
		Stay: domain.Stay{ApartmentID: e.GetApartmentId(), SemesterID: e.GetSemesterId(), Renewal: e.GetRenewal(),
			ContractTotalCents: e.GetContractTotalCents()},
		FromState: e.GetFromState(), ToState: e.GetToState(),
		RenewalToken: e.GetRenewalToken(), Cancellation: cancellationFromProto(e.GetCancellation()),
	}
}

func meterReadingsFromProto(readings []*eventsv1.MeterReading) []domain.MeterReading {
	out := make([]domain.MeterReading, 0, len(readings))
	for _, r := range readings {
		out = append(out, domain.MeterReading{Meter: r.GetMeter(), Value: r.GetValue()})
	}
	return out
}

func deductionsFromProto(deductions []*eventsv1.Deduction) []domain.Deduction {
	out := make([]domain.Deduction, 0, len(deductions))
	for _, d := range deductions {
		out = append(out, domain.Deduction{Description: d.GetDescription(), AmountCents: d.GetAmountCents()})
	}
	return out
}

func cancellationFromProto(c *eventsv1.Cancellation) *domain.Cancellation {
	if c == nil {
		return nil
	}
	return &domain.Cancellation{Reason: c.GetReason(), RefundCents: c.GetRefundCents()}
}

// eventID is the id the mail is stored under: the Nats-Msg-Id that events.Consume de-duplicates on
// (the producer sets it to the payload's event id), else the payload's, else the stream position.
func eventID(msg jetstream.Msg, e interface{ GetEventId() string }) string {
	if id := cmp.Or(msg.Headers().Get(jetstream.MsgIDHeader), e.GetEventId()); id != "" {
		return id
	}
	meta, err := msg.Metadata()
	if err != nil {
		return ""
	}
	return fmt.Sprintf("%s:%d", meta.Stream, meta.Sequence.Stream)
}
