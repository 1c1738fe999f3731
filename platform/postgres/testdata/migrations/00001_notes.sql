-- +goose Up
CREATE TABLE notes (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, body text NOT NULL);

-- +goose Down
DROP TABLE notes;
