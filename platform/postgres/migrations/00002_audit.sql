-- The audit log of package audit: who changed what and when. Append-only by convention: nothing in
-- the project updates or deletes its rows.

-- +goose Up
CREATE TABLE audit_log (
    id      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at      timestamptz NOT NULL DEFAULT now(),
    actor   text        NOT NULL,
    action  text        NOT NULL,
    subject text        NOT NULL,
    details jsonb       NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_subject ON audit_log (subject, at);

-- +goose Down
DROP TABLE audit_log;
