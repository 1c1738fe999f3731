-- +goose Up
-- A photo of a damage the office recorded at a handover: the evidence of a deduction from the
-- deposit, kept like the contract it belongs to (docs/privacy.md, "Erasure").
ALTER TABLE document DROP CONSTRAINT document_type_check;
ALTER TABLE document ADD CONSTRAINT document_type_check CHECK (type IN ('IDENTITY_CARD_FRONT', 'IDENTITY_CARD_BACK',
    'IMMATRICULATION', 'CONTRACT', 'SIGNED_CONTRACT', 'OTHER', 'HANDOVER_PHOTO'));

-- +goose Down
DELETE FROM document WHERE type = 'HANDOVER_PHOTO';
ALTER TABLE document DROP CONSTRAINT document_type_check;
ALTER TABLE document ADD CONSTRAINT document_type_check CHECK (type IN ('IDENTITY_CARD_FRONT', 'IDENTITY_CARD_BACK',
    'IMMATRICULATION', 'CONTRACT', 'SIGNED_CONTRACT', 'OTHER'));
