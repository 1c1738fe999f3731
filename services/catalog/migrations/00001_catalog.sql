-- +goose Up
-- The building, its floors and apartments. Prices are integer cents in EUR.
CREATE TABLE building (
    id      integer PRIMARY KEY,
    name    text NOT NULL,
    address text NOT NULL
);

CREATE TABLE floor (
    id          integer PRIMARY KEY,
    building_id integer NOT NULL REFERENCES building (id),
    name        text NOT NULL UNIQUE
);

CREATE TABLE apartment (
    id             integer PRIMARY KEY,
    floor_id       integer NOT NULL REFERENCES floor (id),
    name           text NOT NULL UNIQUE,
    description_de text NOT NULL,
    description_en text NOT NULL,
    rent_cents     bigint NOT NULL CHECK (rent_cents >= 0),
    cleaning_cents bigint NOT NULL CHECK (cleaning_cents >= 0),
    deposit_cents  bigint NOT NULL CHECK (deposit_cents >= 0),
    currency       text NOT NULL DEFAULT 'EUR' CHECK (currency = 'EUR'),
    features       text[] NOT NULL DEFAULT '{}',
    plan_x         double precision NOT NULL CHECK (plan_x BETWEEN 0 AND 1),
    plan_y         double precision NOT NULL CHECK (plan_y BETWEEN 0 AND 1),
    updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX apartment_floor_idx ON apartment (floor_id, id);

CREATE TABLE picture (
    apartment_id   integer NOT NULL REFERENCES apartment (id) ON DELETE CASCADE,
    position       integer NOT NULL,
    name           text NOT NULL,
    url            text NOT NULL,
    description_de text NOT NULL,
    description_en text NOT NULL,
    PRIMARY KEY (apartment_id, position)
);

-- Semesters are plain calendar ranges; their phase and "current" flag depend on the day they are
-- looked at, so they are computed, never stored.
CREATE TABLE semester (
    id         serial PRIMARY KEY,
    name       text NOT NULL UNIQUE,
    start_date date NOT NULL UNIQUE,
    end_date   date NOT NULL,
    CHECK (end_date > start_date)
);

-- +goose Down
DROP TABLE semester;
DROP TABLE picture;
DROP TABLE apartment;
DROP TABLE floor;
DROP TABLE building;
