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
-- A payment that becomes paid draws its receipt number; one paid before keeps its own.
UPDATE payment SET status = $2, paid_at = $3,
    receipt_number = CASE WHEN $2 = 'PAID' THEN coalesce(receipt_number, nextval('receipt_number_seq')) END
WHERE id = $1;

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
