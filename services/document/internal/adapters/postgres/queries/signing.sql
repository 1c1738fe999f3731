-- name: InsertSigningSession :exec
INSERT INTO signing_session (id, renting_id, renter_id, contract_document_id, contract, signing_link, envelope_id, created_at,
                             replaces_document_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9);

-- name: GetSigningSession :one
SELECT * FROM signing_session WHERE id = $1;

-- name: LockSigningSession :one
SELECT * FROM signing_session WHERE id = $1 FOR UPDATE;

-- name: NewestSigningSessionOfRenting :one
SELECT * FROM signing_session
WHERE renting_id = $1
ORDER BY created_at DESC, id
LIMIT 1;

-- name: MarkSigningSessionSigned :exec
UPDATE signing_session
SET status = 'SIGNED', signed_document_id = $2, signer_name = $3, signed_at = $4
WHERE id = $1;

-- name: MarkSigningSessionVoided :exec
UPDATE signing_session SET status = 'VOIDED', voided_at = $2 WHERE id = $1 AND status = 'OPEN';

-- name: RecordSigningWebhookEvent :execrows
-- Zero rows: the event was handled before.
INSERT INTO signing_webhook_event (event_id, session_id) VALUES ($1, $2)
ON CONFLICT (event_id) DO NOTHING;

-- name: GetDocumentContent :one
SELECT content FROM document WHERE id = $1;
