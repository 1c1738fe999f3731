-- The platform's own tables, used by package events: the transactional outbox and the consumers'
-- record of processed events. Versioned in platform_goose_db_version, apart from the service's own.

-- +goose Up
CREATE TABLE outbox (
    seq          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, -- publish order
    event_id     uuid        NOT NULL UNIQUE,                     -- published as Nats-Msg-Id
    subject      text        NOT NULL,
    payload      bytea       NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    published_at timestamptz
);
CREATE INDEX outbox_unpublished ON outbox (seq) WHERE published_at IS NULL;
CREATE INDEX outbox_published_at ON outbox (published_at) WHERE published_at IS NOT NULL;

-- Wakes the relay (LISTEN outbox) when a transaction that wrote events commits; a rolled-back
-- transaction sends nothing. One notification per statement is enough: the relay reads all rows.
-- +goose StatementBegin
CREATE FUNCTION outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('outbox', '');
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER outbox_notify AFTER INSERT ON outbox FOR EACH STATEMENT EXECUTE FUNCTION outbox_notify();

CREATE TABLE processed_events (
    consumer     text        NOT NULL, -- the durable consumer's name
    event_id     text        NOT NULL, -- the message's Nats-Msg-Id
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
);

-- +goose Down
DROP TABLE processed_events;
DROP TRIGGER outbox_notify ON outbox;
DROP FUNCTION outbox_notify();
DROP TABLE outbox;
