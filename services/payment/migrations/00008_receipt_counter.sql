-- +goose Up
-- Receipt numbers without gaps: a sequence's number is gone when the paying transaction rolls back,
-- a counter row updated in that transaction is not. The counter goes on from the last number drawn;
-- the numbers given keep theirs.
CREATE TABLE receipt_counter (
    only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    last     bigint  NOT NULL CHECK (last >= 0)
);
INSERT INTO receipt_counter (last) SELECT coalesce(max(receipt_number), 0) FROM payment;
DROP SEQUENCE receipt_number_seq;

-- +goose Down
CREATE SEQUENCE receipt_number_seq;
SELECT setval('receipt_number_seq', last, last > 0) FROM receipt_counter;
DROP TABLE receipt_counter;
