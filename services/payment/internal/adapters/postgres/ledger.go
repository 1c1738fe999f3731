package postgres

import (
	"context"
	"fmt"

	"semesterhaus/services/payment/internal/adapters/postgres/db"
	"semesterhaus/services/payment/internal/domain"
)

// book writes the entries in the caller's transaction; an entry whose cause key is booked already is
// left out, so a redelivered event or webhook books nothing twice.
func book(ctx context.Context, q *db.Queries, entries ...domain.LedgerEntry) error {
	for _, e := range entries {
		renting, err := toUUID(e.RentingID)
		if err != nil {
			return err
		}
		if err := q.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
			RentingID: renting, SemesterID: e.SemesterID, At: timestamptz(e.At), Kind: string(e.Kind), Item: string(e.Item),
			Description: e.Description, AmountCents: e.AmountCents(), ItemCents: e.ItemCents, Reference: e.Reference, CauseKey: e.Key,
		}); err != nil {
			return fmt.Errorf("book %s: %w", e.Key, err)
		}
	}
	return nil
}

// LedgerOfRenting loads the renting's ledger entries, oldest first.
func (r *Repository) LedgerOfRenting(ctx context.Context, rentingID string) ([]domain.LedgerEntry, error) {
	renting, err := toUUID(rentingID)
	if err != nil {
		return nil, err
	}
	rows, err := r.queries.ListLedgerOfRenting(ctx, renting)
	return entriesResult(rows, err)
}

// Ledger loads every ledger entry, oldest first.
func (r *Repository) Ledger(ctx context.Context) ([]domain.LedgerEntry, error) {
	rows, err := r.queries.ListLedger(ctx)
	return entriesResult(rows, err)
}

func entriesResult(rows []db.LedgerEntry, err error) ([]domain.LedgerEntry, error) {
	if err != nil {
		return nil, fmt.Errorf("load the ledger: %w", err)
	}
	entries := make([]domain.LedgerEntry, len(rows))
	for i, row := range rows {
		entries[i] = ledgerEntryFromDB(row)
	}
	return entries, nil
}

func ledgerEntryFromDB(row db.LedgerEntry) domain.LedgerEntry {
	return domain.LedgerEntry{
		ID: row.ID.String(), RentingID: row.RentingID.String(), SemesterID: row.SemesterID, At: row.At.Time,
		Kind: domain.EntryKind(row.Kind), Item: domain.Item(row.Item), Description: row.Description,
		ItemCents: row.ItemCents, Reference: row.Reference, Key: row.CauseKey,
	}
}
