-- +goose Up
-- Renters' personal data. A renter is found by e-mail case-insensitively.
CREATE TABLE renter (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email           text        NOT NULL,
    email_validated boolean     NOT NULL DEFAULT false,
    first_name      text        NOT NULL,
    last_name       text        NOT NULL,
    street          text        NOT NULL,
    zip             text        NOT NULL,
    city            text        NOT NULL,
    country         text        NOT NULL,
    birthday        date        NOT NULL,
    phone           text        NOT NULL,
    nationality     text        NOT NULL,
    gender          text        NOT NULL CHECK (gender IN ('male', 'female', 'various')),
    language        text        NOT NULL CHECK (language IN ('de', 'en')),
    notes           text        NOT NULL DEFAULT '',
    -- Bookings that registered this renter and were not undone (DeleteUnusedRenter): while another
    -- booking still counts on the renter, undoing one booking must not delete it.
    registrations   integer     NOT NULL DEFAULT 1 CHECK (registrations >= 0),
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX renter_email_key ON renter (lower(email));

-- E-mail confirmation tokens: only the SHA-256 of the token is stored.
CREATE TABLE email_token (
    hash       bytea       PRIMARY KEY,
    renter_id  bigint      NOT NULL REFERENCES renter (id) ON DELETE CASCADE,
    renting_id uuid        NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at    timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_token_renter ON email_token (renter_id);

-- Mails to renters, stored in the transaction of the event that caused them (one per event) and
-- delivered by the sender, which retries with a growing delay.
CREATE TABLE outgoing_mail (
    event_id        text        PRIMARY KEY,
    renter_id       bigint      NOT NULL,
    recipient       text        NOT NULL,
    subject         text        NOT NULL,
    text_body       text        NOT NULL,
    html_body       text        NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    attempts        integer     NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    last_error      text        NOT NULL DEFAULT '',
    sent_at         timestamptz
);
CREATE INDEX outgoing_mail_due ON outgoing_mail (next_attempt_at) WHERE sent_at IS NULL;

-- +goose Down
DROP TABLE outgoing_mail;
DROP TABLE email_token;
DROP TABLE renter;
