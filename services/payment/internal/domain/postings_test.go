package domain_test

import (
	"testing"
	"time"

	"semesterhaus/services/payment/internal/domain"
)

// balances adds the postings up per account, Soll +, Haben −.
func balances(postings []domain.Posting) map[int32]int64 {
	b := map[int32]int64{}
	for _, p := range postings {
		b[p.Account] += p.Cents
		b[p.Contra] -= p.Cents
	}
	for account, cents := range b {
		if cents == 0 {
			delete(b, account)
		}
	}
	return b
}

func byRenting(entries []domain.LedgerEntry) map[string][]domain.LedgerEntry {
	return map[string][]domain.LedgerEntry{"r1": entries}
}

// paidThenCancelled is signed paid and then cancelled by the office, refunding refundCents.
func paidThenCancelled(refundCents int64) []domain.LedgerEntry {
	paid := signed
	paid.Status, paid.PaidAt, paid.ReceiptNumber, paid.PaymentIntentID = domain.StatusPaid, signed.CreatedAt.Add(time.Hour), 7, "pi_1"
	canceledAt := signed.CreatedAt.Add(48 * time.Hour)
	charges := domain.Charges(signed, 7, items)
	entries := append(append([]domain.LedgerEntry{}, charges...), domain.PaymentEntry(paid))
	for _, c := range charges {
		c.Kind, c.At, c.Key = domain.KindChargeCanceled, canceledAt, "canceled:"+c.Key
		entries = append(entries, c)
	}
	if closing := paid.CloseForCancellation(refundCents, canceledAt); closing.Fee.ItemCents > 0 {
		entries = append(entries, closing.Fee)
	}
	if refundCents > 0 {
		refund, _ := paid.NewRefund("f1", domain.PurposeCancellation, refundCents, canceledAt.Add(time.Minute))
		refund.Status, refund.ProviderID = domain.RefundSucceeded, "re_1"
		entries = append(entries, domain.RefundEntry(refund))
	}
	return entries
}

func TestPostings_paidBookingCancelledWithAPartRefund_itemsEmptiedTheFeeStaysOnDamages(t *testing.T) {
	t.Parallel()
	const refund = 100_000
	entries := paidThenCancelled(refund)

	got := balances(domain.Postings(entries, byRenting(entries), books))
	want := map[int32]int64{books.MoneyAccount: signed.Amount.Cents - refund, books.DamagesAccount: -(signed.Amount.Cents - refund)}
	if len(got) != len(want) || got[books.MoneyAccount] != want[books.MoneyAccount] || got[books.DamagesAccount] != want[books.DamagesAccount] {
		t.Errorf("balances %v, want %v: the money kept in the bank against damages, rent, cleaning and deposit empty", got, want)
	}
	if b := domain.Total(entries); b.BalanceCents != 0 || b.DepositHeldCents != 0 || b.ChargedCents != signed.Amount.Cents-refund {
		t.Errorf("ledger totals %+v, want nothing owed, no deposit held, the fee charged", b)
	}
}

func TestPostings_cancelledBeforeItWasPaidThenPaidAndRefunded_everyAccountEmpty(t *testing.T) {
	t.Parallel()
	charges := domain.Charges(signed, 7, items)
	entries := append([]domain.LedgerEntry{}, charges...)
	for _, c := range charges {
		c.Kind, c.At, c.Key = domain.KindChargeCanceled, signed.CreatedAt.Add(time.Hour), "canceled:"+c.Key
		entries = append(entries, c)
	}
	paid := signed
	paid.Status, paid.PaidAt, paid.PaymentIntentID = domain.StatusPaid, signed.CreatedAt.Add(2*time.Hour), "pi_1"
	refund, _ := paid.NewRefund("f1", domain.PurposeCancellation, paid.Amount.Cents, paid.PaidAt)
	refund.Status = domain.RefundSucceeded
	entries = append(entries, domain.PaymentEntry(paid), domain.RefundEntry(refund))

	postings := domain.Postings(entries, byRenting(entries), books)
	if got := balances(postings); len(got) != 0 {
		t.Errorf("balances %v, want every account empty: the money came and went back", got)
	}
	if len(postings) != 2 || postings[0].Contra != books.DamagesAccount {
		t.Errorf("postings %+v, want the payment onto damages (nothing was charged any more) and its refund", postings)
	}
}

func TestPostings_refundReturned_theMoneyBackInTheBankAndOnTheItem(t *testing.T) {
	t.Parallel()
	const refund = 30_000
	entries := paidThenCancelled(refund)
	paid := signed
	paid.Status, paid.PaymentIntentID = domain.StatusPaid, "pi_1"
	r, _ := paid.NewRefund("f1", domain.PurposeCancellation, refund, signed.CreatedAt.Add(72*time.Hour))
	r.ProviderID = "re_1"
	entries = append(entries, domain.RefundReturnedEntry(r))

	got := balances(domain.Postings(entries, byRenting(entries), books))
	if got[books.MoneyAccount] != signed.Amount.Cents || got[books.DamagesAccount] != -signed.Amount.Cents {
		t.Errorf("balances %v, want all the money in the bank against damages until the office pays the renter", got)
	}
	if b := domain.Total(entries); b.BalanceCents != -refund || b.RefundedCents != 0 {
		t.Errorf("ledger totals %+v, want the %d cents owed to the renter, nothing refunded", b, refund)
	}
}

func TestCloseForCancellation(t *testing.T) {
	t.Parallel()
	at := signed.CreatedAt.Add(time.Hour)
	open, paid := signed, signed
	open.Status = domain.StatusOpen
	paid.Status, paid.PaymentIntentID, paid.RefundedCents = domain.StatusPaid, "pi_1", 1_000
	tests := []struct {
		name                 string
		payment              domain.Payment
		refund, wantFeeCents int64
		wantCanceled, wantTB bool
	}{
		{"open: cancelled, charges back, no fee", open, 0, 0, true, true},
		{"paid, part refunded: the rest is the fee", paid, 2_000, signed.Amount.Cents - 3_000, false, true},
		{"paid, all of what is left refunded: no fee", paid, signed.Amount.Cents - 1_000, 0, false, true},
		{"paid, more refunded than left: refused, all kept", paid, signed.Amount.Cents, signed.Amount.Cents - 1_000, false, true},
		{"cancelled already: nothing", domain.Payment{Status: domain.StatusCanceled}, 0, 0, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := tt.payment
			c := p.CloseForCancellation(tt.refund, at)
			if c.Canceled != tt.wantCanceled || c.TakeBack != tt.wantTB || c.Fee.ItemCents != tt.wantFeeCents {
				t.Errorf("closing %+v, want cancelled %v, charges back %v, fee %d", c, tt.wantCanceled, tt.wantTB, tt.wantFeeCents)
			}
			if c.Fee.ItemCents > 0 && (c.Fee.Kind != domain.KindCancellationFee || c.Fee.AmountCents() != tt.wantFeeCents || c.Fee.Key == "") {
				t.Errorf("fee %+v, want a keyed cancellation fee owed", c.Fee)
			}
		})
	}
}
