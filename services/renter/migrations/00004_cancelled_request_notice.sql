-- +goose Up
-- When a renter was last mailed that an unconfirmed booking request of theirs was cancelled
-- (superseded by the request they confirmed, or expired). Anybody can send requests for any
-- address, so these mails are limited to one per address per SUPERSEDED_MAIL_WINDOW
-- (docs/security.md, "Booking requests").
CREATE TABLE cancelled_request_notice (
    renter_id bigint      PRIMARY KEY REFERENCES renter (id) ON DELETE CASCADE,
    mailed_at timestamptz NOT NULL
);

-- +goose Down
DROP TABLE cancelled_request_notice;
