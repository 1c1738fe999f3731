-- +goose Up
-- The books: every charge, payment, refund and deduction of a renting, each written in the transaction
-- of what caused it. amount_cents is signed from the renter's side (a charge +, a payment −, a refund +,
-- a cancelled charge −, a deduction 0), item_cents is the entry's money unsigned. cause_key is derived
-- from the cause (the payment, the refund, the settlement's event), so a redelivered event or webhook
-- books nothing twice.
CREATE TABLE ledger_entry (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    renting_id   uuid        NOT NULL,
    semester_id  integer     NOT NULL,
    at           timestamptz NOT NULL,
    kind         text        NOT NULL CHECK (kind IN ('CHARGE', 'CHARGE_CANCELED', 'PAYMENT', 'REFUND', 'DEDUCTION')),
    item         text        NOT NULL CHECK (item IN ('', 'RENT', 'CLEANING', 'DEPOSIT')),
    description  text        NOT NULL,
    amount_cents bigint      NOT NULL,
    item_cents   bigint      NOT NULL CHECK (item_cents >= 0),
    reference    text        NOT NULL,
    cause_key    text        NOT NULL UNIQUE
);
CREATE INDEX ledger_entry_renting_idx ON ledger_entry (renting_id, at);
CREATE INDEX ledger_entry_at_idx ON ledger_entry (at);

-- The payments made before the books: one charge of the contract's total (its items were not kept;
-- the semester neither, 0), its payment, its cancellation before it was paid, its refunds that went through.
INSERT INTO ledger_entry (renting_id, semester_id, at, kind, item, description, amount_cents, item_cents, reference, cause_key)
SELECT renting_id, 0, created_at, 'CHARGE', '', 'Vertragssumme / Contract total', amount_cents, amount_cents,
    renting_id::text, 'charge:' || id || ':total'
FROM payment;
INSERT INTO ledger_entry (renting_id, semester_id, at, kind, item, description, amount_cents, item_cents, reference, cause_key)
SELECT renting_id, 0, coalesce(checkout_expires_at, created_at), 'CHARGE_CANCELED', '', 'Storniert / Cancelled',
    -amount_cents, amount_cents, renting_id::text, 'canceled:charge:' || id || ':total'
FROM payment WHERE status = 'CANCELED';
INSERT INTO ledger_entry (renting_id, semester_id, at, kind, item, description, amount_cents, item_cents, reference, cause_key)
SELECT renting_id, 0, paid_at, 'PAYMENT', '', 'Zahlung / Payment', -amount_cents, amount_cents,
    coalesce(receipt_number::text, id::text), 'payment:' || id
FROM payment WHERE status = 'PAID';
INSERT INTO ledger_entry (renting_id, semester_id, at, kind, item, description, amount_cents, item_cents, reference, cause_key)
SELECT payment.renting_id, 0, refund.updated_at, 'REFUND', CASE refund.purpose WHEN 'DEPOSIT' THEN 'DEPOSIT' ELSE 'RENT' END,
    'Erstattung / Refund', refund.amount_cents, refund.amount_cents, refund.provider_refund_id, 'refund:' || refund.id
FROM refund JOIN payment ON payment.id = refund.payment_id WHERE refund.status = 'SUCCEEDED';

-- +goose Down
DROP TABLE ledger_entry;
