-- name: GetBuilding :one
SELECT * FROM building ORDER BY id LIMIT 1;

-- name: ListFloors :many
SELECT * FROM floor ORDER BY id;

-- name: ListApartments :many
SELECT sqlc.embed(a), f.name AS floor_name
FROM apartment a JOIN floor f ON f.id = a.floor_id
ORDER BY a.id;

-- name: LockApartment :one
SELECT sqlc.embed(a), f.name AS floor_name
FROM apartment a JOIN floor f ON f.id = a.floor_id
WHERE a.id = $1
FOR UPDATE OF a;

-- name: ListPictures :many
SELECT * FROM picture ORDER BY apartment_id, position;

-- name: UpdateApartment :exec
UPDATE apartment
SET description_de = $2, description_en = $3, rent_cents = $4, deposit_cents = $5, cleaning_cents = $6,
    updated_at = now()
WHERE id = $1;

-- name: ListSemesters :many
SELECT * FROM semester ORDER BY start_date DESC;

-- name: GetSemester :one
SELECT * FROM semester WHERE id = $1;

-- name: InsertSemesterIfFree :many
-- Adds the semester unless one shares a day or its name with it (an administrator's edit wins); its
-- id when added, no row when not.
INSERT INTO semester (name, start_date, end_date) VALUES ($1, $2, $3)
ON CONFLICT DO NOTHING
RETURNING id;

-- name: LockSemesters :exec
-- Administrators' edits of semesters take turns, so that the overlap check sees the others' result.
LOCK TABLE semester IN SHARE ROW EXCLUSIVE MODE;

-- name: FirstOverlappingSemester :one
SELECT * FROM semester
WHERE id <> sqlc.arg(except_id)::integer
  AND daterange(start_date, end_date, '[]') && daterange(sqlc.arg(start_date)::date, sqlc.arg(end_date)::date, '[]')
ORDER BY start_date
LIMIT 1;

-- name: SemesterNamed :one
SELECT * FROM semester WHERE name = $1;

-- name: InsertSemester :one
INSERT INTO semester (name, start_date, end_date) VALUES ($1, $2, $3) RETURNING id;

-- name: UpdateSemester :exec
UPDATE semester SET name = $2, start_date = $3, end_date = $4 WHERE id = $1;

-- name: UpsertBuilding :exec
INSERT INTO building (id, name, address, email, phone, landlord_legal_name, landlord_representative,
                      landlord_tax_number, landlord_iban, landlord_bic, landlord_bank_name, payment_methods,
                      deposit_return_days, handover_answer_days, meters, books_consultant_number,
                      books_client_number, books_fiscal_year_start_month, books_account_length,
                      books_money_account, books_rent_account, books_cleaning_account, books_deposit_account,
                      books_damages_account)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24)
ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, address = EXCLUDED.address, email = EXCLUDED.email,
                               phone = EXCLUDED.phone, landlord_legal_name = EXCLUDED.landlord_legal_name,
                               landlord_representative = EXCLUDED.landlord_representative,
                               landlord_tax_number = EXCLUDED.landlord_tax_number,
                               landlord_iban = EXCLUDED.landlord_iban, landlord_bic = EXCLUDED.landlord_bic,
                               landlord_bank_name = EXCLUDED.landlord_bank_name,
                               payment_methods = EXCLUDED.payment_methods,
                               deposit_return_days = EXCLUDED.deposit_return_days,
                               handover_answer_days = EXCLUDED.handover_answer_days,
                               meters = EXCLUDED.meters,
                               books_consultant_number = EXCLUDED.books_consultant_number,
                               books_client_number = EXCLUDED.books_client_number,
                               books_fiscal_year_start_month = EXCLUDED.books_fiscal_year_start_month,
                               books_account_length = EXCLUDED.books_account_length,
                               books_money_account = EXCLUDED.books_money_account,
                               books_rent_account = EXCLUDED.books_rent_account,
                               books_cleaning_account = EXCLUDED.books_cleaning_account,
                               books_deposit_account = EXCLUDED.books_deposit_account,
                               books_damages_account = EXCLUDED.books_damages_account;

-- name: ImportedSHA256 :one
SELECT imported_sha256 FROM building WHERE id = $1;

-- name: SetImportedSHA256 :exec
UPDATE building SET imported_sha256 = $2 WHERE id = $1;

-- name: UpsertFloor :exec
INSERT INTO floor (id, building_id, name, plan) VALUES ($1, $2, $3, $4)
ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, plan = EXCLUDED.plan;

-- name: UpsertApartment :execrows
-- Adds the apartment or updates it; an apartment the file leaves as it is keeps its updated_at, and
-- counts no row.
INSERT INTO apartment (id, floor_id, name, description_de, description_en, rent_cents, cleaning_cents,
                       deposit_cents, features, plan_x, plan_y)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
ON CONFLICT (id) DO UPDATE
SET floor_id = EXCLUDED.floor_id, name = EXCLUDED.name, description_de = EXCLUDED.description_de,
    description_en = EXCLUDED.description_en, rent_cents = EXCLUDED.rent_cents,
    cleaning_cents = EXCLUDED.cleaning_cents, deposit_cents = EXCLUDED.deposit_cents,
    features = EXCLUDED.features, plan_x = EXCLUDED.plan_x, plan_y = EXCLUDED.plan_y, updated_at = now()
WHERE (apartment.floor_id, apartment.name, apartment.description_de, apartment.description_en,
       apartment.rent_cents, apartment.cleaning_cents, apartment.deposit_cents, apartment.features,
       apartment.plan_x, apartment.plan_y)
      IS DISTINCT FROM
      (EXCLUDED.floor_id, EXCLUDED.name, EXCLUDED.description_de, EXCLUDED.description_en,
       EXCLUDED.rent_cents, EXCLUDED.cleaning_cents, EXCLUDED.deposit_cents, EXCLUDED.features,
       EXCLUDED.plan_x, EXCLUDED.plan_y);

-- name: ListPicturesOfApartment :many
SELECT * FROM picture WHERE apartment_id = $1 ORDER BY position;

-- name: DeletePicturesOfApartment :exec
DELETE FROM picture WHERE apartment_id = $1;

-- name: InsertPicture :exec
INSERT INTO picture (apartment_id, position, name, url, description_de, description_en, width, height, sources, file_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10);

-- name: InsertPictureFile :exec
INSERT INTO picture_file (id, width, height, sha256, content) VALUES ($1, $2, $3, $4, $5);

-- name: GetPictureFile :one
SELECT width, height, sha256, content FROM picture_file WHERE id = $1 AND width = $2;

-- name: DeleteUnusedPictureFiles :execrows
DELETE FROM picture_file f WHERE NOT EXISTS (SELECT 1 FROM picture p WHERE p.file_id = f.id);
