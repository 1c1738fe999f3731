-- +goose Up
-- A signing session: the contract a renter is asked to sign for a renting. contract holds the data
-- the contract was written from, so the signed copy can be rendered again with a signature page at
-- the end without asking the other services a second time (they may have changed meanwhile).
CREATE TABLE signing_session (
    id                   uuid PRIMARY KEY,
    renting_id           uuid        NOT NULL,
    renter_id            bigint      NOT NULL CHECK (renter_id > 0),
    contract_document_id uuid        NOT NULL REFERENCES document (id) ON DELETE CASCADE,
    contract             jsonb       NOT NULL,
    signing_link         text        NOT NULL,
    status               text        NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'SIGNED')),
    signed_document_id   uuid        REFERENCES document (id) ON DELETE SET NULL,
    signer_name          text,
    created_at           timestamptz NOT NULL DEFAULT now(),
    signed_at            timestamptz,
    CHECK ((status = 'SIGNED') = (signed_at IS NOT NULL))
);
-- At most one open session per renting: a redelivered event cannot open a second one.
CREATE UNIQUE INDEX signing_session_open_idx ON signing_session (renting_id) WHERE status = 'OPEN';
CREATE INDEX signing_session_renting_idx ON signing_session (renting_id, created_at DESC);

-- The signing provider's webhook events already handled, so a repeated report changes nothing.
CREATE TABLE signing_webhook_event (
    event_id    text PRIMARY KEY,
    session_id  uuid        NOT NULL REFERENCES signing_session (id) ON DELETE CASCADE,
    received_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE signing_webhook_event;
DROP TABLE signing_session;
