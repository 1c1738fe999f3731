// Package postgres stores payments and the provider's events in the payment service's PostgreSQL
// database, on sqlc-generated queries. Every change is stored with its outbox event in one
// transaction.
package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"semesterhaus/platform/audit"
	"semesterhaus/platform/postgres"
	"semesterhaus/services/payment/internal/adapters/postgres/db"
	"semesterhaus/services/payment/internal/app"
	"semesterhaus/services/payment/internal/domain"
)

// Repository is the payment store; it owns its transactions.
type Repository struct {
	pool     *pgxpool.Pool
	queries  *db.Queries
	subjects string // events go out on <subjects>.link_created, .succeeded and .failed
}

// NewRepository returns a repository on the pool whose events use the subject prefix (the service
// uses "payment"; tests use their own, as streams on one NATS server may not share subjects).
func NewRepository(pool *pgxpool.Pool, subjectPrefix string) *Repository {
	return &Repository{pool: pool, queries: db.New(pool), subjects: subjectPrefix}
}

// Payment loads one payment or returns domain.ErrNotFound.
func (r *Repository) Payment(ctx context.Context, id string) (domain.Payment, error) {
	paymentID, err := toUUID(id)
	if err != nil {
		return domain.Payment{}, err
	}
	row, err := r.queries.GetPayment(ctx, paymentID)
	return paymentResult(row, err, "payment "+id)
}

// PaymentOfRenting loads the renting's payment or returns domain.ErrNotFound.
func (r *Repository) PaymentOfRenting(ctx context.Context, rentingID string) (domain.Payment, error) {
	return paymentOfRenting(ctx, r.queries, rentingID)
}

// PaymentsOfRentings loads the payments of the rentings, oldest first; a renting without one has none.
func (r *Repository) PaymentsOfRentings(ctx context.Context, rentingIDs []string) ([]domain.Payment, error) {
	ids := make([]pgtype.UUID, len(rentingIDs))
	for i, id := range rentingIDs {
		var err error
		if ids[i], err = toUUID(id); err != nil {
			return nil, err
		}
	}
	rows, err := r.queries.ListPaymentsOfRentings(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("load the payments of %d rentings: %w", len(ids), err)
	}
	payments := make([]domain.Payment, len(rows))
	for i, row := range rows {
		payments[i] = paymentFromDB(row)
	}
	return payments, nil
}

// InTx returns the store bound to the caller's transaction, e.g. an event consumer's.
func (r *Repository) InTx(tx pgx.Tx) *TxStore {
	return &TxStore{tx: tx, queries: r.queries.WithTx(tx), subjects: r.subjects}
}

// Apply records the provider's event id, applies the report to its payment under a row lock,
// enqueues the event that says what happened and runs then on the stored payment with a store bound
// to the transaction, all in one transaction. An event id recorded before changes nothing and gives
// domain.Ignored; an unknown payment gives domain.ErrNotFound.
func (r *Repository) Apply(ctx context.Context, o domain.Outcome, apply func(*domain.Payment) domain.Effect, then func(app.Store, domain.Payment, domain.Effect) error) (domain.Effect, error) {
	paymentID, err := toUUID(o.PaymentID)
	if err != nil {
		return domain.Ignored, err
	}
	effect := domain.Ignored
	err = postgres.InTx(ctx, r.pool, func(tx pgx.Tx) error {
		q := r.queries.WithTx(tx)
		// Locking the payment first makes concurrent deliveries of one event wait for each other.
		row, err := q.LockPayment(ctx, paymentID)
		p, err := paymentResult(row, err, "payment "+o.PaymentID)
		if err != nil {
			return err
		}
		recorded, err := q.InsertWebhookEvent(ctx, db.InsertWebhookEventParams{
			EventID: o.EventID, PaymentID: paymentID, Succeeded: o.Succeeded, Reason: o.Reason,
		})
		if err != nil || recorded == 0 {
			return err
		}
		effect = apply(&p)
		if err := r.store(ctx, tx, q, paymentID, p, effect, o); err != nil {
			return err
		}
		return then(r.InTx(tx), p, effect)
	})
	return effect, err
}

