-- +goose Up
-- The capability of a renewal link (docs/security.md, "Capabilities"): the SHA-256 of the token the
-- renewal mail carries, one per renewal, made with the RENEWAL_REQUEST renting. The token itself is
-- never stored. It opens the renewal only while the renting waits for its answer and the renewal
-- deadline has not passed; it goes with its renting.
CREATE TABLE renewal_token (
    renting_id uuid  PRIMARY KEY REFERENCES renting (id) ON DELETE CASCADE,
    hash       bytea NOT NULL CHECK (length(hash) = 32)
);

-- +goose Down
DROP TABLE renewal_token;
