// Package nats consumes the facts other services publish on NATS JetStream.
package nats

import (
	"context"
	"fmt"
	"log/slog"
	"slices"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/proto"

	"semesterhaus/platform/events"
	"semesterhaus/proto/events/v1/streams"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	"semesterhaus/services/document/internal/app"
	"semesterhaus/services/document/internal/domain"
)

// Durable is the name of this service's consumer on the renting stream.
const Durable = streams.DocumentRenting

// RentingDocuments deletes a renting's documents, releases or deletes its pending uploads, and gives
// the contract store, in the consumer's transaction, which also records the event as processed: the
// change and that record commit together.
type RentingDocuments interface {
	DeleteRentingDocumentsIn(ctx context.Context, tx pgx.Tx, rentingID, actor string) (int64, error)
	ReleasePendingUploadsIn(ctx context.Context, tx pgx.Tx, rentingID string, renterID int64, actor string) (int64, error)
	DeletePendingUploadsIn(ctx context.Context, tx pgx.Tx, rentingID string, renterID int64, actor string) (int64, error)
	ScheduleDeletionIn(ctx context.Context, tx pgx.Tx, rule domain.Retention) (int64, error)
	ContractStoreIn(tx pgx.Tx) app.ContractStore
}

// ContractRequests writes a renting's contract and opens its signing session.
type ContractRequests interface {
	RequestContract(ctx context.Context, store app.ContractStore, renting domain.Renting) error
}

// Keeping schedules the deletions a booking's moves call for (app.Keeping).
type Keeping interface {
	ContractAsked(ctx context.Context, deletions app.Deletions, move domain.BookingMove, semesterID int32) error
	BookingEnded(ctx context.Context, deletions app.Deletions, move domain.BookingMove) error
}

// approvedState is the state of a booking whose renter's identity an admin approved.
const approvedState = "OWNER_ACKNOWLEDGED"

// contractStates are the renting states (RentingStateChanged.to_state, in the subject) that ask for
// a contract: a new booking once an admin approved the identity, and an accepted renewal.
var contractStates = []string{"OWNER_ACKNOWLEDGED", "RENEWAL_ACCEPTED"}

// confirmedStates are the states a booking request reaches when the address owner opens the
// confirmation link: its pending uploads become the renter's documents then.
var confirmedStates = []string{"APARTMENT_RESERVED", "SELECT_APARTMENT"}

// canceledState is the state of a cancelled renting.
const canceledState = "CANCELED"

// requestedState is the state of a booking request before its confirmation (RentingStateChanged
// names states as the renting service does); a cancellation from it deletes the pending uploads.
const requestedState = "APARTMENT_REQUESTED"

// The actors the audit log names for the changes this consumer makes to pending uploads.
const (
	confirmationActor = "email-confirmation"
	cancellationActor = "renting-cancellation"
)

// RentingConsumer removes the uploads of deleted rentings, makes the pending uploads of confirmed
// booking requests the renter's documents and deletes those of requests cancelled unconfirmed, and
// requests the contracts of approved bookings and accepted renewals.
type RentingConsumer struct {
	js        jetstream.JetStream
	pool      *pgxpool.Pool
	documents RentingDocuments
	contracts ContractRequests
	keeping   Keeping
	logger    *slog.Logger
	stream    streams.RentingStream
}

// NewRentingConsumer returns the consumer of the stream (streams.Renting; tests use streams of their
// own). pool is the database the documents and the processed events are in.
func NewRentingConsumer(js jetstream.JetStream, pool *pgxpool.Pool, documents RentingDocuments, contracts ContractRequests, keeping Keeping, logger *slog.Logger, stream streams.RentingStream) *RentingConsumer {
	return &RentingConsumer{js: js, pool: pool, documents: documents, contracts: contracts, keeping: keeping, logger: logger, stream: stream}
}

// Run consumes until ctx ends. The server sends only the subjects this service acts on where it can
// filter by several (NATS 2.10 on); older servers send the whole stream, and the other subjects are
// acknowledged and skipped. The subjects are the catalogue's (streams.Consumer.Handles, which the
// provisioning gives the durable); Run refuses to start when they are not the ones handle knows.
func (c *RentingConsumer) Run(ctx context.Context) error {
	handles := []string{c.stream.Deleted(), c.stream.StateChanged(canceledState)}
	for _, state := range slices.Concat(contractStates, confirmedStates) {
		handles = append(handles, c.stream.StateChanged(state))
	}
	stream := c.stream.Stream()
	if declared, _ := stream.Consumer(Durable); !slices.Equal(slices.Sorted(slices.Values(declared.Handles)), slices.Sorted(slices.Values(handles))) {
		return fmt.Errorf("consumer %s: the catalogue declares %v, the handler acts on %v", Durable, declared.Handles, handles)
	}
	return events.Consume(ctx, c.js, c.pool, c.logger, events.ConsumerConfig{Stream: stream, Durable: Durable}, c.handle)
}

