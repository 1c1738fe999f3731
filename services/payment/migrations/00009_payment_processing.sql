-- +goose Up
-- A payment completed with a method that reports later (a SEPA direct debit under way): PROCESSING
-- until the provider says paid or failed.
ALTER TABLE payment DROP CONSTRAINT payment_status_check;
ALTER TABLE payment ADD CONSTRAINT payment_status_check CHECK (status IN ('OPEN', 'PROCESSING', 'FAILED', 'PAID', 'CANCELED'));

-- +goose Down
UPDATE payment SET status = 'OPEN' WHERE status = 'PROCESSING';
ALTER TABLE payment DROP CONSTRAINT payment_status_check;
ALTER TABLE payment ADD CONSTRAINT payment_status_check CHECK (status IN ('OPEN', 'FAILED', 'PAID', 'CANCELED'));
