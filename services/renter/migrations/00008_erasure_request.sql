-- +goose Up
-- A renter's request to erase their personal data (GDPR art. 17), made from their own page: one per
-- renter however often they ask, kept on the renter. An admin executes it; the renter row stays,
-- anonymised, so that the rentings, contracts and payments kept for the legal retention period still
-- name a renter id, and nothing is mailed to it any more.
ALTER TABLE renter ADD COLUMN erasure_requested_at timestamptz;
ALTER TABLE renter ADD COLUMN erased_at timestamptz;
CREATE INDEX renter_erasure_requested ON renter (erasure_requested_at) WHERE erasure_requested_at IS NOT NULL;

-- +goose Down
DROP INDEX renter_erasure_requested;
ALTER TABLE renter DROP COLUMN erased_at;
ALTER TABLE renter DROP COLUMN erasure_requested_at;
