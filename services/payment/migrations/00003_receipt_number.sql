-- +goose Up
-- A paid payment's receipt number: one sequence, drawn when the payment is paid, so the numbers of
-- the receipts follow the order of the payments. Payments paid before get theirs in that order.
CREATE SEQUENCE receipt_number_seq;
ALTER TABLE payment ADD COLUMN receipt_number bigint UNIQUE;
UPDATE payment SET receipt_number = numbered.n
FROM (SELECT id, nextval('receipt_number_seq') AS n FROM (SELECT id FROM payment WHERE status = 'PAID' ORDER BY paid_at, id) AS paid) AS numbered
WHERE payment.id = numbered.id;
ALTER TABLE payment ADD CONSTRAINT payment_receipt_number_when_paid CHECK ((status = 'PAID') = (receipt_number IS NOT NULL));

-- +goose Down
ALTER TABLE payment DROP COLUMN receipt_number;
DROP SEQUENCE receipt_number_seq;
