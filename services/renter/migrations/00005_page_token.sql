-- +goose Up
-- The links to renters' own pages ("Meine Buchung"): every mail carries one. Only the SHA-256 of
-- the token is stored.
CREATE TABLE page_token (
    hash       bytea       PRIMARY KEY,
    renter_id  bigint      NOT NULL REFERENCES renter (id) ON DELETE CASCADE,
    expires_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX page_token_renter ON page_token (renter_id);

-- The limited mails to a renter (a cancelled unconfirmed request, a new page link asked for by
-- e-mail address) share one table: when the renter was last mailed of each kind.
ALTER TABLE cancelled_request_notice RENAME TO mail_notice;
ALTER TABLE mail_notice ADD COLUMN kind text NOT NULL DEFAULT 'renting_canceled';
ALTER TABLE mail_notice ALTER COLUMN kind DROP DEFAULT;
ALTER TABLE mail_notice DROP CONSTRAINT cancelled_request_notice_pkey;
ALTER TABLE mail_notice ADD PRIMARY KEY (renter_id, kind);

-- +goose Down
DELETE FROM mail_notice WHERE kind <> 'renting_canceled';
ALTER TABLE mail_notice DROP CONSTRAINT mail_notice_pkey;
ALTER TABLE mail_notice ADD PRIMARY KEY (renter_id);
ALTER TABLE mail_notice DROP COLUMN kind;
ALTER TABLE mail_notice RENAME TO cancelled_request_notice;
ALTER INDEX mail_notice_pkey RENAME TO cancelled_request_notice_pkey;
DROP TABLE page_token;
