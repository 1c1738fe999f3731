-- What the test consumers write: one row per handled delivery, so a duplicate would show.
-- +goose Up
CREATE TABLE received (
    n        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    consumer text  NOT NULL,
    msg_id   text  NOT NULL,
    payload  bytea NOT NULL
);

-- +goose Down
DROP TABLE received;
