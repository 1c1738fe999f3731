-- +goose Up
-- Each floor names its plan drawing (a path on the site or an https URL) in the building file; the
-- floors stored before were drawn at /groundplan/{name}.svg.
ALTER TABLE floor ADD COLUMN plan text NOT NULL DEFAULT '';
UPDATE floor SET plan = '/groundplan/' || name || '.svg';
ALTER TABLE floor ALTER COLUMN plan DROP DEFAULT;

-- +goose Down
ALTER TABLE floor DROP COLUMN plan;
