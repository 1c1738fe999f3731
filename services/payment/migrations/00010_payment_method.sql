-- +goose Up
-- How a payment was paid, the provider's payment method type (card, sepa_debit); empty until known.
ALTER TABLE payment ADD COLUMN method text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE payment DROP COLUMN method;
