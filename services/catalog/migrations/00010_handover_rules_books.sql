-- +goose Up
-- The building file's rules of the handover (the renter's days to answer it, the meters the office
-- reads) and its books section (the residence's numbers and accounts for the tax advisor's DATEV
-- import). A building stored before keeps the defaults until the next import: 14 days, no meters,
-- the four-digit default accounts.
ALTER TABLE building
    ADD COLUMN handover_answer_days    integer NOT NULL DEFAULT 14 CHECK (handover_answer_days BETWEEN 3 AND 60),
    ADD COLUMN meters                  text[]  NOT NULL DEFAULT '{}' CHECK (cardinality(meters) <= 8),
    ADD COLUMN books_consultant_number integer NOT NULL DEFAULT 1001 CHECK (books_consultant_number BETWEEN 1001 AND 9999999),
    ADD COLUMN books_client_number     integer NOT NULL DEFAULT 1 CHECK (books_client_number BETWEEN 1 AND 99999),
    ADD COLUMN books_fiscal_year_start_month integer NOT NULL DEFAULT 1 CHECK (books_fiscal_year_start_month BETWEEN 1 AND 12),
    ADD COLUMN books_account_length    integer NOT NULL DEFAULT 4 CHECK (books_account_length BETWEEN 4 AND 8),
    ADD COLUMN books_money_account     integer NOT NULL DEFAULT 1200,
    ADD COLUMN books_rent_account      integer NOT NULL DEFAULT 8100,
    ADD COLUMN books_cleaning_account  integer NOT NULL DEFAULT 8100,
    ADD COLUMN books_deposit_account   integer NOT NULL DEFAULT 1790,
    ADD COLUMN books_damages_account   integer NOT NULL DEFAULT 8100;

-- +goose Down
ALTER TABLE building
    DROP COLUMN books_damages_account,
    DROP COLUMN books_deposit_account,
    DROP COLUMN books_cleaning_account,
    DROP COLUMN books_rent_account,
    DROP COLUMN books_money_account,
    DROP COLUMN books_account_length,
    DROP COLUMN books_fiscal_year_start_month,
    DROP COLUMN books_client_number,
    DROP COLUMN books_consultant_number,
    DROP COLUMN meters,
    DROP COLUMN handover_answer_days;
