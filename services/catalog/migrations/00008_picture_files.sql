-- +goose Up
-- The pictures administrators upload: each width's JPEG, stored here and served by the catalog at
-- /pictures/{id}/{width}-{sha256}.jpg. A picture row names its files by file_id (empty: a picture of
-- the building file, whose files are elsewhere); files no picture names any more are deleted with
-- the change that dropped the picture. No trigger: the picture row's change reloads the catalog, and
-- the bytes never enter the catalog held in memory.
ALTER TABLE picture ADD COLUMN file_id text NOT NULL DEFAULT '';
CREATE INDEX picture_file_id_idx ON picture (file_id) WHERE file_id <> '';

CREATE TABLE picture_file (
    id         text NOT NULL CHECK (id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'),
    width      integer NOT NULL CHECK (width > 0),
    height     integer NOT NULL CHECK (height > 0),
    sha256     bytea NOT NULL CHECK (length(sha256) = 32),
    content    bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (id, width)
);

-- +goose Down
DROP TABLE picture_file;
ALTER TABLE picture DROP COLUMN file_id;
