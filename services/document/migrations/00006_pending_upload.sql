-- +goose Up
-- The uploads of a booking request whose e-mail address is not confirmed yet. Anybody can send a
-- request for any address, so these are no renter's documents until the address owner opens the
-- confirmation link: they live in a table of their own, which no reader of a renter's documents
-- queries, tied to their renting. The renting's confirmation moves them into document; its
-- cancellation before that deletes them.
CREATE TABLE pending_upload (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    type         text        NOT NULL CHECK (type IN ('IDENTITY_CARD_FRONT', 'IDENTITY_CARD_BACK', 'IMMATRICULATION')),
    renter_id    bigint      NOT NULL CHECK (renter_id > 0),
    renting_id   uuid        NOT NULL,
    description  text        NOT NULL,
    content      bytea       NOT NULL,
    content_type text        NOT NULL,
    file_name    text        NOT NULL,
    sha256       bytea       NOT NULL CHECK (length(sha256) = 32),
    size         bigint      NOT NULL CHECK (size = length(content)),
    uploaded_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pending_upload_renting_idx ON pending_upload (renting_id);
-- As document's (00003): the contents are compressed already.
ALTER TABLE pending_upload ALTER COLUMN content SET STORAGE EXTERNAL;

-- +goose Down
DROP TABLE pending_upload;
