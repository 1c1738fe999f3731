-- name: GetRenting :one
SELECT * FROM renting WHERE id = $1;

-- name: LockRenting :one
SELECT * FROM renting WHERE id = $1 FOR UPDATE;

-- name: LockRentingsOfRenterInSemester :many
SELECT * FROM renting WHERE renter_id = $1 AND semester_id = $2 ORDER BY created_at FOR UPDATE;

-- name: InsertRenting :exec
INSERT INTO renting (id, renter_id, apartment_id, semester_id, state, renewal, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8);

-- name: UpdateRenting :exec
UPDATE renting
SET state = $2, apartment_id = $3, updated_at = $4, signing_link = $5, payment_link = $6, access_key = $7,
    contract_total_cents = $8, contract_currency = $9, contract_items = $10,
    cancellation_reason = $11, cancellation_refund_cents = $12, cancellation_actor = $13,
    in_payment = $14, disputed_since = $15, dispute_status = $16, refund_failed_since = $17, refund_failure = $18
WHERE id = $1;

-- name: AppendLog :exec
INSERT INTO renting_log (renting_id, state, at) VALUES ($1, $2, $3);

-- name: ListRentingsOfRenter :many
SELECT * FROM renting WHERE renter_id = $1 ORDER BY created_at;

-- name: ListLogOfRenter :many
SELECT l.renting_id, l.state, l.at, r.apartment_id, r.semester_id
FROM renting_log l JOIN renting r ON r.id = l.renting_id
WHERE r.renter_id = $1
ORDER BY l.seq;

-- name: ListRentingsOfSemester :many
SELECT * FROM renting WHERE semester_id = $1 ORDER BY apartment_id, created_at;

-- name: ListRentingsInState :many
SELECT * FROM renting WHERE state = $1 AND semester_id = ANY(sqlc.arg(semester_ids)::integer[]) ORDER BY created_at;

-- name: ListRenterApartments :many
-- Which renter lived or is to live in which apartment: every pair of a renting not canceled.
SELECT DISTINCT renter_id, apartment_id FROM renting WHERE state <> 'CANCELED' ORDER BY renter_id, apartment_id;

-- name: ListRentingsWithMoneyTasks :many
-- The rentings with an open dispute or a failed refund: tasks of the office's in any state.
SELECT * FROM renting WHERE disputed_since IS NOT NULL OR refund_failed_since IS NOT NULL ORDER BY updated_at;

-- name: ListRentingsInStates :many
SELECT * FROM renting WHERE state = ANY(sqlc.arg(states)::text[]) ORDER BY updated_at;

-- name: ListRequestsCreatedBefore :many
SELECT id FROM renting WHERE state = 'APARTMENT_REQUESTED' AND created_at < $1 ORDER BY created_at;

-- name: RenterHasRentingInSemester :one
SELECT EXISTS (SELECT 1 FROM renting WHERE renter_id = $1 AND semester_id = $2);

-- name: DeleteRentingsOfApartment :many
DELETE FROM renting WHERE apartment_id = $1 AND semester_id = $2 RETURNING *;

-- name: ListKeyCodesDue :many
SELECT * FROM renting
WHERE state = 'PAYED' AND key_code_announced_at IS NULL AND semester_id = ANY(sqlc.arg(semester_ids)::integer[])
ORDER BY created_at;

-- name: MarkKeyCodeAnnounced :one
-- Only the first caller finds the renting still paid and unannounced; any other replica gets no row.
UPDATE renting SET key_code_announced_at = $2
WHERE id = $1 AND state = 'PAYED' AND key_code_announced_at IS NULL
RETURNING *;

-- name: ApartmentHolder :one
-- The renting that holds the apartment in the semester, if any (the unique index allows one). The
-- states are domain.holding written out as in the partial unique index renting_holds_apartment, so
-- that the query reads that index's one entry: with the states as a parameter, a connection's generic
-- plan could not use the index and read every renting of the apartment, 500 of them when 500 renters
-- confirm at once.
SELECT id FROM renting
WHERE apartment_id = @apartment_id AND semester_id = @semester_id
  AND state IN ('APARTMENT_RESERVED', 'OWNER_ACKNOWLEDGED', 'CONTRACT_REQUESTED', 'CONTRACT_SIGNED',
                'UNPAID', 'PAYED', 'RENEWAL_REQUEST', 'RENEWAL_ACCEPTED');

-- name: InsertBookingRequestForm :exec
INSERT INTO booking_request_form (renting_id, form) VALUES ($1, $2);

-- name: GetBookingRequestForm :one
SELECT form FROM booking_request_form WHERE renting_id = $1;

-- name: DeleteBookingRequestForm :exec
DELETE FROM booking_request_form WHERE renting_id = $1;

-- name: DeleteForgottenRequests :many
-- At most @max_rentings booking requests cancelled before @before without ever being confirmed:
-- their log holds no state but APARTMENT_REQUESTED and CANCELED. Their log, form and tokens go
-- with them.
DELETE FROM renting
WHERE id IN (
    SELECT r.id FROM renting AS r
    WHERE r.state = 'CANCELED'
      AND EXISTS (SELECT 1 FROM renting_log AS l WHERE l.renting_id = r.id AND l.state = 'CANCELED' AND l.at < @before::timestamptz)
      AND NOT EXISTS (SELECT 1 FROM renting_log AS l WHERE l.renting_id = r.id AND l.state NOT IN ('APARTMENT_REQUESTED', 'CANCELED'))
    ORDER BY r.created_at
    LIMIT @max_rentings
    FOR UPDATE SKIP LOCKED
)
RETURNING *;

-- name: DeleteBookingRequestFormsOfRenter :execrows
-- The forms of an erased renter's booking requests not confirmed yet: what they say about the renter.
DELETE FROM booking_request_form f USING renting r WHERE f.renting_id = r.id AND r.renter_id = $1;
