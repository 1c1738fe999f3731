-- +goose Up
-- A paid booking the office cancels has its charges taken back and keeps the rest of its payment as
-- its cancellation fee; its refund, as every cancellation's, gives back money of item CANCELLATION. A
-- refund that failed after it went through is taken back again (REFUND_RETURNED, − on the balance).
ALTER TABLE ledger_entry
    DROP CONSTRAINT ledger_entry_kind_check,
    ADD CONSTRAINT ledger_entry_kind_check CHECK (kind IN ('CHARGE', 'CHARGE_CANCELED', 'CANCELLATION_FEE', 'PAYMENT', 'REFUND', 'REFUND_RETURNED', 'DEDUCTION')),
    DROP CONSTRAINT ledger_entry_item_check,
    ADD CONSTRAINT ledger_entry_item_check CHECK (item IN ('', 'RENT', 'CLEANING', 'DEPOSIT', 'CANCELLATION'));

-- +goose Down
DELETE FROM ledger_entry WHERE kind IN ('CANCELLATION_FEE', 'REFUND_RETURNED');
UPDATE ledger_entry SET item = 'RENT' WHERE item = 'CANCELLATION';
ALTER TABLE ledger_entry
    DROP CONSTRAINT ledger_entry_kind_check,
    ADD CONSTRAINT ledger_entry_kind_check CHECK (kind IN ('CHARGE', 'CHARGE_CANCELED', 'PAYMENT', 'REFUND', 'DEDUCTION')),
    DROP CONSTRAINT ledger_entry_item_check,
    ADD CONSTRAINT ledger_entry_item_check CHECK (item IN ('', 'RENT', 'CLEANING', 'DEPOSIT'));
