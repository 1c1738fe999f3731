-- +goose Up
-- How renters reach the residence's management: the site's footer and legal pages, every mail's
-- signature and the contract state it. A building stored before gets it from the seed at the next start.
ALTER TABLE building
    ADD COLUMN email text NOT NULL DEFAULT '',
    ADD COLUMN phone text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE building DROP COLUMN phone, DROP COLUMN email;
