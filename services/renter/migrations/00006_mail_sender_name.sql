-- +goose Up
-- The residence's name as the mail's sender, taken when the mail is written (as its signature is), so
-- that delivering it asks nobody. Empty for mails written before: they go out with MAIL_FROM's name.
ALTER TABLE outgoing_mail ADD COLUMN sender_name text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE outgoing_mail DROP COLUMN sender_name;
