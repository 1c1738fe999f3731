package postgres

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"

	"semesterhaus/platform/audit"
	"semesterhaus/platform/postgres"
	"semesterhaus/services/catalog/internal/adapters/postgres/db"
	"semesterhaus/services/catalog/internal/domain"
)

// ImportResult says what an import changed, and which stored apartments the file no longer lists.
type ImportResult struct {
	// Unchanged: the file says what the last import's said, so nothing of it was stored again and
	// the administrators' edits since stay.
	Unchanged         bool
	ApartmentsChanged int                // added, or updated because the file says something else
	Unlisted          []domain.Apartment // stored, not in the file: kept, since rentings refer to them
	SemestersAdded    []domain.Semester
}

// Import stores the building as the file describes it, in one transaction: the building, each floor
// and each apartment (matched by id) is added or updated, each listed apartment's pictures become the
// file's. Nothing is ever deleted: an apartment the file no longer lists stays, with its rentings, and
// is reported. It also adds the semesters that are missing. A file that says what the last imported
// one said is not stored again: what administrators changed since stays (audited, actor "import",
// only when the file was applied).
func (r *Repository) Import(ctx context.Context, building domain.Building, semesters []domain.Semester) (ImportResult, error) {
	content, err := json.Marshal(building)
	if err != nil {
		return ImportResult{}, err
	}
	sum := sha256.Sum256(content)
	fingerprint := hex.EncodeToString(sum[:])
	var result ImportResult
	err = postgres.InTx(ctx, r.pool, func(tx pgx.Tx) error {
		result = ImportResult{}
		q := r.queries.WithTx(tx)
		last, err := q.ImportedSHA256(ctx, int32(building.ID))
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("the last import: %w", err)
		}
		if result.Unchanged = last == fingerprint; !result.Unchanged {
			if err := storeFile(ctx, tx, q, building, fingerprint, &result); err != nil {
				return err
			}
		}
		result.SemestersAdded, err = ensureSemesters(ctx, q, semesters)
		return err
	})
	return result, err
}

// storeFile stores the building as the file describes it and remembers the file's fingerprint.
func storeFile(ctx context.Context, tx pgx.Tx, q *db.Queries, b domain.Building, fingerprint string, result *ImportResult) error {
	if err := q.UpsertBuilding(ctx, db.UpsertBuildingParams{
		ID: int32(b.ID), Name: b.Name, Address: b.Address, Email: b.Contact.Email, Phone: b.Contact.Phone,
		LandlordLegalName: b.Landlord.LegalName, LandlordRepresentative: b.Landlord.Representative,
		LandlordTaxNumber: b.Landlord.TaxNumber, LandlordIban: b.Landlord.IBAN, LandlordBic: b.Landlord.BIC,
		LandlordBankName: b.Landlord.BankName, PaymentMethods: paymentMethodsToDB(b.Rules.PaymentMethods),
		DepositReturnDays: int32(b.Rules.DepositReturnDays), HandoverAnswerDays: int32(b.Rules.HandoverAnswerDays),
		Meters: metersToDB(b.Rules.Meters), BooksConsultantNumber: int32(b.Books.ConsultantNumber),
		BooksClientNumber: int32(b.Books.ClientNumber), BooksFiscalYearStartMonth: int32(b.Books.FiscalYearStartMonth),
		BooksAccountLength: int32(b.Books.AccountLength), BooksMoneyAccount: int32(b.Books.Accounts.Money),
		BooksRentAccount: int32(b.Books.Accounts.Rent), BooksCleaningAccount: int32(b.Books.Accounts.Cleaning),
		BooksDepositAccount: int32(b.Books.Accounts.Deposit), BooksDamagesAccount: int32(b.Books.Accounts.Damages),
	}); err != nil {
		return fmt.Errorf("store the building: %w", err)
	}
	var listed []int
	for _, f := range b.Floors {
		if err := q.UpsertFloor(ctx, db.UpsertFloorParams{ID: int32(f.ID), BuildingID: int32(b.ID), Name: f.Name, Plan: f.Plan}); err != nil {
			return fmt.Errorf("store floor %s: %w", f.Name, err)
		}
		for _, a := range f.Apartments {
			changed, err := upsertApartment(ctx, q, a)
			if err != nil {
				return err
			}
			if changed {
				result.ApartmentsChanged++
			}
			listed = append(listed, a.ID)
		}
	}
	stored, err := q.ListApartments(ctx)
	if err != nil {
		return fmt.Errorf("list apartments: %w", err)
	}
	var unlisted []string
	for _, row := range stored {
		if !slices.Contains(listed, int(row.Apartment.ID)) {
			a, err := apartmentFromDB(row.Apartment, row.FloorName, nil)
			if err != nil {
				return err
			}
			result.Unlisted = append(result.Unlisted, a)
			unlisted = append(unlisted, a.Name)
		}
	}
	if err := q.SetImportedSHA256(ctx, db.SetImportedSHA256Params{ID: int32(b.ID), ImportedSha256: fingerprint}); err != nil {
		return fmt.Errorf("remember the import: %w", err)
	}
	return audit.Record(ctx, tx, audit.Entry{
		Actor: "import", Action: "importBuilding", Subject: fmt.Sprintf("building/%d", b.ID),
		Details: map[string]any{"apartmentsChanged": result.ApartmentsChanged, "unlisted": unlisted},
	})
}