// RenewCheckout loads the payment under a row lock and lets renew change its checkout session, which
// it stores when renew says so, in one transaction: two renters' clicks at once wait for each other,
// so the second finds the session the first made. An unknown payment gives domain.ErrNotFound.
func (r *Repository) RenewCheckout(ctx context.Context, paymentID string, renew func(*domain.Payment) (changed bool, err error)) (domain.Payment, error) {
	id, err := toUUID(paymentID)
	if err != nil {
		return domain.Payment{}, err
	}
	var p domain.Payment
	err = postgres.InTx(ctx, r.pool, func(tx pgx.Tx) error {
		q := r.queries.WithTx(tx)
		row, err := q.LockPayment(ctx, id)
		if p, err = paymentResult(row, err, "payment "+paymentID); err != nil {
			return err
		}
		changed, err := renew(&p)
		if err != nil || !changed {
			return err
		}
		return q.UpdateCheckout(ctx, checkoutParams(id, p))
	})
	return p, err
}

// ApplyRefund locks the refund the report names and stores it when apply changed it, with its
// payment's refunded amount and payment.refund_updated, in one transaction. A refund the service did
// not make (another system's on the same provider account) gives domain.ErrNotFound.
func (r *Repository) ApplyRefund(ctx context.Context, report domain.RefundReport, apply func(*domain.Refund) bool) (bool, error) {
	var params db.LockRefundParams
	params.ProviderRefundID = report.ProviderID
	if params.ID.Scan(report.RefundID) != nil {
		params.ID = pgtype.UUID{}
	}
	changed := false
	err := postgres.InTx(ctx, r.pool, func(tx pgx.Tx) error {
		q := r.queries.WithTx(tx)
		row, err := q.LockRefund(ctx, params)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("refund %s (%s): %w", report.RefundID, report.ProviderID, domain.ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("load refund %s: %w", report.ProviderID, err)
		}
		refund := refundFromDB(row)
		before := refund.Status
		if changed = apply(&refund); !changed {
			return nil
		}
		if err := q.UpdateRefundStatus(ctx, db.UpdateRefundStatusParams{
			ID: row.ID, Status: string(refund.Status), Reason: refund.Reason, UpdatedAt: timestamptz(refund.UpdatedAt),
		}); err != nil {
			return fmt.Errorf("update refund %s: %w", refund.ID, err)
		}
		return refundChanged(ctx, tx, q, r.subjects, row.PaymentID, before, refund)
	})
	return changed, err
}

// ApplyDispute locks the payment the PaymentIntent paid and stores its dispute when apply changed
// it, with payment.disputed, in one transaction. A PaymentIntent of no payment of this service gives
// domain.ErrNotFound.
func (r *Repository) ApplyDispute(ctx context.Context, report domain.DisputeReport, apply func(*domain.Payment) bool) (bool, error) {
	changed := false
	err := postgres.InTx(ctx, r.pool, func(tx pgx.Tx) error {
		q := r.queries.WithTx(tx)
		row, err := q.LockPaymentOfIntent(ctx, report.PaymentIntentID)
		p, err := paymentResult(row, err, "payment of "+report.PaymentIntentID)
		if err != nil {
			return err
		}
		if changed = apply(&p); !changed {
			return nil
		}
		if err := q.UpdateDispute(ctx, db.UpdateDisputeParams{
			ID: row.ID, DisputeID: p.Dispute.ID, DisputeStatus: p.Dispute.Status, DisputeReason: p.Dispute.Reason,
			DisputeAmountCents: p.Dispute.Amount.Cents,
		}); err != nil {
			return fmt.Errorf("dispute of payment %s: %w", p.ID, err)
		}
		return enqueueDisputed(ctx, tx, r.subjects, p)
	})
	return changed, err
}

// refundChanged follows a refund's new or changed row (its status was before, empty for a new one):
// its payment's refunded amount, the ledger's refund once it went through and its return when it
// failed after that, and payment.refund_updated.
func refundChanged(ctx context.Context, tx pgx.Tx, q *db.Queries, subjects string, paymentID pgtype.UUID, before domain.RefundStatus, refund domain.Refund) error {
	if err := q.UpdateRefundedCents(ctx, paymentID); err != nil {
		return fmt.Errorf("refunded amount of payment %s: %w", refund.PaymentID, err)
	}
	var entries []domain.LedgerEntry
	switch {
	case refund.Status == domain.RefundSucceeded:
		entries = append(entries, domain.RefundEntry(refund))
	case refund.Status == domain.RefundFailed && before == domain.RefundSucceeded:
		entries = append(entries, domain.RefundReturnedEntry(refund))
	}
	if err := book(ctx, q, entries...); err != nil {
		return err
	}
	return enqueueRefundUpdated(ctx, tx, subjects, refund)
}

