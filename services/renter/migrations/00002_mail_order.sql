-- +goose Up
-- Several senders deliver mails side by side (MAIL_SENDERS); seq keeps each renter's mails in the
-- order their events happened: a mail waits while an earlier one of the same renter is unsent.
ALTER TABLE outgoing_mail ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
CREATE INDEX outgoing_mail_unsent_by_renter ON outgoing_mail (renter_id, seq) WHERE sent_at IS NULL;

-- +goose Down
DROP INDEX outgoing_mail_unsent_by_renter;
ALTER TABLE outgoing_mail DROP COLUMN seq;
