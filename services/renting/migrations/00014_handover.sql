-- +goose Up
-- The handover of a renting that ended (docs/booking.md, "Move-out and the deposit"): what the office
-- recorded when the renter moved out, the renter's answer and the deposit's settlement. One per
-- renting; the deposit and the renting that collected it are fixed when the handover is recorded.
CREATE TABLE handover (
    renting_id          uuid        PRIMARY KEY REFERENCES renting (id) ON DELETE CASCADE,
    handover_date       date        NOT NULL,
    -- The meters' names (the building file's rules.meters) and their readings, pairwise.
    meter_names         text[]      NOT NULL DEFAULT '{}',
    meter_values        text[]      NOT NULL DEFAULT '{}',
    deposit_renting_id  uuid        NOT NULL,
    deposit_cents       bigint      NOT NULL CHECK (deposit_cents >= 0),
    status              text        NOT NULL CHECK (status IN ('RECORDED', 'CONFIRMED', 'DISPUTED', 'SETTLED')),
    answer_deadline     date        NOT NULL,
    settlement_deadline date        NOT NULL,
    dispute_reason      text CHECK (char_length(dispute_reason) BETWEEN 1 AND 1000),
    answered_at         timestamptz,
    settlement_method   text CHECK (settlement_method IN ('REFUND', 'BANK_TRANSFER')),
    refund_cents        bigint CHECK (refund_cents >= 0 AND refund_cents <= deposit_cents),
    bank_reference      text CHECK (char_length(bank_reference) BETWEEN 1 AND 140),
    settled_at          timestamptz,
    settled_by          text,
    recorded_at         timestamptz NOT NULL,
    actor               text        NOT NULL,
    CHECK (cardinality(meter_names) = cardinality(meter_values) AND cardinality(meter_names) <= 8),
    CHECK (answer_deadline >= handover_date AND settlement_deadline >= handover_date),
    -- An answer is the renter's once; a dispute has its reason.
    CHECK ((status = 'RECORDED') = (answered_at IS NULL AND settled_at IS NULL)),
    CHECK (dispute_reason IS NULL OR answered_at IS NOT NULL),
    CHECK (status <> 'DISPUTED' OR dispute_reason IS NOT NULL),
    -- A settlement is whole: its method, its refund and who made it; a bank transfer names its reference.
    CHECK ((status = 'SETTLED') = (settled_at IS NOT NULL)),
    CHECK ((settled_at IS NULL) = (settlement_method IS NULL)
        AND (settled_at IS NULL) = (refund_cents IS NULL)
        AND (settled_at IS NULL) = (settled_by IS NULL)),
    CHECK ((settlement_method = 'BANK_TRANSFER') = (bank_reference IS NOT NULL))
);

-- The office's task list asks for the handovers not settled.
CREATE INDEX handover_unsettled ON handover (renting_id) WHERE status <> 'SETTLED';

-- The damages of a handover, in the order the office recorded them (position from 0): what the
-- deposit keeps for each, in cents, and the document ids of its photos.
CREATE TABLE handover_damage (
    renting_id         uuid    NOT NULL REFERENCES handover (renting_id) ON DELETE CASCADE,
    position           integer NOT NULL CHECK (position BETWEEN 0 AND 19),
    description        text    NOT NULL CHECK (char_length(description) BETWEEN 1 AND 300),
    amount_cents       bigint  NOT NULL CHECK (amount_cents > 0),
    photo_document_ids text[]  NOT NULL DEFAULT '{}' CHECK (cardinality(photo_document_ids) <= 3),
    -- The office gave it up when settling: the deposit keeps nothing for it.
    waived             boolean NOT NULL DEFAULT false,
    PRIMARY KEY (renting_id, position)
);

-- The renter is reminded of an unanswered handover once, as of the other steps.
ALTER TABLE renting_reminder DROP CONSTRAINT renting_reminder_step_check,
    ADD CONSTRAINT renting_reminder_step_check
        CHECK (step IN ('CONFIRM_EMAIL', 'SIGN_CONTRACT', 'PAY_RENT', 'ANSWER_RENEWAL', 'ANSWER_HANDOVER'));

-- +goose Down
DELETE FROM renting_reminder WHERE step = 'ANSWER_HANDOVER';
ALTER TABLE renting_reminder DROP CONSTRAINT renting_reminder_step_check,
    ADD CONSTRAINT renting_reminder_step_check
        CHECK (step IN ('CONFIRM_EMAIL', 'SIGN_CONTRACT', 'PAY_RENT', 'ANSWER_RENEWAL'));
DROP TABLE handover_damage;
DROP TABLE handover;
