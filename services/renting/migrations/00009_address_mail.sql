-- +goose Up
-- The mails the renting service has the renter service send to an address that anybody may name: a
-- booking request's confirmation link (or, for an address that holds an apartment, the notice that
-- somebody tried to book with it) and a waitlist confirmation. A request or a join is refused once
-- BOOKING_LIMIT_PER_EMAIL of them went to its address within BOOKING_LIMIT_WINDOW; the row is written in
-- the transaction that enqueues the mail, so only a mail that goes out counts. The key is the SHA-256
-- of the address as domain.AddressKey makes it (lower case, a sub-address counted with its address),
-- not the address; the scheduled job deletes the rows the window no longer needs.
CREATE TABLE address_mail (
    address_key bytea       NOT NULL,
    sent_at     timestamptz NOT NULL
);
CREATE INDEX address_mail_key ON address_mail (address_key, sent_at);
CREATE INDEX address_mail_sent_at ON address_mail (sent_at);

-- +goose Down
DROP TABLE address_mail;
