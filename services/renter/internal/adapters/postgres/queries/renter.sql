-- name: RegisterRenterByEmail :one
-- Creates the renter or, when the e-mail is known, only counts one more registration: a booking
-- request changes nobody's personal data before the address owner confirms it (docs/security.md,
-- "Booking requests"). created tells the two apart (xmax is 0 on an insert).
INSERT INTO renter (email, first_name, last_name, street, zip, city, country, birthday, phone, nationality,
                    gender, language)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
ON CONFLICT (lower(email)) DO UPDATE SET registrations = renter.registrations + 1
RETURNING id, (xmax = 0)::boolean AS created;

-- name: UpdateRenterData :execrows
-- A confirmed booking request or a renewal: the personal data changes, the e-mail stays.
UPDATE renter
SET first_name = $2, last_name = $3, street = $4, zip = $5, city = $6, country = $7, birthday = $8,
    phone = $9, nationality = $10, gender = $11, language = $12, registrations = registrations + 1,
    updated_at = now()
WHERE id = $1;

-- name: GetRenter :one
SELECT * FROM renter WHERE id = $1;

-- name: LockRenter :one
SELECT * FROM renter WHERE id = $1 FOR UPDATE;

-- name: ListRentersByIDs :many
SELECT * FROM renter WHERE id = ANY(@ids::bigint[]);

-- name: ListRenterSummaries :many
SELECT id, first_name, last_name, email FROM renter;

-- name: UpdateRenterEdit :exec
UPDATE renter SET first_name = $2, last_name = $3, phone = $4, notes = $5, updated_at = now() WHERE id = $1;

-- name: ReleaseRegistration :exec
UPDATE renter SET registrations = registrations - 1 WHERE id = $1 AND registrations > 0;

-- name: DeleteRenterIfUnused :execrows
-- Unused: no booking counts on the renter any more, the e-mail was never confirmed and no renting
-- of the renter ever asked for a confirmation (which leaves a token).
DELETE FROM renter r
WHERE r.id = $1 AND r.registrations = 0 AND NOT r.email_validated
  AND NOT EXISTS (SELECT 1 FROM email_token t WHERE t.renter_id = r.id);

-- name: InsertEmailToken :exec
INSERT INTO email_token (hash, renter_id, renting_id, expires_at) VALUES ($1, $2, $3, $4);

-- name: EmailTokenWithEmail :one
SELECT sqlc.embed(t), r.email
FROM email_token t JOIN renter r ON r.id = t.renter_id
WHERE t.hash = $1;

-- name: UseEmailToken :execrows
-- Marks the token used and its renter's e-mail confirmed, unless the token was used meanwhile.
WITH used AS (
  UPDATE email_token SET used_at = $2 WHERE hash = $1 AND used_at IS NULL RETURNING renter_id
)
UPDATE renter SET email_validated = true, updated_at = now() FROM used WHERE renter.id = used.renter_id;

-- name: InsertMail :exec
INSERT INTO outgoing_mail (event_id, renter_id, recipient, subject, text_body, html_body, sender_name)
VALUES ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT (event_id) DO NOTHING;

-- name: ClaimNextDueMail :one
-- Claims the next due mail for one delivery: it is not due again for @lease_seconds, so that no other
-- sender takes it while this one sends it and marks it sent, even when the database restarts in
-- between; a sender that dies leaves it due again once the lease ends. SKIP LOCKED: senders claim
-- different mails side by side. A renter's mail waits while an earlier one of theirs is unsent (being
-- delivered or due again later), so each renter gets their mails in the order of the events.
UPDATE outgoing_mail
SET next_attempt_at = now() + make_interval(secs => @lease_seconds::double precision)
WHERE event_id = (
    SELECT m.event_id FROM outgoing_mail AS m
    WHERE m.sent_at IS NULL AND m.next_attempt_at <= now()
      AND NOT EXISTS (
        SELECT 1 FROM outgoing_mail AS earlier
        WHERE earlier.renter_id = m.renter_id AND earlier.sent_at IS NULL AND earlier.seq < m.seq
      )
    ORDER BY m.next_attempt_at, m.seq
    LIMIT 1
    FOR UPDATE SKIP LOCKED
)
RETURNING *;

