-- name: InsertDocument :one
INSERT INTO document (type, renter_id, renting_id, description, content, content_type, file_name, sha256, size)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
RETURNING id;

-- name: ListRenterDocuments :many
-- Everything but the content, newest first. Handover photos are not the renter's papers: they are
-- shown with their handover.
SELECT id, type, renter_id, renting_id, description, content_type, file_name, sha256, size, uploaded_at
FROM document
WHERE renter_id = $1 AND type <> 'HANDOVER_PHOTO'
ORDER BY uploaded_at DESC, id;

-- name: GetDocument :one
SELECT * FROM document WHERE id = $1;

-- name: GetDocumentOfRenter :one
-- A document the renter's own page offers: none of another renter.
SELECT * FROM document WHERE id = $1 AND renter_id = $2;

-- name: GetHandoverPhotoOfRenter :one
-- A handover photo of one of the renter's rentings, as the renter's own page offers it.
SELECT * FROM document
WHERE id = $1 AND renter_id = $2 AND renting_id = $3 AND type = 'HANDOVER_PHOTO';

-- name: GetNewestOfType :one
SELECT * FROM document
WHERE renter_id = $1 AND type = $2
ORDER BY uploaded_at DESC, id
LIMIT 1;

-- name: GetRentingContractOfRenter :one
-- The contract a renter's own page offers for one of their rentings: of the renting's newest signing
-- session, the signed contract once signed, the contract while signing is open; none of another renter.
SELECT * FROM document
WHERE document.renter_id = sqlc.arg(renter_id) AND document.id = (
    SELECT CASE WHEN s.status = 'SIGNED' THEN s.signed_document_id ELSE s.contract_document_id END
    FROM signing_session s
    WHERE s.renting_id = sqlc.arg(renting_id) AND s.renter_id = sqlc.arg(renter_id)
    ORDER BY s.created_at DESC
    LIMIT 1
);

-- name: DeleteRentingDocuments :execrows
DELETE FROM document WHERE renting_id = $1;

-- name: InsertPendingUpload :one
INSERT INTO pending_upload (type, renter_id, renting_id, description, content, content_type, file_name, sha256, size)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
RETURNING id;

-- name: ReleasePendingUploads :execrows
-- The confirmed renting's uploads become the renter's documents, with their ids and upload times.
WITH released AS (
    DELETE FROM pending_upload AS p WHERE p.renting_id = $1
    RETURNING id, type, renter_id, renting_id, description, content, content_type, file_name, sha256, size, uploaded_at
)
INSERT INTO document (id, type, renter_id, renting_id, description, content, content_type, file_name, sha256, size, uploaded_at)
SELECT id, type, renter_id, renting_id, description, content, content_type, file_name, sha256, size, uploaded_at
FROM released;

-- name: DeletePendingUploads :execrows
DELETE FROM pending_upload WHERE renting_id = $1;

-- name: ScheduleDeletion :execrows
-- The renting's documents of the given types are deleted at @at, or earlier where an earlier
-- deletion is scheduled already.
UPDATE document
SET delete_after = @at::timestamptz, retention_reason = @reason::text
WHERE renting_id = @renting_id AND type = ANY(@types::text[])
  AND (delete_after IS NULL OR delete_after > @at::timestamptz);

-- name: DeleteDueDocuments :many
-- At most @max_documents documents whose deletion is due at @now; rows another replica is
-- deleting are left to it.
DELETE FROM document
WHERE id IN (
    SELECT d.id FROM document AS d
    WHERE d.delete_after <= @now::timestamptz
    ORDER BY d.delete_after
    LIMIT @max_documents
    FOR UPDATE SKIP LOCKED
)
RETURNING id, type, renter_id, renting_id, retention_reason;

-- name: DeleteContractsBefore :many
-- At most @max_documents contracts, signed contracts and handover photos (the evidence of the
-- contract's deposit deductions) stored before @before: their legal retention period is over.
DELETE FROM document
WHERE id IN (
    SELECT d.id FROM document AS d
    WHERE d.type IN ('CONTRACT', 'SIGNED_CONTRACT', 'HANDOVER_PHOTO') AND d.uploaded_at < @before::timestamptz
    ORDER BY d.uploaded_at
    LIMIT @max_documents
    FOR UPDATE SKIP LOCKED
)
RETURNING id, type, renter_id, renting_id;

-- name: DeleteRenterPapers :many
-- An erased renter's documents that no retention duty keeps: identity card copies, enrollment
-- certificates and other papers; contracts, signed contracts and handover photos stay for the legal
-- period.
DELETE FROM document WHERE renter_id = $1 AND type NOT IN ('CONTRACT', 'SIGNED_CONTRACT', 'HANDOVER_PHOTO')
RETURNING id, type, renter_id, renting_id;

-- name: DeleteRenterPendingUploads :execrows
DELETE FROM pending_upload WHERE renter_id = $1;
