-- Whom an audit entry concerns becomes a key the recording service chooses ("renter/7"), so that the
-- audit log knows no party of its own: the renter id moves into it, and its column goes.

-- +goose Up
ALTER TABLE audit_log ADD COLUMN concerns text;
UPDATE audit_log SET concerns = 'renter/' || renter_id WHERE renter_id IS NOT NULL;
CREATE INDEX audit_log_concerns ON audit_log (concerns, at) WHERE concerns IS NOT NULL;
DROP INDEX audit_log_renter;
ALTER TABLE audit_log DROP COLUMN renter_id;

-- +goose Down
ALTER TABLE audit_log ADD COLUMN renter_id bigint;
UPDATE audit_log SET renter_id = substr(concerns, length('renter/') + 1)::bigint WHERE concerns LIKE 'renter/%';
CREATE INDEX audit_log_renter ON audit_log (renter_id, at) WHERE renter_id IS NOT NULL;
DROP INDEX audit_log_concerns;
ALTER TABLE audit_log DROP COLUMN concerns;
