package postgres

import (
	"encoding/json"
	"fmt"

	"semesterhaus/services/catalog/internal/adapters/postgres/db"
	"semesterhaus/services/catalog/internal/domain"
)

func buildingFromDB(b db.Building, floors []db.Floor, apartments []domain.Apartment) domain.Building {
	building := domain.Building{
		ID: int(b.ID), Name: b.Name, Address: b.Address, Contact: domain.Contact{Email: b.Email, Phone: b.Phone},
		Landlord: domain.Landlord{
			LegalName: b.LandlordLegalName, Representative: b.LandlordRepresentative, TaxNumber: b.LandlordTaxNumber,
			IBAN: b.LandlordIban, BIC: b.LandlordBic, BankName: b.LandlordBankName,
		},
		Rules: domain.MoneyRules{
			PaymentMethods: paymentMethodsFromDB(b.PaymentMethods), DepositReturnDays: int(b.DepositReturnDays),
			HandoverAnswerDays: int(b.HandoverAnswerDays), Meters: b.Meters,
		},
		Books: domain.Books{
			ConsultantNumber: int(b.BooksConsultantNumber), ClientNumber: int(b.BooksClientNumber),
			FiscalYearStartMonth: int(b.BooksFiscalYearStartMonth), AccountLength: int(b.BooksAccountLength),
			Accounts: domain.Accounts{
				Money: int(b.BooksMoneyAccount), Rent: int(b.BooksRentAccount), Cleaning: int(b.BooksCleaningAccount),
				Deposit: int(b.BooksDepositAccount), Damages: int(b.BooksDamagesAccount),
			},
		},
	}
	index := make(map[int]int, len(floors))
	for _, f := range floors {
		index[int(f.ID)] = len(building.Floors)
		building.Floors = append(building.Floors, domain.Floor{ID: int(f.ID), Name: f.Name, Plan: f.Plan})
	}
	for _, a := range apartments { // already sorted by id
		floor := &building.Floors[index[a.FloorID]]
		floor.Apartments = append(floor.Apartments, a)
	}
	return building
}

func paymentMethodsFromDB(names []string) []domain.PaymentMethod {
	methods := make([]domain.PaymentMethod, len(names))
	for i, n := range names {
		methods[i] = domain.PaymentMethod(n)
	}
	return methods
}

// metersToDB stores no meters as an empty array: the column is NOT NULL, and a nil slice is NULL to pgx.
func metersToDB(meters []string) []string {
	if meters == nil {
		return []string{}
	}
	return meters
}

func paymentMethodsToDB(methods []domain.PaymentMethod) []string {
	names := make([]string, len(methods))
	for i, m := range methods {
		names[i] = string(m)
	}
	return names
}

func apartmentFromDB(a db.Apartment, floorName string, pictures []db.Picture) (domain.Apartment, error) {
	features := make([]domain.Feature, len(a.Features))
	for i, f := range a.Features {
		features[i] = domain.Feature(f)
	}
	apartment := domain.Apartment{
		ID: int(a.ID), FloorID: int(a.FloorID), FloorName: floorName, Name: a.Name,
		DescriptionDe: a.DescriptionDe, DescriptionEn: a.DescriptionEn,
		RentPerMonth: domain.Money(a.RentCents), CleaningFee: domain.Money(a.CleaningCents), Deposit: domain.Money(a.DepositCents),
		Features: features, X: a.PlanX, Y: a.PlanY,
	}
	var err error
	if apartment.Pictures, err = picturesFromDB(pictures); err != nil {
		return domain.Apartment{}, fmt.Errorf("apartment %s: %w", a.Name, err)
	}
	return apartment, nil
}

func picturesFromDB(pictures []db.Picture) ([]domain.Picture, error) {
	result := make([]domain.Picture, len(pictures))
	for i, p := range pictures {
		var sources []pictureSourceJSON
		if err := json.Unmarshal(p.Sources, &sources); err != nil {
			return nil, fmt.Errorf("picture %s: sources: %w", p.Name, err)
		}
		result[i] = domain.Picture{
			Name: p.Name, File: p.FileID, URL: p.Url, Width: int(p.Width), Height: int(p.Height), Sources: make([]domain.PictureSource, len(sources)),
			DescriptionDe: p.DescriptionDe, DescriptionEn: p.DescriptionEn,
		}
		for j, s := range sources {
			result[i].Sources[j] = domain.PictureSource(s)
		}
	}
	return result, nil
}

func pictureFileFromDB(row db.GetPictureFileRow) domain.PictureFile {
	f := domain.PictureFile{Width: int(row.Width), Height: int(row.Height), Content: row.Content}
	copy(f.SHA256[:], row.Sha256)
	return f
}

// pictureSourceJSON is one element of picture.sources.
type pictureSourceJSON struct {
	Type   string `json:"type"`
	Srcset string `json:"srcset"`
}

// pictureSourcesToDB is picture.sources of a picture.
func pictureSourcesToDB(sources []domain.PictureSource) ([]byte, error) {
	rows := make([]pictureSourceJSON, len(sources))
	for i, s := range sources {
		rows[i] = pictureSourceJSON(s)
	}
	return json.Marshal(rows)
}

func semesterFromDB(s db.Semester) domain.Semester {
	return domain.Semester{ID: int(s.ID), Name: s.Name, Start: s.StartDate, End: s.EndDate}
}
