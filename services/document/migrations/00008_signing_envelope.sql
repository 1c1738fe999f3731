-- +goose Up
-- The provider's id of the session's envelope (DocuSign's envelopeId): the signing page asks the
-- provider for a fresh signing view of it, and the completed document is downloaded by it. Empty for
-- the sandbox, which keeps no envelope, and for sessions opened before it was kept.
ALTER TABLE signing_session ADD COLUMN envelope_id text NOT NULL DEFAULT '';
CREATE UNIQUE INDEX signing_session_envelope_idx ON signing_session (envelope_id) WHERE envelope_id <> '';

-- +goose Down
DROP INDEX signing_session_envelope_idx;
ALTER TABLE signing_session DROP COLUMN envelope_id;
