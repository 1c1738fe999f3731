-- The relay is hinted in its own process when an event is written (events.Relay.Run). A NOTIFY in
-- every transaction that writes an event made those commits take PostgreSQL's global notification
-- lock until their WAL was flushed, one after the other.

-- +goose Up
DROP TRIGGER outbox_notify ON outbox;
DROP FUNCTION outbox_notify();

-- +goose Down
-- +goose StatementBegin
CREATE FUNCTION outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('outbox', '');
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER outbox_notify AFTER INSERT ON outbox FOR EACH STATEMENT EXECUTE FUNCTION outbox_notify();
