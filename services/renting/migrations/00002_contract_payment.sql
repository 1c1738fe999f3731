-- +goose Up
-- What the document and payment services report (docs/booking.md, "Contract, payment and key
-- code"): the renter's signing and payment links, the access key made when the rent is paid, and
-- when its key code mail was announced, which makes the announcement happen once.
ALTER TABLE renting
    ADD COLUMN signing_link          text NOT NULL DEFAULT '',
    ADD COLUMN payment_link          text NOT NULL DEFAULT '',
    ADD COLUMN access_key            text NOT NULL DEFAULT '',
    ADD COLUMN key_code_announced_at timestamptz;

-- The key code job looks only at paid rentings not announced yet.
CREATE INDEX renting_key_code_due ON renting (semester_id) WHERE state = 'PAYED' AND key_code_announced_at IS NULL;

-- +goose Down
DROP INDEX renting_key_code_due;
ALTER TABLE renting
    DROP COLUMN signing_link,
    DROP COLUMN payment_link,
    DROP COLUMN access_key,
    DROP COLUMN key_code_announced_at;
