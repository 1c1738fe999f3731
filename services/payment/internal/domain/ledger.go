package domain

import (
	"fmt"
	"time"
)

// EntryKind is what a ledger entry records.
type EntryKind string

const (
	// KindCharge is an item of the signed contract charged.
	KindCharge EntryKind = "CHARGE"
	// KindChargeCanceled takes a charge back: the booking was cancelled.
	KindChargeCanceled EntryKind = "CHARGE_CANCELED"
	// KindCancellationFee is what the residence keeps of a paid booking the office cancelled: the
	// payment less what the office refunds.
	KindCancellationFee EntryKind = "CANCELLATION_FEE"
	// KindPayment is money received.
	KindPayment EntryKind = "PAYMENT"
	// KindRefund is money given back: a provider's refund that succeeded, or the office's transfer.
	KindRefund EntryKind = "REFUND"
	// KindRefundReturned takes a refund back that went through and then failed (the renter's bank
	// sent it back): the money is the residence's again, and owed to the renter.
	KindRefundReturned EntryKind = "REFUND_RETURNED"
	// KindDeduction is an amount of the deposit kept for a damage.
	KindDeduction EntryKind = "DEDUCTION"
)

// Item is what a charge is for: the contract item's kind. ItemNone for payments and for the charge of
// a contract whose items are not known.
type Item string

const (
	ItemNone     Item = ""
	ItemRent     Item = "RENT"
	ItemCleaning Item = "CLEANING"
	ItemDeposit  Item = "DEPOSIT"
	// ItemCancellation is the money of a cancelled booking: what its fee keeps and its refund gives back.
	ItemCancellation Item = "CANCELLATION"
)

// ItemOf is the item a refund of the purpose gives back.
func ItemOf(purpose RefundPurpose) Item {
	if purpose == PurposeDeposit {
		return ItemDeposit
	}
	return ItemCancellation
}

// LedgerEntry is one line of a renting's books.
type LedgerEntry struct {
	ID          string // given by the store
	RentingID   string
	SemesterID  int32 // 0: the semester of the renting's charges
	At          time.Time
	Kind        EntryKind
	Item        Item
	Description string
	// ItemCents is the entry's money, unsigned.
	ItemCents int64
	Reference string
	// Key is derived from the entry's cause: booking it again books nothing.
	Key string
}

// AmountCents is the entry's money signed from the renter's side: what they owe grows with a charge,
// a cancellation fee and a refund and shrinks with a payment, a cancelled charge and a refund
// returned; a deduction moves deposit to damages and changes no balance.
func (e LedgerEntry) AmountCents() int64 {
	switch e.Kind {
	case KindCharge, KindCancellationFee, KindRefund:
		return e.ItemCents
	case KindPayment, KindChargeCanceled, KindRefundReturned:
		return -e.ItemCents
	}
	return 0
}

// ContractItem is an item of a signed contract: what it is, its text and its total in cents.
type ContractItem struct {
	Item       Item
	Text       string
	TotalCents int64
}

// Charges are the ledger's charges of a new payment: one per contract item, or one of the contract's
// total when its items are not known or do not add up to the payment's amount (the payment asks the
// total, and the books must say what it asked).
func Charges(p Payment, semesterID int32, items []ContractItem) []LedgerEntry {
	charge := func(key string, item Item, text string, cents int64) LedgerEntry {
		return LedgerEntry{
			RentingID: p.RentingID, SemesterID: semesterID, At: p.CreatedAt, Kind: KindCharge, Item: item,
			Description: text, ItemCents: cents, Reference: p.RentingID, Key: "charge:" + p.ID + ":" + key,
		}
	}
	var sum int64
	for _, it := range items {
		sum += it.TotalCents
	}
	if len(items) == 0 || sum != p.Amount.Cents {
		return []LedgerEntry{charge("total", ItemNone, "Vertragssumme / Contract total", p.Amount.Cents)}
	}
	charges := make([]LedgerEntry, len(items))
	for i, it := range items {
		charges[i] = charge(fmt.Sprint(i), it.Item, it.Text, it.TotalCents)
	}
	return charges
}

// PaymentEntry is the ledger's line of the payment that became paid, referring to its receipt.
func PaymentEntry(p Payment) LedgerEntry {
	return LedgerEntry{
		RentingID: p.RentingID, At: p.PaidAt, Kind: KindPayment, Description: "Zahlung / Payment " + p.Description(),
		ItemCents: p.Amount.Cents, Reference: fmt.Sprint(p.ReceiptNumber), Key: "payment:" + p.ID,
	}
}

// RefundEntry is the ledger's line of a refund that went through at the provider.
func RefundEntry(r Refund) LedgerEntry {
	return LedgerEntry{
		RentingID: r.RentingID, At: r.UpdatedAt, Kind: KindRefund, Item: ItemOf(r.Purpose),
		Description: "Erstattung / Refund (" + string(r.Purpose) + ")", ItemCents: r.Amount.Cents,
		Reference: r.ProviderID, Key: "refund:" + r.ID,
	}
}

