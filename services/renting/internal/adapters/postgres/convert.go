package postgres

import (
	"encoding/json"
	"fmt"

	"semesterhaus/services/renting/internal/adapters/postgres/db"
	"semesterhaus/services/renting/internal/domain"
)

func rentingFromDB(row db.Renting) domain.Renting {
	r := domain.Renting{
		ID: row.ID, RenterID: row.RenterID, ApartmentID: int(row.ApartmentID), SemesterID: int(row.SemesterID),
		State: domain.State(row.State), Renewal: row.Renewal, CreatedAt: row.CreatedAt, UpdatedAt: row.UpdatedAt,
		SigningLink: row.SigningLink, PaymentLink: row.PaymentLink, AccessKey: row.AccessKey,
		ContractPrice: domain.ContractPrice{Cents: row.ContractTotalCents, Currency: row.ContractCurrency},
	}
	if row.KeyCodeAnnouncedAt.Valid {
		r.KeyCodeSentAt = &row.KeyCodeAnnouncedAt.Time
	}
	return r
}

func rentingsFromDB(rows []db.Renting, err error) ([]domain.Renting, error) {
	if err != nil {
		return nil, fmt.Errorf("load rentings: %w", err)
	}
	rentings := make([]domain.Renting, len(rows))
	for i, row := range rows {
		rentings[i] = rentingFromDB(row)
	}
	return rentings, nil
}

func logEntryFromDB(row db.ListLogOfRenterRow) domain.LogEntry {
	return domain.LogEntry{
		RentingID: row.RentingID, State: domain.State(row.State),
		ApartmentID: int(row.ApartmentID), SemesterID: int(row.SemesterID), At: row.At,
	}
}

// storedForm is a booking request's form as its JSON column keeps it.
type storedForm struct {
	Email, FirstName, LastName, Street, Zip, City, Country, Birthday, Phone, Nationality, Gender, Language string
}

func formToDB(f domain.RenterData) []byte {
	encoded, _ := json.Marshal(storedForm(f)) // strings only: cannot fail
	return encoded
}

func formFromDB(encoded []byte) (domain.RenterData, error) {
	var f storedForm
	if err := json.Unmarshal(encoded, &f); err != nil {
		return domain.RenterData{}, fmt.Errorf("decode a booking request's form: %w", err)
	}
	return domain.RenterData(f), nil
}
