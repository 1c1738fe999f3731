package domain_test

import (
	"testing"
	"time"

	"semesterhaus/services/payment/internal/domain"
)

var signed = domain.Payment{
	ID: "p1", RentingID: "r1", Amount: domain.Money{Cents: 302085, Currency: "EUR"}, Apartment: "3.03", Semester: "SoSe 2026", CreatedAt: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC),
}

// items are a contract whose rent does not divide evenly: 6 × 370,1666… € written as 2.221,00 €.
var items = []domain.ContractItem{
	{Item: domain.ItemRent, Text: "Miete 6 × 370,17 €", TotalCents: 222100},
	{Item: domain.ItemCleaning, Text: "Endreinigung", TotalCents: 8500},
	{Item: domain.ItemDeposit, Text: "Kaution", TotalCents: 71485},
}

func TestCharges_onePerContractItem_theItemsTotalsNotRecalculated(t *testing.T) {
	t.Parallel()
	charges := domain.Charges(signed, 7, items)
	if len(charges) != 3 {
		t.Fatalf("%d charges, want one per item", len(charges))
	}
	for i, c := range charges {
		if c.Kind != domain.KindCharge || c.Item != items[i].Item || c.ItemCents != items[i].TotalCents || c.AmountCents() != items[i].TotalCents || c.SemesterID != 7 {
			t.Errorf("charge %d = %+v, want item %+v as a positive charge of semester 7", i, c, items[i])
		}
	}
	if charges[0].Key == charges[1].Key {
		t.Errorf("two charges share the key %s", charges[0].Key)
	}
}

func TestCharges_itemsUnknownOrNotAddingUp_oneChargeOfTheContractTotal(t *testing.T) {
	t.Parallel()
	short := append([]domain.ContractItem{}, items...)
	short[0].TotalCents-- // a cent lost to rounding
	for name, its := range map[string][]domain.ContractItem{"none": nil, "a cent short": short} {
		charges := domain.Charges(signed, 7, its)
		if len(charges) != 1 || charges[0].ItemCents != signed.Amount.Cents || charges[0].Item != domain.ItemNone {
			t.Errorf("%s: charges %+v, want one of the total the payment asks", name, charges)
		}
	}
}

func TestTotal_paidThenDepositSettled_balanceZeroNothingHeld(t *testing.T) {
	t.Parallel()
	paid := signed
	paid.PaidAt, paid.ReceiptNumber = signed.CreatedAt.Add(time.Hour), 12
	entries := append(domain.Charges(signed, 7, items), domain.PaymentEntry(paid))
	before := domain.Total(entries)
	if before.ChargedCents != 302085 || before.PaidCents != 302085 || before.DepositHeldCents != 71485 || before.BalanceCents != -71485 || before.OpenCents != 0 {
		t.Errorf("paid: %+v, want all charged and paid, the deposit held and owed back", before)
	}
	settlement := domain.Settlement{
		EventID: "e1", RentingID: "r1", Method: domain.SettleByBankTransfer, RefundCents: 71485 - 333, BankReference: "TRX-1",
		Deductions: []domain.Deduction{{Description: "Dübellöcher", Cents: 333}},
	}
	after := domain.Total(append(entries, settlement.Entries()...))
	if after.KeptCents != 333 || after.RefundedCents != 71152 || after.DepositHeldCents != 0 || after.BalanceCents != 0 {
		t.Errorf("settled: %+v, want 3,33 € kept, the rest refunded, nothing held, nothing owed", after)
	}
}

func TestTotal_unpaidThenCancelled_nothingOpen(t *testing.T) {
	t.Parallel()
	entries := domain.Charges(signed, 7, items)
	if open := domain.Total(entries); open.OpenCents != 302085 || open.BalanceCents != 302085 || open.DepositHeldCents != 0 {
		t.Errorf("unpaid: %+v, want everything open and owed, no deposit held", open)
	}
	for _, c := range domain.Charges(signed, 7, items) {
		c.Kind = domain.KindChargeCanceled
		entries = append(entries, c)
	}
	if b := domain.Total(entries); b.ChargedCents != 0 || b.OpenCents != 0 || b.BalanceCents != 0 {
		t.Errorf("cancelled: %+v, want nothing charged, open or owed", b)
	}
}

func TestSettlementEntries_refundThroughTheProvider_onlyTheDeductions(t *testing.T) {
	t.Parallel()
	s := domain.Settlement{EventID: "e1", RentingID: "r1", Method: domain.SettleByRefund, RefundCents: 500,
		Deductions: []domain.Deduction{{Description: "a", Cents: 1}, {Description: "b", Cents: 2}}}
	entries := s.Entries()
	if len(entries) != 2 || entries[0].Kind != domain.KindDeduction || entries[0].AmountCents() != 0 || entries[1].ItemCents != 2 || entries[0].Key == entries[1].Key {
		t.Errorf("entries %+v, want two deductions, the refund booked when it goes through", entries)
	}
}
