package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"semesterhaus/platform/events"
	"semesterhaus/proto/events/v1/streams"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	"semesterhaus/services/payment/internal/adapters/postgres/db"
	"semesterhaus/services/payment/internal/domain"
)

func paymentFromDB(row db.Payment) domain.Payment {
	p := domain.Payment{
		ID: row.ID.String(), RentingID: row.RentingID.String(),
		Amount: domain.Money{Cents: row.AmountCents, Currency: row.Currency},
		Status: domain.Status(row.Status), Link: row.Link,
		Apartment: row.Apartment, Semester: row.Semester, CreatedAt: row.CreatedAt,
		Checkout:        domain.Checkout{SessionID: row.CheckoutSessionID, URL: row.CheckoutUrl, ExpiresAt: row.CheckoutExpiresAt.Time},
		CheckoutAttempt: int(row.CheckoutAttempt),
		PaymentIntentID: row.PaymentIntentID, RefundedCents: row.RefundedCents, Method: row.Method,
	}
	if row.DisputeID != "" {
		p.Dispute = domain.Dispute{
			ID: row.DisputeID, Status: row.DisputeStatus, Reason: row.DisputeReason,
			Amount: domain.Money{Cents: row.DisputeAmountCents, Currency: row.Currency},
		}
	}
	if row.PaidAt.Valid {
		p.PaidAt = row.PaidAt.Time
	}
	if row.ReceiptNumber.Valid {
		p.ReceiptNumber = row.ReceiptNumber.Int64
	}
	return p
}

func insertParams(p domain.Payment, id, renting pgtype.UUID) db.InsertPaymentParams {
	return db.InsertPaymentParams{
		ID: id, RentingID: renting,
		AmountCents: p.Amount.Cents, Currency: p.Amount.Currency, Link: p.Link,
		Apartment: p.Apartment, Semester: p.Semester, CreatedAt: p.CreatedAt,
		CheckoutUrl: p.Checkout.URL, CheckoutSessionID: p.Checkout.SessionID, CheckoutExpiresAt: timestamptz(p.Checkout.ExpiresAt),
	}
}

func checkoutParams(id pgtype.UUID, p domain.Payment) db.UpdateCheckoutParams {
	return db.UpdateCheckoutParams{
		ID: id, CheckoutUrl: p.Checkout.URL, CheckoutSessionID: p.Checkout.SessionID,
		CheckoutExpiresAt: timestamptz(p.Checkout.ExpiresAt), CheckoutAttempt: int32(p.CheckoutAttempt),
	}
}

func timestamptz(t time.Time) pgtype.Timestamptz {
	return pgtype.Timestamptz{Time: t, Valid: !t.IsZero()}
}

func enqueueLinkCreated(ctx context.Context, tx pgx.Tx, prefix string, p domain.Payment) error {
	event := &eventsv1.PaymentLinkCreated{
		EventId: uuid.NewString(), RentingId: p.RentingID, PaymentId: p.ID, PaymentLink: p.Link,
		AmountCents: p.Amount.Cents, Currency: p.Amount.Currency, At: timestamppb.New(p.CreatedAt),
	}
	return enqueue(ctx, tx, event.EventId, streams.PaymentStream(prefix).LinkCreated(), event)
}

func enqueueSucceeded(ctx context.Context, tx pgx.Tx, prefix string, p domain.Payment) error {
	event := &eventsv1.PaymentSucceeded{
		EventId: uuid.NewString(), RentingId: p.RentingID, PaymentId: p.ID,
		AmountCents: p.Amount.Cents, Currency: p.Amount.Currency, At: timestamppb.New(p.PaidAt),
	}
	return enqueue(ctx, tx, event.EventId, streams.PaymentStream(prefix).Succeeded(), event)
}

func enqueueProcessing(ctx context.Context, tx pgx.Tx, prefix string, p domain.Payment) error {
	event := &eventsv1.PaymentProcessing{
		EventId: uuid.NewString(), RentingId: p.RentingID, PaymentId: p.ID, Method: p.Method, At: timestamppb.Now(),
	}
	return enqueue(ctx, tx, event.EventId, streams.PaymentStream(prefix).Processing(), event)
}

func enqueueFailed(ctx context.Context, tx pgx.Tx, prefix string, p domain.Payment, reason string) error {
	event := &eventsv1.PaymentFailed{
		EventId: uuid.NewString(), RentingId: p.RentingID, PaymentId: p.ID, Reason: reason,
		At: timestamppb.Now(),
	}
	return enqueue(ctx, tx, event.EventId, streams.PaymentStream(prefix).Failed(), event)
}

func refundFromDB(row db.LockRefundRow) domain.Refund {
	return domain.Refund{
		ID: row.ID.String(), PaymentID: row.PaymentID.String(), RentingID: row.RentingID.String(),
		Purpose: domain.RefundPurpose(row.Purpose), Amount: domain.Money{Cents: row.AmountCents, Currency: row.Currency},
		Status: domain.RefundStatus(row.Status), ProviderID: row.ProviderRefundID, Reason: row.Reason, UpdatedAt: row.UpdatedAt.Time,
	}
}

func insertRefundParams(r domain.Refund, id, paymentID pgtype.UUID) db.InsertRefundParams {
	return db.InsertRefundParams{
		ID: id, PaymentID: paymentID, Purpose: string(r.Purpose), AmountCents: r.Amount.Cents, Currency: r.Amount.Currency,
		Status: string(r.Status), ProviderRefundID: r.ProviderID, Reason: r.Reason, CreatedAt: timestamptz(r.UpdatedAt),
	}
}

func enqueueRefundUpdated(ctx context.Context, tx pgx.Tx, prefix string, r domain.Refund) error {
	event := &eventsv1.RefundUpdated{
		EventId: uuid.NewString(), RentingId: r.RentingID, PaymentId: r.PaymentID, RefundId: r.ID,
		Purpose: string(r.Purpose), AmountCents: r.Amount.Cents, Currency: r.Amount.Currency,
		Status: string(r.Status), Reason: r.Reason, At: timestamppb.New(r.UpdatedAt),
	}
	return enqueue(ctx, tx, event.EventId, streams.PaymentStream(prefix).RefundUpdated(), event)
}

func enqueueDisputed(ctx context.Context, tx pgx.Tx, prefix string, p domain.Payment) error {
	event := &eventsv1.PaymentDisputed{
		EventId: uuid.NewString(), RentingId: p.RentingID, PaymentId: p.ID, DisputeId: p.Dispute.ID,
		AmountCents: p.Dispute.Amount.Cents, Currency: p.Dispute.Amount.Currency,
		Status: p.Dispute.Status, Reason: p.Dispute.Reason, At: timestamppb.Now(),
	}
	return enqueue(ctx, tx, event.EventId, streams.PaymentStream(prefix).Disputed(), event)
}

func enqueue(ctx context.Context, tx pgx.Tx, eventID, subject string, event proto.Message) error {
	payload, err := proto.Marshal(event)
	if err != nil {
		return fmt.Errorf("encode %s: %w", subject, err)
	}
	return events.EnqueueWithID(ctx, tx, eventID, subject, payload)
}
