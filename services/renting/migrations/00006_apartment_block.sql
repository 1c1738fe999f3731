-- +goose Up
-- An administrator blocks an apartment for a semester (repairs, a guest of the house): nobody can
-- book it. The renting service owns who holds an apartment, so it owns the blocks too, and the
-- database keeps a block and a holding renting apart: blocking checks for a holder, and a renting
-- that starts holding checks for a block, both under the advisory lock of (apartment, semester), so
-- that the two cannot pass each other.
CREATE TABLE apartment_block (
    semester_id  integer NOT NULL,
    apartment_id integer NOT NULL,
    reason       text NOT NULL CHECK (btrim(reason) <> ''),
    blocked_by   text NOT NULL,
    blocked_at   timestamptz NOT NULL,
    PRIMARY KEY (semester_id, apartment_id)
);

-- +goose StatementBegin
CREATE FUNCTION renting_refuses_blocked_apartment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_advisory_xact_lock(NEW.apartment_id, NEW.semester_id);
    IF EXISTS (SELECT 1 FROM apartment_block WHERE semester_id = NEW.semester_id AND apartment_id = NEW.apartment_id) THEN
        RAISE EXCEPTION 'apartment % is blocked in semester %', NEW.apartment_id, NEW.semester_id
            USING ERRCODE = 'unique_violation', CONSTRAINT = 'apartment_blocked';
    END IF;
    RETURN NEW;
END $$;
-- +goose StatementEnd

-- The states are domain.holding, as in the partial unique index renting_holds_apartment.
CREATE TRIGGER renting_refuses_blocked_apartment BEFORE INSERT OR UPDATE ON renting FOR EACH ROW
    WHEN (NEW.state IN ('APARTMENT_RESERVED', 'OWNER_ACKNOWLEDGED', 'CONTRACT_REQUESTED', 'CONTRACT_SIGNED',
                        'UNPAID', 'PAYED', 'RENEWAL_REQUEST', 'RENEWAL_ACCEPTED'))
    EXECUTE FUNCTION renting_refuses_blocked_apartment();

-- +goose Down
DROP TRIGGER renting_refuses_blocked_apartment ON renting;
DROP FUNCTION renting_refuses_blocked_apartment();
DROP TABLE apartment_block;
