-- name: LockApartmentInSemester :exec
-- The lock a renting that starts holding takes too (renting_refuses_blocked_apartment).
SELECT pg_advisory_xact_lock(@apartment_id::integer, @semester_id::integer);

-- name: UpsertApartmentBlock :exec
INSERT INTO apartment_block (semester_id, apartment_id, reason, blocked_by, blocked_at)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (semester_id, apartment_id) DO UPDATE
SET reason = excluded.reason, blocked_by = excluded.blocked_by, blocked_at = excluded.blocked_at;

-- name: DeleteApartmentBlock :many
DELETE FROM apartment_block WHERE semester_id = $1 AND apartment_id = $2 RETURNING *;

-- name: ListBlocksOfSemester :many
SELECT * FROM apartment_block WHERE semester_id = $1 ORDER BY apartment_id;

-- name: GetApartmentBlock :one
SELECT * FROM apartment_block WHERE semester_id = $1 AND apartment_id = $2;
