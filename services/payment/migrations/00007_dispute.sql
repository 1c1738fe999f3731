-- +goose Up
-- The provider's dispute of a paid payment (a chargeback), as it last reported it; empty while none.
ALTER TABLE payment ADD COLUMN dispute_id text NOT NULL DEFAULT '';
ALTER TABLE payment ADD COLUMN dispute_status text NOT NULL DEFAULT '';
ALTER TABLE payment ADD COLUMN dispute_reason text NOT NULL DEFAULT '';
ALTER TABLE payment ADD COLUMN dispute_amount_cents bigint NOT NULL DEFAULT 0 CHECK (dispute_amount_cents >= 0);
-- A dispute names the PaymentIntent it disputes.
CREATE INDEX payment_payment_intent_idx ON payment (payment_intent_id) WHERE payment_intent_id <> '';

-- +goose Down
DROP INDEX payment_payment_intent_idx;
ALTER TABLE payment DROP COLUMN dispute_amount_cents;
ALTER TABLE payment DROP COLUMN dispute_reason;
ALTER TABLE payment DROP COLUMN dispute_status;
ALTER TABLE payment DROP COLUMN dispute_id;