// store saves the payment's new status and enqueues the event of the effect; a refused report
// leaves the payment as it was and is written to the audit log.
func (r *Repository) store(ctx context.Context, tx pgx.Tx, q *db.Queries, id pgtype.UUID, p domain.Payment, effect domain.Effect, o domain.Outcome) error {
	switch effect {
	case domain.Ignored:
		return nil
	case domain.Refused:
		return auditRefused(ctx, tx, p, o)
	case domain.CheckoutClosed:
		return q.UpdateCheckout(ctx, checkoutParams(id, p))
	}
	update := db.UpdatePaymentStatusParams{
		ID: id, Status: string(p.Status), PaidAt: timestamptz(p.PaidAt), PaymentIntentID: p.PaymentIntentID, Method: p.Method,
	}
	paid := effect == domain.Paid || effect == domain.PaidCanceled
	if paid && p.ReceiptNumber == 0 {
		number, err := q.DrawReceiptNumber(ctx)
		if err != nil {
			return fmt.Errorf("receipt number of payment %s: %w", p.ID, err)
		}
		update.ReceiptNumber = pgtype.Int8{Int64: number, Valid: true}
		p.ReceiptNumber = number
	}
	if err := q.UpdatePaymentStatus(ctx, update); err != nil {
		return fmt.Errorf("update payment %s: %w", p.ID, err)
	}
	switch {
	case paid:
		if err := book(ctx, q, domain.PaymentEntry(p)); err != nil {
			return err
		}
		return enqueueSucceeded(ctx, tx, r.subjects, p)
	case effect == domain.Processing:
		return enqueueProcessing(ctx, tx, r.subjects, p)
	}
	return enqueueFailed(ctx, tx, r.subjects, p, o.Reason)
}

// auditRefused records a report that did not match its payment, for whoever reviews the provider
// account: what was asked and what the provider said.
func auditRefused(ctx context.Context, tx pgx.Tx, p domain.Payment, o domain.Outcome) error {
	return audit.Record(ctx, tx, audit.Entry{
		Actor: "payment-provider", Action: "refusePaymentReport", Subject: "payment/" + p.ID,
		Details: map[string]any{
			"event": o.EventID, "succeeded": o.Succeeded, "renting": p.RentingID,
			"askedCents": p.Amount.Cents, "askedCurrency": p.Amount.Currency,
			"reportedCents": o.Amount.Cents, "reportedCurrency": o.Amount.Currency,
		},
	})
}

// TxStore creates payments in a transaction the caller owns.
type TxStore struct {
	tx       pgx.Tx
	queries  *db.Queries
	subjects string
}

// PaymentOfRenting loads the renting's payment or returns domain.ErrNotFound.
func (s *TxStore) PaymentOfRenting(ctx context.Context, rentingID string) (domain.Payment, error) {
	return paymentOfRenting(ctx, s.queries, rentingID)
}

// Create stores a new payment with its charges in the ledger and enqueues payment.link_created. A
// renting that got a payment meanwhile keeps that one, and nothing is booked or enqueued.
func (s *TxStore) Create(ctx context.Context, p domain.Payment, charges []domain.LedgerEntry) error {
	id, err := toUUID(p.ID)
	if err != nil {
		return err
	}
	renting, err := toUUID(p.RentingID)
	if err != nil {
		return err
	}
	inserted, err := s.queries.InsertPayment(ctx, insertParams(p, id, renting))
	if err != nil {
		return fmt.Errorf("insert payment of renting %s: %w", p.RentingID, err)
	}
	if inserted == 0 {
		return nil
	}
	if err := book(ctx, s.queries, charges...); err != nil {
		return err
	}
	return enqueueLinkCreated(ctx, s.tx, s.subjects, p)
}

