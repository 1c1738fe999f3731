-- +goose Up
-- Administrators add and edit semesters now: no two may share a day, even when two requests race.
-- A range type's GiST operator class is built in, no extension needed.
ALTER TABLE semester ADD CONSTRAINT semester_no_overlap
    EXCLUDE USING gist (daterange(start_date, end_date, '[]') WITH &&);

-- +goose Down
ALTER TABLE semester DROP CONSTRAINT semester_no_overlap;