// RefundReturnedEntry is the ledger's line of a refund that went through and then failed.
func RefundReturnedEntry(r Refund) LedgerEntry {
	return LedgerEntry{
		RentingID: r.RentingID, At: r.UpdatedAt, Kind: KindRefundReturned, Item: ItemOf(r.Purpose),
		Description: "Erstattung zurückgekommen / Refund returned (" + string(r.Purpose) + ")", ItemCents: r.Amount.Cents,
		Reference: r.ProviderID, Key: "refund-returned:" + r.ID,
	}
}

// Deduction is an amount the office kept of a deposit, for a damage.
type Deduction struct {
	Description string
	Cents       int64
}

// SettlementMethod is how a deposit goes back to the renter.
type SettlementMethod string

const (
	// SettleByRefund refunds the deposit renting's payment through the provider.
	SettleByRefund SettlementMethod = "REFUND"
	// SettleByBankTransfer records the transfer the office made.
	SettleByBankTransfer SettlementMethod = "BANK_TRANSFER"
)

// Settlement is the office's settlement of a deposit, booked on the renting that collected it.
type Settlement struct {
	EventID       string
	RentingID     string // the deposit renting
	Method        SettlementMethod
	RefundCents   int64
	BankReference string
	Deductions    []Deduction
	At            time.Time
}

// Entries are the settlement's own lines: a deduction per damage kept and, for a bank transfer, the
// money the office sent (a provider refund is booked when it goes through, as every refund).
func (s Settlement) Entries() []LedgerEntry {
	var entries []LedgerEntry
	for i, d := range s.Deductions {
		entries = append(entries, LedgerEntry{
			RentingID: s.RentingID, At: s.At, Kind: KindDeduction, Item: ItemDeposit, Description: d.Description,
			ItemCents: d.Cents, Reference: s.RentingID, Key: fmt.Sprintf("deduction:%s:%d", s.EventID, i),
		})
	}
	if s.Method == SettleByBankTransfer && s.RefundCents > 0 {
		entries = append(entries, LedgerEntry{
			RentingID: s.RentingID, At: s.At, Kind: KindRefund, Item: ItemDeposit,
			Description: "Kaution überwiesen / Deposit transferred", ItemCents: s.RefundCents,
			Reference: s.BankReference, Key: "settlement:" + s.EventID,
		})
	}
	return entries
}

// Books are the totals of ledger entries, in EUR cents.
type Books struct {
	// ChargedCents is what was charged less the charges taken back, cancellation fees included.
	ChargedCents int64
	PaidCents    int64
	// RefundedCents is what refunds gave back, less those returned.
	RefundedCents int64
	// DepositHeldCents is the deposit received and neither given back nor kept.
	DepositHeldCents int64
	KeptCents        int64
	// BalanceCents is what the renter owes (+) or is owed (−): the entries' amounts, less the deposit
	// received that is not kept (held, it is owed back; given back, its refund settled it).
	BalanceCents int64
	// OpenCents is what was charged and is not paid.
	OpenCents int64
}

// Total adds up the entries of one renting (or of every renting of a semester, renting by renting:
// see Add). A deposit counts as received once the renting's payments cover its charges: a payment
// pays the whole contract at once.
func Total(entries []LedgerEntry) Books {
	var b Books
	var depositCharged, depositRefunded, sum int64
	for _, e := range entries {
		sum += e.AmountCents()
		switch e.Kind {
		case KindCharge, KindChargeCanceled, KindCancellationFee:
			b.ChargedCents += e.AmountCents()
			if e.Item == ItemDeposit {
				depositCharged += e.AmountCents()
			}
		case KindPayment:
			b.PaidCents += e.ItemCents
		case KindRefund, KindRefundReturned:
			b.RefundedCents += e.AmountCents()
			if e.Item == ItemDeposit {
				depositRefunded += e.AmountCents()
			}
		case KindDeduction:
			b.KeptCents += e.ItemCents
		}
	}
	var depositReceived int64
	if b.PaidCents > 0 && b.PaidCents >= b.ChargedCents {
		depositReceived = depositCharged
	}
	b.DepositHeldCents = max(depositReceived-depositRefunded-b.KeptCents, 0)
	b.BalanceCents = sum - depositReceived + b.KeptCents
	b.OpenCents = max(b.ChargedCents-b.PaidCents, 0)
	return b
}

// Add sums the totals of two sets of rentings.
func (b Books) Add(o Books) Books {
	return Books{
		ChargedCents: b.ChargedCents + o.ChargedCents, PaidCents: b.PaidCents + o.PaidCents,
		RefundedCents: b.RefundedCents + o.RefundedCents, DepositHeldCents: b.DepositHeldCents + o.DepositHeldCents,
		KeptCents: b.KeptCents + o.KeptCents, BalanceCents: b.BalanceCents + o.BalanceCents, OpenCents: b.OpenCents + o.OpenCents,
	}
}
