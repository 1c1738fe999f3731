-- +goose Up
-- A reissued contract: the office replaces an open contract by one priced anew, and the old
-- session is voided (at the signing provider too), so a signature reported for it afterwards changes
-- nothing. The new session names the contract it replaces, for document.contract_requested.
ALTER TABLE signing_session
    DROP CONSTRAINT signing_session_status_check,
    ADD CONSTRAINT signing_session_status_check CHECK (status IN ('OPEN', 'SIGNED', 'VOIDED')),
    ADD COLUMN voided_at            timestamptz,
    ADD COLUMN replaces_document_id uuid,
    ADD CONSTRAINT signing_session_voided_check CHECK ((status = 'VOIDED') = (voided_at IS NOT NULL));

-- +goose Down
-- A voided session has no place in the older schema: it goes, its contract document stays.
DELETE FROM signing_session WHERE status = 'VOIDED';
ALTER TABLE signing_session
    DROP CONSTRAINT signing_session_voided_check,
    DROP COLUMN replaces_document_id,
    DROP COLUMN voided_at,
    DROP CONSTRAINT signing_session_status_check,
    ADD CONSTRAINT signing_session_status_check CHECK (status IN ('OPEN', 'SIGNED'));
