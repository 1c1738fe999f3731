package postgres

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"semesterhaus/services/renting/internal/adapters/postgres/db"
	"semesterhaus/services/renting/internal/domain"
)

// contractItem is one stored item of a contract's price (the column contract_items).
type contractItem struct {
	Kind        string `json:"kind,omitempty"`
	TextDE      string `json:"textDe"`
	TextEN      string `json:"textEn"`
	Quantity    int    `json:"quantity"`
	AmountCents int64  `json:"amountCents"`
	TotalCents  int64  `json:"totalCents"`
}

func contractItemsToDB(items []domain.PriceItem) ([]byte, error) {
	stored := make([]contractItem, len(items))
	for i, item := range items {
		stored[i] = contractItem{Kind: item.Kind, TextDE: item.TextDe, TextEN: item.TextEn, Quantity: item.Quantity, AmountCents: item.Amount, TotalCents: item.Total}
	}
	return json.Marshal(stored)
}

// contractItemsFromDB reads what contractItemsToDB wrote. The column is jsonb, written only there, so
// it decodes; should it not, the renting has no items and its pages ask the catalog (Valid is false).
func contractItemsFromDB(raw []byte) []domain.PriceItem {
	var stored []contractItem
	if err := json.Unmarshal(raw, &stored); err != nil || len(stored) == 0 {
		return nil
	}
	items := make([]domain.PriceItem, len(stored))
	for i, item := range stored {
		items[i] = domain.PriceItem{Kind: item.Kind, TextDe: item.TextDE, TextEn: item.TextEN, Quantity: item.Quantity, Amount: item.AmountCents, Total: item.TotalCents}
	}
	return items
}

func rentingFromDB(row db.Renting) domain.Renting {
	r := domain.Renting{
		ID: row.ID, RenterID: row.RenterID, ApartmentID: int(row.ApartmentID), SemesterID: int(row.SemesterID),
		State: domain.State(row.State), Renewal: row.Renewal, CreatedAt: row.CreatedAt, UpdatedAt: row.UpdatedAt,
		SigningLink: row.SigningLink, PaymentLink: row.PaymentLink, AccessKey: row.AccessKey,
		ContractPrice: domain.ContractPrice{Cents: row.ContractTotalCents, Currency: row.ContractCurrency, Items: contractItemsFromDB(row.ContractItems)},
	}
	if row.KeyCodeAnnouncedAt.Valid {
		r.KeyCodeSentAt = &row.KeyCodeAnnouncedAt.Time
	}
	r.Money = domain.MoneyMarks{
		InPayment: row.InPayment, DisputedSince: timeOrNil(row.DisputedSince), DisputeStatus: row.DisputeStatus,
		RefundFailedSince: timeOrNil(row.RefundFailedSince), RefundFailure: row.RefundFailure,
	}
	if row.CancellationReason.Valid {
		r.Cancellation = &domain.Cancellation{
			Reason: row.CancellationReason.String, RefundCents: row.CancellationRefundCents, Actor: row.CancellationActor,
		}
	}
	return r
}

func timeOrNil(t pgtype.Timestamptz) *time.Time {
	if !t.Valid {
		return nil
	}
	return &t.Time
}

func nullableTime(t *time.Time) pgtype.Timestamptz {
	if t == nil {
		return pgtype.Timestamptz{}
	}
	return timestamptz(*t)
}

// cancellationToDB spells the office's cancellation as its columns; a renting the office did not
// cancel has no reason (NULL), which is how a loaded renting tells.
func cancellationToDB(c *domain.Cancellation) (reason pgtype.Text, refundCents int64, actor string) {
	if c == nil {
		return pgtype.Text{}, 0, ""
	}
	return pgtype.Text{String: c.Reason, Valid: true}, c.RefundCents, c.Actor
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