-- name: MarkMailSent :exec
-- A sent mail of nobody's renter (the waitlist's) keeps no recipient or text: nothing else would
-- ever delete them.
UPDATE outgoing_mail
SET sent_at = now(), attempts = attempts + 1, last_error = '',
    recipient = CASE WHEN renter_id IS NULL THEN '' ELSE recipient END,
    subject = CASE WHEN renter_id IS NULL THEN '' ELSE subject END,
    text_body = CASE WHEN renter_id IS NULL THEN '' ELSE text_body END,
    html_body = CASE WHEN renter_id IS NULL THEN '' ELSE html_body END
WHERE event_id = $1;

-- name: MarkMailFailed :exec
UPDATE outgoing_mail
SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => @retry_in_seconds::double precision),
    last_error = @last_error
WHERE event_id = @event_id;

-- name: ClaimMailNotice :execrows
-- Records a limited mail of @kind at @mailed_at unless the renter got one of the kind after
-- @not_before; one row (the claim) when the mail may go, none when it may not. The row lock of ON
-- CONFLICT orders claims for one renter at the same moment.
INSERT INTO mail_notice AS n (renter_id, kind, mailed_at) VALUES (@renter_id, @kind, @mailed_at)
ON CONFLICT (renter_id, kind) DO UPDATE SET mailed_at = EXCLUDED.mailed_at WHERE n.mailed_at <= @not_before;

-- name: DeleteEmailTokensOfRenting :execrows
DELETE FROM email_token WHERE renting_id = $1;

-- name: DeleteSentMailsOf :execrows
-- The mails sent to a renter who is forgotten: they hold the renter's name and address.
DELETE FROM outgoing_mail WHERE renter_id = $1 AND sent_at IS NOT NULL;

-- name: GetRenterByEmail :one
SELECT * FROM renter WHERE lower(email) = lower(@email::text);

-- name: InsertPageToken :exec
INSERT INTO page_token (hash, renter_id, expires_at, created_at) VALUES (@hash, @renter_id, @expires_at, @issued_at);

-- name: EndOlderPageTokens :exec
-- A newer link was mailed: the renter's other links end at @ends (or earlier, at their own expiry).
UPDATE page_token SET expires_at = LEAST(expires_at, @ends) WHERE renter_id = @renter_id AND hash <> @hash;

-- name: DeleteExpiredPageTokens :exec
-- The renter's links that no longer open anything; a new one is issued with every mail.
DELETE FROM page_token WHERE renter_id = @renter_id AND expires_at <= @now;

-- name: GetPageToken :one
SELECT * FROM page_token WHERE hash = $1;

-- name: RecordErasureRequest :exec
UPDATE renter SET erasure_requested_at = @requested_at, updated_at = now() WHERE id = @id;

-- name: ListErasureRequests :many
SELECT * FROM renter WHERE erasure_requested_at IS NOT NULL ORDER BY erasure_requested_at, id;

-- name: StoreErasedRenter :exec
-- An erased renter's row: the personal data replaced (domain.Renter.Erase), the row kept for the
-- rentings and payments under a retention duty.
UPDATE renter
SET email = @email, first_name = @first_name, last_name = @last_name, street = @street,
    zip = @zip, city = @city, country = @country, birthday = @birthday, phone = @phone, nationality = @nationality,
    gender = @gender, notes = '', erased_at = @erased_at, updated_at = now()
WHERE id = @id;

-- name: DeleteEmailTokensOfRenter :execrows
DELETE FROM email_token WHERE renter_id = $1;

-- name: DeletePageTokensOfRenter :execrows
DELETE FROM page_token WHERE renter_id = $1;

-- name: DeleteMailNoticesOfRenter :execrows
DELETE FROM mail_notice WHERE renter_id = $1;

-- name: DeleteMailsOf :execrows
-- Every mail to an erased renter, sent or not: they hold the renter's name and address.
DELETE FROM outgoing_mail WHERE renter_id = sqlc.arg(renter_id)::bigint;

-- name: ListMailsOf :many
-- The mails to a renter, oldest first, for their own page's download.
SELECT subject, text_body, created_at, sent_at FROM outgoing_mail WHERE renter_id = sqlc.arg(renter_id)::bigint ORDER BY seq;
