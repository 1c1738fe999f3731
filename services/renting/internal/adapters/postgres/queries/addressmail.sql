-- name: LockAddress :exec
-- The mails to one address are counted one request at a time (one bigint key from the address's
-- key: apart from the (apartment, semester) locks, which take two integers).
SELECT pg_advisory_xact_lock(@key::bigint);

-- name: AddressMailsSince :one
-- How many mails went to the address after since, and when the oldest of them went.
SELECT count(*)::integer AS mails, coalesce(min(sent_at), @since::timestamptz)::timestamptz AS oldest
FROM address_mail WHERE address_key = @address_key AND sent_at > @since::timestamptz;

-- name: InsertAddressMail :exec
INSERT INTO address_mail (address_key, sent_at) VALUES (@address_key, @sent_at);

-- name: DeleteAddressMailsBefore :execrows
DELETE FROM address_mail WHERE sent_at <= @before;
