-- +goose Up
-- The items of the price a renting's contract was written with (rent × months, cleaning, deposit),
-- whose totals add up to contract_total_cents: the booking's pages show what the contract says.
ALTER TABLE renting ADD COLUMN contract_items jsonb NOT NULL DEFAULT '[]';

-- +goose Down
ALTER TABLE renting DROP COLUMN contract_items;
