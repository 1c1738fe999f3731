package postgres_test

import (
	"testing"

	"semesterhaus/platform/pgtest"
	"semesterhaus/services/catalog/migrations"
)

// reviewedColumns are the catalog database's columns, each reviewed: none holds a renter's personal
// data (the building's address, e-mail and phone are the residence's, printed on the site, in every
// mail and the contract), so a renter's erasure (renter.erased) leaves the catalog nothing to erase
// and nothing to consume.
var reviewedColumns = map[string]string{
	"apartment.cleaning_cents": "price", "apartment.currency": "price", "apartment.deposit_cents": "price",
	"apartment.description_de": "the apartment's description", "apartment.description_en": "the apartment's description",
	"apartment.features": "its features", "apartment.floor_id": "its floor", "apartment.id": "its id", "apartment.name": "e.g. 1.01",
	"apartment.plan_x": "its place on the floor plan", "apartment.plan_y": "its place on the floor plan", "apartment.rent_cents": "price",
	"apartment.updated_at": "when an admin changed it",
	"building.address":     "the residence's", "building.email": "the residence's", "building.id": "its id",
	"building.imported_sha256": "the building file's hash", "building.name": "the residence's", "building.phone": "the residence's",
	"building.landlord_legal_name": "the residence's landlord", "building.landlord_representative": "who signs for the landlord, printed on every contract",
	"building.landlord_tax_number": "the landlord's", "building.landlord_iban": "the landlord's account", "building.landlord_bic": "the landlord's bank",
	"building.landlord_bank_name": "the landlord's bank", "building.payment_methods": "the residence's rules", "building.deposit_return_days": "the residence's rules",
	"building.handover_answer_days": "the residence's rules", "building.meters": "the names of the residence's meters",
	"building.books_consultant_number": "the residence's tax advisor's number", "building.books_client_number": "the residence's number at its tax advisor's",
	"building.books_fiscal_year_start_month": "the residence's books", "building.books_account_length": "the residence's books",
	"building.books_money_account": "an account of the residence's books", "building.books_rent_account": "an account of the residence's books",
	"building.books_cleaning_account": "an account of the residence's books", "building.books_deposit_account": "an account of the residence's books",
	"building.books_damages_account": "an account of the residence's books",
	"floor.building_id":              "its building", "floor.id": "its id", "floor.name": "e.g. 1. OG", "floor.plan": "the floor plan image",
	"picture.apartment_id": "its apartment", "picture.description_de": "what it shows", "picture.description_en": "what it shows",
	"picture.height": "size", "picture.name": "file name", "picture.position": "order", "picture.sources": "its files",
	"picture.url": "its file", "picture.width": "size", "picture.file_id": "its uploaded files",
	"picture_file.id": "an uploaded picture's id", "picture_file.width": "size", "picture_file.height": "size",
	"picture_file.sha256": "the file's hash, in its URL", "picture_file.created_at": "when it was uploaded",
	"picture_file.content": "the apartment picture an administrator uploaded, written anew as JPEG (no metadata)",
	"semester.end_date":    "dates", "semester.id": "its id", "semester.name": "e.g. SoSe 2027", "semester.start_date": "dates",
}

func TestSchema_holdsNoPersonalData_everyColumnReviewed(t *testing.T) {
	t.Parallel()
	pgtest.RequireColumnsReviewed(t, migrations.FS, reviewedColumns)
}
