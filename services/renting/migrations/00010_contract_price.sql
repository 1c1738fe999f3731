-- +goose Up
-- The total a renting's contract was written with (the document service prices the contract once,
-- when it writes it): the payment asks exactly this, whatever the catalog says later. 0 and empty
-- until a contract is written.
ALTER TABLE renting
    ADD COLUMN contract_total_cents bigint NOT NULL DEFAULT 0 CHECK (contract_total_cents >= 0),
    ADD COLUMN contract_currency    text   NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE renting DROP COLUMN contract_total_cents, DROP COLUMN contract_currency;
