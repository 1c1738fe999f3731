package domain

import (
	"strings"
	"time"
	"unicode"
)

// Posting is one line of a DATEV Buchungsstapel: Umsatz on Konto (Soll) against Gegenkonto (Haben).
type Posting struct {
	Cents       int64
	Account     int32
	Contra      int32
	Date        time.Time
	Reference   string
	Description string
}

// Postings are the money movements of entries as the books post them, Soll on Account, Haben on
// Contra; charges and fees are no postings. rentings are the rentings' entries of any date, by
// renting id.
//   - A payment pays the items its renting was charged when it came (less the charges taken back by
//     then) in the order rent, cleaning, deposit: money against each item's account. What nothing
//     charged (a booking cancelled before it was paid) goes to damages, where its refund takes it back.
//   - A charge taken back after it was paid (a paid booking cancelled) moves its item's money to
//     damages, the account of what a cancelled booking keeps: its refund takes the part that goes back
//     from there, and the rest stays as its fee.
//   - A refund takes its item's account against money; a refund returned gives it back.
//   - A deduction moves deposit to damages.
func Postings(entries []LedgerEntry, rentings map[string][]LedgerEntry, s BooksSettings) []Posting {
	var postings []Posting
	post := func(e LedgerEntry, cents int64, account, contra int32) {
		postings = append(postings, Posting{Cents: cents, Account: account, Contra: contra, Date: e.At,
			Reference: belegfeld(e.Reference), Description: buchungstext(e.Description)})
	}
	for _, e := range entries {
		switch e.Kind {
		case KindPayment:
			for _, part := range paidItems(e.ItemCents, rentings[e.RentingID], e.At) {
				post(e, part.cents, s.MoneyAccount, s.account(part.item))
			}
		case KindChargeCanceled:
			if paidBy(rentings[e.RentingID], e.At) {
				post(e, e.ItemCents, s.account(e.Item), s.DamagesAccount)
			}
		case KindRefund:
			post(e, e.ItemCents, s.account(e.Item), s.MoneyAccount)
		case KindRefundReturned:
			post(e, e.ItemCents, s.MoneyAccount, s.account(e.Item))
		case KindDeduction:
			post(e, e.ItemCents, s.DepositAccount, s.DamagesAccount)
		}
	}
	return postings
}

// umlauts writes German letters as DATEV's reference field takes them.
var umlauts = strings.NewReplacer("Ä", "AE", "Ö", "OE", "Ü", "UE", "ä", "ae", "ö", "oe", "ü", "ue", "ß", "ss")

// belegfeld is a reference as DATEV's Belegfeld 1 takes it: at most 36 of the letters A–Z, digits
// and $%-/, umlauts written out (a Stripe refund id's underscore, a bank reference's spaces are left
// out).
func belegfeld(reference string) string {
	kept := strings.Map(func(r rune) rune {
		if r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("$%-/", r)) {
			return r
		}
		return -1
	}, umlauts.Replace(reference))
	return truncate(kept, 36)
}

// buchungstext is a description as DATEV's Buchungstext takes it: at most 60 characters between its
// quotes, so a quote, which the file would double, becomes an apostrophe.
func buchungstext(description string) string {
	return truncate(strings.ReplaceAll(description, `"`, "'"), 60)
}

type itemPart struct {
	item  Item
	cents int64
}

// paidItems splits a payment made at paidAt by the items charged by then, so that each item's money
// reaches its account; what no item takes is a cancelled booking's.
func paidItems(cents int64, entries []LedgerEntry, paidAt time.Time) []itemPart {
	charged := map[Item]int64{}
	for _, e := range entries {
		if (e.Kind == KindCharge || e.Kind == KindChargeCanceled) && !e.At.After(paidAt) {
			charged[e.Item] += e.AmountCents()
		}
	}
	var parts []itemPart
	for _, item := range []Item{ItemRent, ItemNone, ItemCleaning, ItemDeposit} {
		if part := min(charged[item], cents); part > 0 {
			parts = append(parts, itemPart{item, part})
			cents -= part
		}
	}
	if cents > 0 {
		parts = append(parts, itemPart{ItemCancellation, cents})
	}
	return parts
}

// paidBy tells whether the renting's entries hold a payment made by at: a payment pays the whole
// contract at once.
func paidBy(entries []LedgerEntry, at time.Time) bool {
	for _, e := range entries {
		if e.Kind == KindPayment && !e.At.After(at) {
			return true
		}
	}
	return false
}

func (s BooksSettings) account(item Item) int32 {
	switch item {
	case ItemCleaning:
		return s.CleaningAccount
	case ItemDeposit:
		return s.DepositAccount
	case ItemCancellation:
		return s.DamagesAccount
	}
	return s.RentAccount
}
