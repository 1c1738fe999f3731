-- +goose Up
-- One payment per renting: the semester total, charged once through the provider's checkout.
CREATE TABLE payment (
    id           uuid PRIMARY KEY,
    -- Unique, so that a redelivered contract_signed event cannot create a second payment.
    renting_id   uuid        NOT NULL UNIQUE,
    amount_cents bigint      NOT NULL CHECK (amount_cents > 0),
    currency     text        NOT NULL CHECK (currency = 'EUR'),
    status       text        NOT NULL CHECK (status IN ('OPEN', 'FAILED', 'PAID')),
    link         text        NOT NULL,
    apartment    text        NOT NULL,
    semester     text        NOT NULL,
    created_at   timestamptz NOT NULL,
    paid_at      timestamptz CHECK ((status = 'PAID') = (paid_at IS NOT NULL))
);

-- Every provider event applied, keyed by the provider's event id: a webhook delivered again finds
-- its id here and changes nothing.
CREATE TABLE webhook_event (
    event_id    text PRIMARY KEY,
    payment_id  uuid        NOT NULL REFERENCES payment (id),
    succeeded   boolean     NOT NULL,
    reason      text        NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_event_payment_idx ON webhook_event (payment_id);

-- +goose Down
DROP TABLE webhook_event;
DROP TABLE payment;
