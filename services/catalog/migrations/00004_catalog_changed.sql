-- +goose Up
-- Every replica answers reads from the catalog held in memory and loads it again when it changed:
-- each committed change of a catalog table tells every listening replica on the channel
-- catalog_changed (PostgreSQL folds the notices of one transaction into one).
-- +goose StatementBegin
CREATE FUNCTION notify_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('catalog_changed', '');
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER building_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON building
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
CREATE TRIGGER floor_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON floor
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
CREATE TRIGGER apartment_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON apartment
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
CREATE TRIGGER picture_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON picture
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
CREATE TRIGGER semester_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON semester
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();

-- +goose Down
DROP TRIGGER semester_changed ON semester;
DROP TRIGGER picture_changed ON picture;
DROP TRIGGER apartment_changed ON apartment;
DROP TRIGGER floor_changed ON floor;
DROP TRIGGER building_changed ON building;
DROP FUNCTION notify_catalog_changed();
