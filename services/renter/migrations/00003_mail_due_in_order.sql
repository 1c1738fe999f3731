-- +goose Up
-- The senders take the next due mail in the order (next_attempt_at, seq). With an index on
-- next_attempt_at alone, PostgreSQL read and sorted every due mail to find the first one, so with a
-- queue of n mails each took O(n): a burst of 500 mails cost seconds of database CPU. In this order
-- the first unlocked due mail is found at the start of the index.
CREATE INDEX outgoing_mail_due_in_order ON outgoing_mail (next_attempt_at, seq) WHERE sent_at IS NULL;
DROP INDEX outgoing_mail_due;

-- +goose Down
CREATE INDEX outgoing_mail_due ON outgoing_mail (next_attempt_at) WHERE sent_at IS NULL;
DROP INDEX outgoing_mail_due_in_order;
