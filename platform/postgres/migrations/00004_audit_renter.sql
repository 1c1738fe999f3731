-- Which renter an audit entry concerns, where it concerns one: the back office shows a renter's
-- entries from every service (platform/audit, EntriesOfRenter).

-- +goose Up
ALTER TABLE audit_log ADD COLUMN renter_id bigint;
CREATE INDEX audit_log_renter ON audit_log (renter_id, at) WHERE renter_id IS NOT NULL;

-- +goose Down
DROP INDEX audit_log_renter;
ALTER TABLE audit_log DROP COLUMN renter_id;
