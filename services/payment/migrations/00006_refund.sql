-- +goose Up
-- The provider's payment that paid a payment (Stripe's PaymentIntent), which a refund names; empty
-- for payments paid before it was kept.
ALTER TABLE payment ADD COLUMN payment_intent_id text NOT NULL DEFAULT '';
-- What refunds pending or succeeded give back of the payment, kept in the refunds' transactions.
ALTER TABLE payment ADD COLUMN refunded_cents bigint NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0 AND refunded_cents <= amount_cents);

-- Money of a paid payment going back to the renter through the provider. The id is derived from the
-- event that caused it, so a redelivered event makes no second refund.
CREATE TABLE refund (
    id                 uuid PRIMARY KEY,
    payment_id         uuid        NOT NULL REFERENCES payment (id),
    purpose            text        NOT NULL CHECK (purpose IN ('CANCELLATION', 'DEPOSIT')),
    amount_cents       bigint      NOT NULL CHECK (amount_cents > 0),
    currency           text        NOT NULL CHECK (currency = 'EUR'),
    status             text        NOT NULL CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED', 'CANCELED')),
    provider_refund_id text        NOT NULL UNIQUE,
    reason             text        NOT NULL DEFAULT '',
    created_at         timestamptz NOT NULL,
    updated_at         timestamptz NOT NULL
);
CREATE INDEX refund_payment_idx ON refund (payment_id);

-- +goose Down
DROP TABLE refund;
ALTER TABLE payment DROP COLUMN refunded_cents;
ALTER TABLE payment DROP COLUMN payment_intent_id;
