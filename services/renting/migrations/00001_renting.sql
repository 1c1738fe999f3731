-- +goose Up
-- One renter's booking of one apartment for one semester. Renter, apartment and semester belong to
-- other services: they are referenced by id only.
CREATE TABLE renting (
    id           uuid PRIMARY KEY,
    renter_id    bigint      NOT NULL,
    apartment_id integer     NOT NULL,
    semester_id  integer     NOT NULL,
    state        text        NOT NULL CHECK (state IN (
        'APARTMENT_REQUESTED', 'APARTMENT_RESERVED', 'SELECT_APARTMENT', 'OWNER_ACKNOWLEDGED',
        'CONTRACT_REQUESTED', 'CONTRACT_SIGNED', 'UNPAID', 'PAYED', 'RENEWAL_REQUEST', 'RENEWAL_ACCEPTED',
        'CANCELED')),
    renewal      boolean     NOT NULL DEFAULT false,
    created_at   timestamptz NOT NULL,
    updated_at   timestamptz NOT NULL
);

-- Double booking is impossible here, not only in the application: at most one renting holds an
-- apartment per semester, and a renter holds at most one apartment per semester. The state list is
-- domain.holding.
CREATE UNIQUE INDEX renting_holds_apartment ON renting (apartment_id, semester_id)
    WHERE state IN ('APARTMENT_RESERVED', 'OWNER_ACKNOWLEDGED', 'CONTRACT_REQUESTED', 'CONTRACT_SIGNED',
                    'UNPAID', 'PAYED', 'RENEWAL_REQUEST', 'RENEWAL_ACCEPTED');
CREATE UNIQUE INDEX renting_holds_renter ON renting (renter_id, semester_id)
    WHERE state IN ('APARTMENT_RESERVED', 'OWNER_ACKNOWLEDGED', 'CONTRACT_REQUESTED', 'CONTRACT_SIGNED',
                    'UNPAID', 'PAYED', 'RENEWAL_REQUEST', 'RENEWAL_ACCEPTED');
CREATE INDEX renting_semester ON renting (semester_id, apartment_id);
CREATE INDEX renting_renter ON renting (renter_id, semester_id);
CREATE INDEX renting_waiting ON renting (state, created_at) WHERE state IN ('APARTMENT_REQUESTED', 'RENEWAL_REQUEST');

-- The append-only log: every state a renting reached, when. Deleting a renting (an admin frees the
-- apartment) deletes its log too.
CREATE TABLE renting_log (
    seq        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    renting_id uuid        NOT NULL REFERENCES renting (id) ON DELETE CASCADE,
    state      text        NOT NULL,
    at         timestamptz NOT NULL
);
CREATE INDEX renting_log_renting ON renting_log (renting_id, seq);

-- +goose StatementBegin
CREATE FUNCTION renting_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'renting_log is append-only';
END
$$;
-- +goose StatementEnd
CREATE TRIGGER renting_log_append_only BEFORE UPDATE ON renting_log
    FOR EACH ROW EXECUTE FUNCTION renting_log_append_only();

-- +goose Down
DROP TABLE renting_log;
DROP FUNCTION renting_log_append_only();
DROP TABLE renting;