func (c *RentingConsumer) handle(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error {
	if msg.Subject() == c.stream.Deleted() {
		return c.deleteDocuments(ctx, tx, msg)
	}
	var event eventsv1.RentingStateChanged
	if err := proto.Unmarshal(msg.Data(), &event); err != nil {
		return fmt.Errorf("decode %s: %w", msg.Subject(), err)
	}
	switch subject := msg.Subject(); {
	case subject == c.stream.StateChanged(canceledState):
		return c.ended(ctx, tx, &event)
	case slices.ContainsFunc(confirmedStates, func(s string) bool { return subject == c.stream.StateChanged(s) }):
		return c.releaseUploads(ctx, tx, &event)
	default: // Run lets only the contract states through besides
		move := bookingMove(&event)
		move.Approved = event.GetToState() == approvedState
		if err := c.keeping.ContractAsked(ctx, c.deletionsIn(tx), move, event.GetSemesterId()); err != nil {
			return err
		}
		return c.contracts.RequestContract(ctx, c.documents.ContractStoreIn(tx), domain.Renting{
			ID: event.GetRentingId(), RenterID: event.GetRenterId(), ApartmentID: event.GetApartmentId(),
			SemesterID: event.GetSemesterId(), Renewal: event.GetRenewal(),
		})
	}
}

// ended handles a cancelled renting: a request never confirmed loses its pending uploads; a booking
// that ended later has its papers deleted by the retention rules.
func (c *RentingConsumer) ended(ctx context.Context, tx pgx.Tx, event *eventsv1.RentingStateChanged) error {
	if event.GetFromState() == requestedState {
		return c.deleteUnconfirmedUploads(ctx, tx, event)
	}
	return c.keeping.BookingEnded(ctx, c.deletionsIn(tx), bookingMove(event))
}

// bookingMove is the event's renting and time, as the retention rules take them.
func bookingMove(event *eventsv1.RentingStateChanged) domain.BookingMove {
	return domain.BookingMove{RentingID: event.GetRentingId(), RenterID: event.GetRenterId(), At: event.GetAt().AsTime()}
}

// deletionsIn schedules deletions in the consumer's transaction.
func (c *RentingConsumer) deletionsIn(tx pgx.Tx) app.Deletions { return deletions{c.documents, tx} }

type deletions struct {
	documents RentingDocuments
	tx        pgx.Tx
}

func (d deletions) ScheduleDeletion(ctx context.Context, rule domain.Retention) error {
	_, err := d.documents.ScheduleDeletionIn(ctx, d.tx, rule)
	return err
}

// releaseUploads makes a confirmed request's pending uploads its renter's documents. A repeated
// confirmation (SELECT_APARTMENT → APARTMENT_RESERVED) finds nothing pending any more.
func (c *RentingConsumer) releaseUploads(ctx context.Context, tx pgx.Tx, event *eventsv1.RentingStateChanged) error {
	released, err := c.documents.ReleasePendingUploadsIn(ctx, tx, event.GetRentingId(), event.GetRenterId(), confirmationActor)
	if err != nil {
		return err
	}
	c.logger.InfoContext(ctx, "a confirmed request's uploads became the renter's documents", "renting", event.GetRentingId(), "uploads", released)
	return nil
}

// deleteUnconfirmedUploads deletes the pending uploads of a request cancelled before its address was
// confirmed (superseded, expired).
func (c *RentingConsumer) deleteUnconfirmedUploads(ctx context.Context, tx pgx.Tx, event *eventsv1.RentingStateChanged) error {
	deleted, err := c.documents.DeletePendingUploadsIn(ctx, tx, event.GetRentingId(), event.GetRenterId(), cancellationActor)
	if err != nil {
		return err
	}
	c.logger.InfoContext(ctx, "deleted the uploads of a request cancelled unconfirmed", "renting", event.GetRentingId(), "uploads", deleted)
	return nil
}

func (c *RentingConsumer) deleteDocuments(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error {
	var event eventsv1.RentingDeleted
	if err := proto.Unmarshal(msg.Data(), &event); err != nil {
		return fmt.Errorf("decode %s: %w", msg.Subject(), err)
	}
	deleted, err := c.documents.DeleteRentingDocumentsIn(ctx, tx, event.GetRentingId(), event.GetActor())
	if err != nil {
		return err
	}
	c.logger.InfoContext(ctx, "deleted the documents of a deleted renting", "renting", event.GetRentingId(), "documents", deleted)
	return nil
}
