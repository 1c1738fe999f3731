-- +goose Up
-- The waitlist's mails (the confirmation link, an offer) go to people who are no renter: their
-- mails have no renter, are delivered each on its own, and keep no recipient or text once sent.
ALTER TABLE outgoing_mail ALTER COLUMN renter_id DROP NOT NULL;

-- +goose Down
DELETE FROM outgoing_mail WHERE renter_id IS NULL;
ALTER TABLE outgoing_mail ALTER COLUMN renter_id SET NOT NULL;
