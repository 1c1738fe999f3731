-- name: InsertRenewalToken :exec
INSERT INTO renewal_token (renting_id, hash) VALUES ($1, $2);

-- name: GetRenewalTokenHash :one
SELECT hash FROM renewal_token WHERE renting_id = $1;
