-- +goose Up
-- When a document is deleted because it is no longer needed (docs/privacy.md): an identity card copy
-- a set time after the identity was approved, or when its booking ended; an enrollment certificate
-- after its semester. The retention job deletes what is due and audits why.
ALTER TABLE document ADD COLUMN delete_after timestamptz;
ALTER TABLE document ADD COLUMN retention_reason text;
ALTER TABLE document ADD CONSTRAINT document_retention_reason CHECK ((delete_after IS NULL) = (retention_reason IS NULL));
CREATE INDEX document_delete_after_idx ON document (delete_after) WHERE delete_after IS NOT NULL;

-- +goose Down
DROP INDEX document_delete_after_idx;
ALTER TABLE document DROP CONSTRAINT document_retention_reason;
ALTER TABLE document DROP COLUMN retention_reason;
ALTER TABLE document DROP COLUMN delete_after;
