-- +goose Up
-- A payment whose booking was cancelled before it was paid: its checkout is closed and nothing can be
-- paid any more (CANCELED).
ALTER TABLE payment DROP CONSTRAINT payment_status_check;
ALTER TABLE payment ADD CONSTRAINT payment_status_check CHECK (status IN ('OPEN', 'FAILED', 'PAID', 'CANCELED'));

-- +goose Down
UPDATE payment SET status = 'FAILED' WHERE status = 'CANCELED';
ALTER TABLE payment DROP CONSTRAINT payment_status_check;
ALTER TABLE payment ADD CONSTRAINT payment_status_check CHECK (status IN ('OPEN', 'FAILED', 'PAID'));
