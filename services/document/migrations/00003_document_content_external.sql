-- +goose Up
-- Stored contents are JPEGs and PDFs, compressed already: PostgreSQL's own compression (pglz) of a
-- large value found nothing to gain but cost most of the database's CPU per booking (three scans).
-- EXTERNAL keeps large contents out of line, uncompressed. Rows written before keep their storage.
ALTER TABLE document ALTER COLUMN content SET STORAGE EXTERNAL;

-- +goose Down
ALTER TABLE document ALTER COLUMN content SET STORAGE EXTENDED;
