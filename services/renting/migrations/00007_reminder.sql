-- +goose Up
-- The reminders sent (docs/booking.md, "Reminders"): one row per renting and step, written in the
-- transaction that enqueues the reminder's event, so that each reminder goes out once even when
-- several replicas run the job. They go with their renting.
CREATE TABLE renting_reminder (
    renting_id uuid        NOT NULL REFERENCES renting (id) ON DELETE CASCADE,
    step       text        NOT NULL CHECK (step IN ('CONFIRM_EMAIL', 'SIGN_CONTRACT', 'PAY_RENT', 'ANSWER_RENEWAL')),
    sent_at    timestamptz NOT NULL,
    PRIMARY KEY (renting_id, step)
);

-- The renewal reminder carries a link of its own: a renewal may have a second token, and the link of
-- the first mail keeps working beside it.
ALTER TABLE renewal_token DROP CONSTRAINT renewal_token_pkey, ADD PRIMARY KEY (renting_id, hash);

-- +goose Down
DELETE FROM renewal_token t
WHERE EXISTS (SELECT FROM renewal_token o WHERE o.renting_id = t.renting_id AND o.ctid < t.ctid);
ALTER TABLE renewal_token DROP CONSTRAINT renewal_token_pkey, ADD PRIMARY KEY (renting_id);
DROP TABLE renting_reminder;