// upsertApartment stores the apartment and its pictures; it says whether anything changed. The
// pictures administrators uploaded (which no file can name) stay, after the file's.
func upsertApartment(ctx context.Context, q *db.Queries, a domain.Apartment) (bool, error) {
	features := make([]string, len(a.Features))
	for i, f := range a.Features {
		features[i] = string(f)
	}
	rows, err := q.UpsertApartment(ctx, db.UpsertApartmentParams{
		ID: int32(a.ID), FloorID: int32(a.FloorID), Name: a.Name,
		DescriptionDe: a.DescriptionDe, DescriptionEn: a.DescriptionEn,
		RentCents: a.RentPerMonth.Cents(), CleaningCents: a.CleaningFee.Cents(), DepositCents: a.Deposit.Cents(),
		Features: features, PlanX: a.X, PlanY: a.Y,
	})
	if err != nil {
		return false, fmt.Errorf("store apartment %s: %w", a.Name, err)
	}
	stored, err := q.ListPicturesOfApartment(ctx, int32(a.ID))
	if err != nil {
		return false, fmt.Errorf("pictures of apartment %s: %w", a.Name, err)
	}
	current, err := picturesFromDB(stored)
	if err != nil {
		return false, fmt.Errorf("pictures of apartment %s: %w", a.Name, err)
	}
	var fromFile, uploaded []domain.Picture
	for _, p := range current {
		if p.File == "" {
			fromFile = append(fromFile, p)
		} else {
			uploaded = append(uploaded, p)
		}
	}
	if slices.EqualFunc(fromFile, a.Pictures, samePicture) {
		return rows > 0, nil
	}
	if err := q.DeletePicturesOfApartment(ctx, int32(a.ID)); err != nil {
		return false, fmt.Errorf("replace the pictures of apartment %s: %w", a.Name, err)
	}
	// A new slice: apartments of the file may share one list of pictures.
	a.Pictures = slices.Concat(a.Pictures, uploaded)
	return true, insertPictures(ctx, q, a)
}

func samePicture(a, b domain.Picture) bool {
	return a.Name == b.Name && a.File == b.File && a.URL == b.URL && a.Width == b.Width && a.Height == b.Height &&
		slices.Equal(a.Sources, b.Sources) && a.DescriptionDe == b.DescriptionDe && a.DescriptionEn == b.DescriptionEn
}

// insertPictures stores the apartment's pictures in their order.
func insertPictures(ctx context.Context, q *db.Queries, a domain.Apartment) error {
	for i, p := range a.Pictures {
		sources, err := pictureSourcesToDB(p.Sources)
		if err != nil {
			return fmt.Errorf("picture %s of apartment %s: %w", p.Name, a.Name, err)
		}
		err = q.InsertPicture(ctx, db.InsertPictureParams{
			ApartmentID: int32(a.ID), Position: int32(i), Name: p.Name, Url: p.URL,
			DescriptionDe: p.DescriptionDe, DescriptionEn: p.DescriptionEn,
			Width: int32(p.Width), Height: int32(p.Height), Sources: sources, FileID: p.File,
		})
		if err != nil {
			return fmt.Errorf("insert picture %s of apartment %s: %w", p.Name, a.Name, err)
		}
	}
	return nil
}

// ensureSemesters adds each semester that shares neither a day nor its name with one stored, and
// returns those it added.
func ensureSemesters(ctx context.Context, q *db.Queries, semesters []domain.Semester) ([]domain.Semester, error) {
	var added []domain.Semester
	for _, s := range semesters {
		ids, err := q.InsertSemesterIfFree(ctx, db.InsertSemesterIfFreeParams{Name: s.Name, StartDate: s.Start, EndDate: s.End})
		if err != nil {
			return added, fmt.Errorf("insert semester %s: %w", s.Name, err)
		}
		for _, id := range ids {
			s.ID = int(id)
			added = append(added, s)
		}
	}
	return added, nil
}
