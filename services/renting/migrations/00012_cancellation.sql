-- +goose Up
-- The office's cancellation of a booking: why, what it refunds of what was paid (cents), who did it.
-- The booking's pages show the reason; the payment and the renter's mail take all of it from the event.
ALTER TABLE renting
    ADD COLUMN cancellation_reason text,
    ADD COLUMN cancellation_refund_cents bigint NOT NULL DEFAULT 0 CHECK (cancellation_refund_cents >= 0),
    ADD COLUMN cancellation_actor text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE renting DROP COLUMN cancellation_reason, DROP COLUMN cancellation_refund_cents, DROP COLUMN cancellation_actor;
