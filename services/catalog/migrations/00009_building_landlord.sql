-- +goose Up
-- The building file's landlord (who lets the apartments, as contracts and receipts name it, and the
-- account a renter's money goes to) and its rules of money. A building stored before has no landlord
-- until the next import of a file that names one; its rules are the defaults (card, 42 days).
ALTER TABLE building
    ADD COLUMN landlord_legal_name     text    NOT NULL DEFAULT '',
    ADD COLUMN landlord_representative text    NOT NULL DEFAULT '',
    ADD COLUMN landlord_tax_number     text    NOT NULL DEFAULT '',
    ADD COLUMN landlord_iban           text    NOT NULL DEFAULT '',
    ADD COLUMN landlord_bic            text    NOT NULL DEFAULT '',
    ADD COLUMN landlord_bank_name      text    NOT NULL DEFAULT '',
    ADD COLUMN payment_methods         text[]  NOT NULL DEFAULT '{card}',
    ADD COLUMN deposit_return_days     integer NOT NULL DEFAULT 42 CHECK (deposit_return_days BETWEEN 1 AND 183);

-- +goose Down
ALTER TABLE building
    DROP COLUMN deposit_return_days,
    DROP COLUMN payment_methods,
    DROP COLUMN landlord_bank_name,
    DROP COLUMN landlord_bic,
    DROP COLUMN landlord_iban,
    DROP COLUMN landlord_tax_number,
    DROP COLUMN landlord_representative,
    DROP COLUMN landlord_legal_name;
