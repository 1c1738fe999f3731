-- name: InsertWaitlistEntry :execrows
-- A second entry of the address in the semester (any case) is none: the first stays as it is.
INSERT INTO waitlist_entry (id, semester_id, state, email, name, language, wish_floor_id, wish_min_size,
                            created_at, confirm_hash, confirm_mailed_at)
VALUES (@id, @semester_id, 'UNCONFIRMED', @email, @name, @language, @wish_floor_id, @wish_min_size,
        @created_at, @confirm_hash, @created_at)
ON CONFLICT (semester_id, lower(email)) WHERE email IS NOT NULL DO NOTHING;

-- name: RenewWaitlistConfirmation :one
-- An unconfirmed entry whose last confirmation mail went out before not_after gets a new token
-- (and the data of the new request); none otherwise.
UPDATE waitlist_entry
SET name = @name, language = @language, wish_floor_id = @wish_floor_id, wish_min_size = @wish_min_size,
    confirm_hash = @confirm_hash, confirm_mailed_at = @mailed_at
WHERE semester_id = @semester_id AND lower(email) = lower(@email) AND state = 'UNCONFIRMED'
  AND confirm_mailed_at <= @not_after
RETURNING *;

-- name: ConfirmWaitlistEntry :one
UPDATE waitlist_entry SET state = 'WAITING', confirmed_at = @at
WHERE confirm_hash = @hash AND state = 'UNCONFIRMED' AND confirm_mailed_at > @valid_after
RETURNING *;

-- name: GetWaitlistEntryByConfirmHash :one
SELECT * FROM waitlist_entry WHERE confirm_hash = @hash;

-- name: LockWaitlist :exec
-- Offers are made one at a time (one bigint key: apart from the (apartment, semester) locks).
SELECT pg_advisory_xact_lock(@key::bigint);

-- name: GetOpenOffer :one
SELECT * FROM waitlist_entry WHERE semester_id = @semester_id AND offer_apartment_id = @apartment_id AND state = 'OFFERED';

-- name: ListWaitingEntries :many
SELECT * FROM waitlist_entry WHERE semester_id = @semester_id AND state = 'WAITING' ORDER BY confirmed_at, seq;

-- name: CountWaitingEntries :one
SELECT count(*) FROM waitlist_entry WHERE semester_id = @semester_id AND state = 'WAITING';

-- name: MakeWaitlistOffer :one
UPDATE waitlist_entry
SET state = 'OFFERED', offer_apartment_id = @apartment_id, offer_hash = @offer_hash, offered_at = @at,
    offer_expires_at = @expires_at, offer_renting_id = NULL
WHERE id = @id AND state = 'WAITING'
RETURNING *;

-- name: ExpireWaitlistOffers :execrows
-- An offer unanswered by its deadline ends its entry; the entry keeps no personal data.
UPDATE waitlist_entry
SET state = 'EXPIRED', ended_at = @at, email = NULL, name = NULL, language = NULL,
    wish_floor_id = NULL, wish_min_size = NULL, confirm_hash = NULL, offer_hash = NULL
WHERE state = 'OFFERED' AND offer_expires_at <= @at;

-- name: DeleteUnconfirmedWaitlistEntries :execrows
DELETE FROM waitlist_entry WHERE state = 'UNCONFIRMED' AND confirm_mailed_at <= @before;

-- name: DeleteWaitlistOfSemesters :execrows
DELETE FROM waitlist_entry WHERE semester_id = ANY(@semester_ids::integer[]);

-- name: ListWaitlist :many
-- The line of a semester as the office sees it: every confirmed entry in the order of confirmation.
SELECT * FROM waitlist_entry WHERE semester_id = @semester_id AND state <> 'UNCONFIRMED' ORDER BY confirmed_at, seq;

-- name: DeleteWaitlistEntry :one
DELETE FROM waitlist_entry WHERE id = @id RETURNING *;

-- name: AttachOfferRenting :execrows
-- An offer is answered by its first booking: once a renting is attached, no other is.
UPDATE waitlist_entry SET offer_renting_id = @renting_id
WHERE offer_hash = @offer_hash AND state = 'OFFERED' AND semester_id = @semester_id AND offer_apartment_id = @apartment_id
  AND offer_renting_id IS NULL;

-- name: DetachOfferRenting :execrows
UPDATE waitlist_entry SET offer_renting_id = NULL WHERE offer_renting_id = @renting_id AND state = 'OFFERED';

-- name: ListOfferedApartments :many
SELECT offer_apartment_id::integer FROM waitlist_entry WHERE semester_id = @semester_id AND state = 'OFFERED';
