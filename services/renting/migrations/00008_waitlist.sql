-- +goose Up
-- The waitlist of a semester (docs/booking.md, "Waitlist"): people who found no free apartment,
-- in the order they confirmed their address. A freed apartment is offered to the first waiting
-- entry whose wishes it meets and held for it until the offer's deadline. Only the SHA-256 of the
-- links' tokens is stored. An entry that booked or let its offer expire keeps no personal data,
-- only its state and times, until its semester starts and every entry of it goes.
CREATE TABLE waitlist_entry (
    id                uuid        PRIMARY KEY,
    -- the order of joining: the line is the order of confirmation, ties in the order of joining
    seq               bigint      GENERATED ALWAYS AS IDENTITY,
    semester_id       integer     NOT NULL,
    state             text        NOT NULL CHECK (state IN ('UNCONFIRMED', 'WAITING', 'OFFERED', 'BOOKED', 'EXPIRED')),
    email             text,
    name              text,
    language          text,
    wish_floor_id     integer,
    wish_min_size     integer,
    created_at        timestamptz NOT NULL,
    confirm_hash      bytea,
    confirm_mailed_at timestamptz,
    confirmed_at      timestamptz,
    offer_apartment_id integer,
    offer_hash        bytea,
    offered_at        timestamptz,
    offer_expires_at  timestamptz,
    -- the booking request made through the offer: the one renting that may hold the apartment
    offer_renting_id  uuid,
    ended_at          timestamptz,
    CHECK ((state IN ('BOOKED', 'EXPIRED')) = (email IS NULL)),
    CHECK ((state = 'OFFERED') = (offer_hash IS NOT NULL))
);
-- One entry per address and semester (any case): an address gets one line place and one open offer.
CREATE UNIQUE INDEX waitlist_entry_address ON waitlist_entry (semester_id, lower(email)) WHERE email IS NOT NULL;
-- One apartment is offered to one entry at a time.
CREATE UNIQUE INDEX waitlist_entry_offered_apartment ON waitlist_entry (semester_id, offer_apartment_id) WHERE state = 'OFFERED';
CREATE UNIQUE INDEX waitlist_entry_confirm_hash ON waitlist_entry (confirm_hash);
CREATE UNIQUE INDEX waitlist_entry_offer_hash ON waitlist_entry (offer_hash);
CREATE INDEX waitlist_entry_line ON waitlist_entry (semester_id, confirmed_at, seq) WHERE state = 'WAITING';
CREATE INDEX waitlist_entry_offer_renting ON waitlist_entry (offer_renting_id) WHERE state = 'OFFERED';

-- +goose StatementBegin
-- A renting that starts holding an apartment offered to a waitlist entry is refused unless it is
-- the booking made through that offer, which ends the entry (BOOKED, its personal data gone). It
-- runs after renting_refuses_blocked_apartment (triggers fire by name), under the same advisory
-- lock of (apartment, semester) that making an offer takes.
CREATE FUNCTION renting_respects_waitlist_offer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_advisory_xact_lock(NEW.apartment_id, NEW.semester_id);
    IF EXISTS (SELECT 1 FROM waitlist_entry
               WHERE semester_id = NEW.semester_id AND offer_apartment_id = NEW.apartment_id AND state = 'OFFERED'
                 AND offer_renting_id IS DISTINCT FROM NEW.id) THEN
        RAISE EXCEPTION 'apartment % is offered to the waitlist in semester %', NEW.apartment_id, NEW.semester_id
            USING ERRCODE = 'unique_violation', CONSTRAINT = 'apartment_offered';
    END IF;
    UPDATE waitlist_entry
    SET state = 'BOOKED', ended_at = now(), email = NULL, name = NULL, language = NULL,
        wish_floor_id = NULL, wish_min_size = NULL, confirm_hash = NULL, offer_hash = NULL
    WHERE offer_renting_id = NEW.id AND state = 'OFFERED';
    RETURN NEW;
END $$;
-- +goose StatementEnd

-- The states are domain.holding, as in the partial unique index renting_holds_apartment.
CREATE TRIGGER renting_respects_waitlist_offer BEFORE INSERT OR UPDATE ON renting FOR EACH ROW
    WHEN (NEW.state IN ('APARTMENT_RESERVED', 'OWNER_ACKNOWLEDGED', 'CONTRACT_REQUESTED', 'CONTRACT_SIGNED',
                        'UNPAID', 'PAYED', 'RENEWAL_REQUEST', 'RENEWAL_ACCEPTED'))
    EXECUTE FUNCTION renting_respects_waitlist_offer();

-- +goose Down
DROP TRIGGER renting_respects_waitlist_offer ON renting;
DROP FUNCTION renting_respects_waitlist_offer();
DROP TABLE waitlist_entry;
