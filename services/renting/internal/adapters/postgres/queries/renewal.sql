-- name: InsertRenewalToken :exec
INSERT INTO renewal_token (renting_id, hash) VALUES ($1, $2);

-- name: ListRenewalTokenHashes :many
-- The renewal mail's token and, once it was sent, the renewal reminder's.
SELECT hash FROM renewal_token WHERE renting_id = $1;

-- name: ListRenewalsWithoutToken :many
-- Renewals offered before renewal links carried a token: they wait for an answer that their link
-- can no longer give.
SELECT * FROM renting r
WHERE r.state = 'RENEWAL_REQUEST' AND NOT EXISTS (SELECT FROM renewal_token t WHERE t.renting_id = r.id)
ORDER BY r.created_at;
