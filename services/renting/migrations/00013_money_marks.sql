-- +goose Up
-- What the payment service reported beside a renting's state (domain.MoneyMarks): a SEPA debit under
-- way ("in payment"), an open dispute and a failed refund, each of the latter a task of the office's
-- until it is resolved.
ALTER TABLE renting
    ADD COLUMN in_payment boolean NOT NULL DEFAULT false,
    ADD COLUMN disputed_since timestamptz,
    ADD COLUMN dispute_status text NOT NULL DEFAULT '',
    ADD COLUMN refund_failed_since timestamptz,
    ADD COLUMN refund_failure text NOT NULL DEFAULT '';

-- The office's start page asks for the rentings with an open money task.
CREATE INDEX renting_money_task ON renting (id) WHERE disputed_since IS NOT NULL OR refund_failed_since IS NOT NULL;

-- +goose Down
DROP INDEX renting_money_task;
ALTER TABLE renting DROP COLUMN in_payment, DROP COLUMN disputed_since, DROP COLUMN dispute_status,
    DROP COLUMN refund_failed_since, DROP COLUMN refund_failure;
