-- name: InsertPayment :execrows
-- A renting that has a payment already keeps it.
INSERT INTO payment (id, renting_id, amount_cents, currency, status, link, apartment, semester, created_at,
    checkout_url, checkout_session_id, checkout_expires_at)
VALUES ($1, $2, $3, $4, 'OPEN', $5, $6, $7, $8, $9, $10, $11)
ON CONFLICT (renting_id) DO NOTHING;

-- name: GetPayment :one
SELECT * FROM payment WHERE id = $1;

-- name: GetPaymentOfRenting :one
SELECT * FROM payment WHERE renting_id = $1;

-- name: ListPaymentsOfRentings :many
SELECT * FROM payment WHERE renting_id = ANY(@renting_ids::uuid[]) ORDER BY created_at, id;

-- name: LockPayment :one
SELECT * FROM payment WHERE id = $1 FOR UPDATE;

-- name: UpdatePaymentStatus :exec
-- A payment that becomes paid gets the receipt number drawn for it (DrawReceiptNumber); one paid
-- before keeps its own.
UPDATE payment SET status = $2, paid_at = $3, payment_intent_id = $4, method = $5,
    receipt_number = CASE WHEN $2 = 'PAID' THEN coalesce(receipt_number, sqlc.narg(receipt_number)) END
WHERE id = $1;

-- name: DrawReceiptNumber :one
-- The next receipt number, in the paying transaction: a rollback gives it back, so the numbers have
-- no gaps; the row lock orders the payments.
UPDATE receipt_counter SET last = last + 1 RETURNING last;

-- name: InsertWebhookEvent :execrows
-- Zero rows: the event was applied before.
INSERT INTO webhook_event (event_id, payment_id, succeeded, reason)
VALUES ($1, $2, $3, $4)
ON CONFLICT (event_id) DO NOTHING;

-- name: UpdateCheckout :exec
UPDATE payment SET checkout_url = $2, checkout_session_id = $3, checkout_expires_at = $4, checkout_attempt = $5
WHERE id = $1;

-- name: LockPaymentOfRenting :one
SELECT * FROM payment WHERE renting_id = $1 FOR UPDATE;

-- name: CancelPayment :exec
UPDATE payment SET status = 'CANCELED', checkout_expires_at = $2 WHERE id = $1;

-- name: RefundExists :one
SELECT EXISTS (SELECT 1 FROM refund WHERE id = $1);

-- name: InsertRefund :exec
INSERT INTO refund (id, payment_id, purpose, amount_cents, currency, status, provider_refund_id, reason, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9);

-- name: LockRefund :one
-- The refund the provider reports about, by the service's id (its metadata) or the provider's.
SELECT refund.*, payment.renting_id FROM refund JOIN payment ON payment.id = refund.payment_id
WHERE refund.id = sqlc.narg(id) OR refund.provider_refund_id = @provider_refund_id
FOR UPDATE OF refund;

-- name: UpdateRefundStatus :exec
UPDATE refund SET status = $2, reason = $3, updated_at = $4 WHERE id = $1;

-- name: UpdateRefundedCents :exec
-- What refunds pending or succeeded give back of the payment.
UPDATE payment SET refunded_cents = (
    SELECT coalesce(sum(amount_cents), 0) FROM refund WHERE payment_id = $1 AND status IN ('PENDING', 'SUCCEEDED'))
WHERE id = $1;

-- name: LockPaymentOfIntent :one
SELECT * FROM payment WHERE payment_intent_id = $1 AND payment_intent_id <> '' FOR UPDATE;

-- name: UpdateDispute :exec
UPDATE payment SET dispute_id = $2, dispute_status = $3, dispute_reason = $4, dispute_amount_cents = $5 WHERE id = $1;

-- name: InsertLedgerEntry :exec
-- An entry whose cause was booked before is not booked again. The entries after the charges take the
-- semester of the renting's charges.
INSERT INTO ledger_entry (renting_id, semester_id, at, kind, item, description, amount_cents, item_cents, reference, cause_key)
VALUES (@renting_id::uuid,
    coalesce(nullif(@semester_id::integer, 0), (SELECT max(c.semester_id) FROM ledger_entry c WHERE c.renting_id = @renting_id::uuid AND c.kind = 'CHARGE'), 0),
    @at, @kind, @item, @description, @amount_cents, @item_cents, @reference, @cause_key)
ON CONFLICT (cause_key) DO NOTHING;

-- name: CancelCharges :exec
-- Takes back every charge of the renting's payment, once.
INSERT INTO ledger_entry (renting_id, semester_id, at, kind, item, description, amount_cents, item_cents, reference, cause_key)
SELECT c.renting_id, c.semester_id, @at::timestamptz, 'CHARGE_CANCELED', c.item, c.description, -c.amount_cents, c.item_cents, c.reference, 'canceled:' || c.cause_key
FROM ledger_entry c WHERE c.renting_id = @renting_id::uuid AND c.kind = 'CHARGE'
ON CONFLICT (cause_key) DO NOTHING;

-- name: ListLedgerOfRenting :many
SELECT * FROM ledger_entry WHERE renting_id = $1 ORDER BY at, cause_key;

-- name: ListLedger :many
SELECT * FROM ledger_entry ORDER BY at, cause_key;

