-- +goose Up
-- The payment's checkout session at the provider, apart from the link the renter is given: the
-- residence's payment page (link) sends the renter to the session while it is open and makes a new
-- one once it has expired (Stripe's expire after 24 hours). A payment made before keeps its session's
-- URL as its link, and that session as its current one, never expiring here.
ALTER TABLE payment ADD COLUMN checkout_url text;
ALTER TABLE payment ADD COLUMN checkout_session_id text NOT NULL DEFAULT '';
ALTER TABLE payment ADD COLUMN checkout_expires_at timestamptz;
ALTER TABLE payment ADD COLUMN checkout_attempt integer NOT NULL DEFAULT 1 CHECK (checkout_attempt > 0);
UPDATE payment SET checkout_url = link;
ALTER TABLE payment ALTER COLUMN checkout_url SET NOT NULL;

-- +goose Down
ALTER TABLE payment DROP COLUMN checkout_attempt;
ALTER TABLE payment DROP COLUMN checkout_expires_at;
ALTER TABLE payment DROP COLUMN checkout_session_id;
ALTER TABLE payment DROP COLUMN checkout_url;
