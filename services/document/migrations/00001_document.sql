-- +goose Up
-- Every file the service keeps: the booking form's uploads (identity card copies, enrollment
-- certificates) and, later, contracts and signed contracts. Files are small (at most 10 MiB) and
-- must go with the renter's other data when deleted, so they live in the database, not beside it.
CREATE TABLE document (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    type         text        NOT NULL CHECK (type IN ('IDENTITY_CARD_FRONT', 'IDENTITY_CARD_BACK',
                                 'IMMATRICULATION', 'CONTRACT', 'SIGNED_CONTRACT', 'OTHER')),
    renter_id    bigint      NOT NULL CHECK (renter_id > 0),
    renting_id   uuid,                  -- the booking it came with; null for a renter's other papers
    description  text        NOT NULL,
    content      bytea       NOT NULL,
    content_type text        NOT NULL,
    file_name    text        NOT NULL,
    sha256       bytea       NOT NULL CHECK (length(sha256) = 32),
    size         bigint      NOT NULL CHECK (size = length(content)),
    uploaded_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX document_renter_idx ON document (renter_id, type, uploaded_at DESC);
CREATE INDEX document_renting_idx ON document (renting_id);

-- +goose Down
DROP TABLE document;