// CloseOfRenting loads the renting's payment under a row lock, which the payment page's renewal of a
// checkout waits for, and stores what close did: the payment cancelled, its charges taken back, the
// fee it keeps booked. A renting without a payment gives domain.ErrNotFound.
func (s *TxStore) CloseOfRenting(ctx context.Context, rentingID string, close func(*domain.Payment) (domain.Closing, error)) error {
	rowID, p, err := s.lockPaymentOfRenting(ctx, rentingID)
	if err != nil {
		return err
	}
	closing, err := close(&p)
	if err != nil {
		return err
	}
	if closing.Canceled {
		if err := s.queries.CancelPayment(ctx, db.CancelPaymentParams{ID: rowID, CheckoutExpiresAt: timestamptz(p.Checkout.ExpiresAt)}); err != nil {
			return fmt.Errorf("cancel payment %s: %w", p.ID, err)
		}
	}
	if closing.TakeBack {
		renting, err := toUUID(rentingID)
		if err != nil {
			return err
		}
		if err := s.queries.CancelCharges(ctx, db.CancelChargesParams{At: timestamptz(closing.At), RentingID: renting}); err != nil {
			return fmt.Errorf("take back the charges of renting %s: %w", rentingID, err)
		}
	}
	if closing.Fee.ItemCents == 0 {
		return nil
	}
	return book(ctx, s.queries, closing.Fee)
}

// Book writes the entries to the ledger; an entry whose cause was booked before is left out.
func (s *TxStore) Book(ctx context.Context, entries []domain.LedgerEntry) error {
	return book(ctx, s.queries, entries...)
}

// Refund locks the renting's payment and, unless the refund refundID exists already, lets ask make
// it, and stores it with the payment's refunded amount and payment.refund_updated. A refusal by ask
// is audited and returned; the caller's transaction still commits the audit.
func (s *TxStore) Refund(ctx context.Context, rentingID, refundID string, ask func(domain.Payment) (domain.Refund, error)) error {
	id, err := toUUID(refundID)
	if err != nil {
		return err
	}
	rowID, p, err := s.lockPaymentOfRenting(ctx, rentingID)
	if err != nil {
		return err
	}
	if made, err := s.queries.RefundExists(ctx, id); err != nil || made {
		return err
	}
	refund, err := ask(p)
	if domain.RefundRefused(err) {
		return errors.Join(auditRefusedRefund(ctx, s.tx, p, refundID, err), err)
	}
	if err != nil {
		return err
	}
	if err := s.queries.InsertRefund(ctx, insertRefundParams(refund, id, rowID)); err != nil {
		return fmt.Errorf("insert refund %s: %w", refundID, err)
	}
	return refundChanged(ctx, s.tx, s.queries, s.subjects, rowID, "", refund)
}

// lockPaymentOfRenting loads the renting's payment under a row lock, which the payment page's
// renewal of a checkout waits for: its row's id, for the writes that follow, and the payment.
func (s *TxStore) lockPaymentOfRenting(ctx context.Context, rentingID string) (pgtype.UUID, domain.Payment, error) {
	renting, err := toUUID(rentingID)
	if err != nil {
		return pgtype.UUID{}, domain.Payment{}, err
	}
	row, err := s.queries.LockPaymentOfRenting(ctx, renting)
	p, err := paymentResult(row, err, "payment of renting "+rentingID)
	return row.ID, p, err
}

// auditRefusedRefund records a refund that was not asked of the provider, and why.
func auditRefusedRefund(ctx context.Context, tx pgx.Tx, p domain.Payment, refundID string, why error) error {
	return audit.Record(ctx, tx, audit.Entry{
		Actor: "payment", Action: "refuseRefund", Subject: "payment/" + p.ID,
		Details: map[string]any{
			"refund": refundID, "renting": p.RentingID, "status": string(p.Status),
			"paidCents": p.Amount.Cents, "refundedCents": p.RefundedCents, "why": why.Error(),
		},
	})
}

func paymentOfRenting(ctx context.Context, q *db.Queries, rentingID string) (domain.Payment, error) {
	renting, err := toUUID(rentingID)
	if err != nil {
		return domain.Payment{}, err
	}
	row, err := q.GetPaymentOfRenting(ctx, renting)
	return paymentResult(row, err, "payment of renting "+rentingID)
}

// paymentResult converts a loaded row; a missing row is domain.ErrNotFound.
func paymentResult(row db.Payment, err error, what string) (domain.Payment, error) {
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.Payment{}, fmt.Errorf("%s: %w", what, domain.ErrNotFound)
	}
	if err != nil {
		return domain.Payment{}, fmt.Errorf("load %s: %w", what, err)
	}
	return paymentFromDB(row), nil
}

func toUUID(id string) (pgtype.UUID, error) {
	var u pgtype.UUID
	if err := u.Scan(id); err != nil {
		return u, fmt.Errorf("id %q: %w", id, domain.ErrNotFound)
	}
	return u, nil
}
