package graphql

import (
	"semesterhaus/platform/graphqlx/scalar"
	"semesterhaus/services/payment/internal/adapters/graphql/model"
	"semesterhaus/services/payment/internal/app"
	"semesterhaus/services/payment/internal/domain"
)

func toGraphLedger(rentingID string, entries []domain.LedgerEntry, b domain.Books) *model.RentingLedger {
	ledger := &model.RentingLedger{
		RentingID: rentingID, Entries: make([]*model.LedgerEntry, len(entries)),
		ChargedCents: int(b.ChargedCents), PaidCents: int(b.PaidCents), RefundedCents: int(b.RefundedCents),
		DepositHeldCents: int(b.DepositHeldCents), KeptCents: int(b.KeptCents), BalanceCents: int(b.BalanceCents),
	}
	for i, e := range entries {
		ledger.Entries[i] = toGraphLedgerEntry(e)
	}
	return ledger
}

func toGraphLedgerEntry(e domain.LedgerEntry) *model.LedgerEntry {
	entry := &model.LedgerEntry{
		ID: e.ID, At: scalar.DateTime(e.At), Kind: model.LedgerEntryKind(e.Kind), Description: e.Description,
		AmountCents: int(e.AmountCents()), ItemCents: int(e.ItemCents), Reference: e.Reference,
	}
	if e.Item != domain.ItemNone {
		item := string(e.Item)
		entry.Item = &item
	}
	return entry
}

func toGraphSemesterBooks(books []app.SemesterBooks) []*model.SemesterBooks {
	out := make([]*model.SemesterBooks, len(books))
	for i, b := range books {
		out[i] = &model.SemesterBooks{
			Semester: &model.Semester{ID: int(b.SemesterID)}, ChargedCents: int(b.ChargedCents), PaidCents: int(b.PaidCents),
			RefundedCents: int(b.RefundedCents), DepositHeldCents: int(b.DepositHeldCents), KeptCents: int(b.KeptCents), OpenCents: int(b.OpenCents),
		}
	}
	return out
}
