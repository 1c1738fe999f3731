-- +goose Up
-- The building file's content last imported (a SHA-256 of it): importing the same file again, as
-- every start of `make run` and every deployment's Job does, leaves an administrator's edits alone.
ALTER TABLE building ADD COLUMN imported_sha256 text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE building DROP COLUMN imported_sha256;
