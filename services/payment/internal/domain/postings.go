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

// Postings are the money movements and deductions of entries as the books post them; charges are
// no postings. A payment pays the items its renting was charged (less those taken back) in the order
// rent, cleaning, deposit, money against each item's account, whatever is left over on rent; a
// refund takes its item's account against money; a deduction moves deposit to damages. charges are
// the rentings' charges of any date, by renting id.
func Postings(entries []LedgerEntry, charges map[string][]LedgerEntry, s BooksSettings) []Posting {
	var postings []Posting
	post := func(e LedgerEntry, cents int64, account, contra int32) {
		postings = append(postings, Posting{Cents: cents, Account: account, Contra: contra, Date: e.At,
			Reference: belegfeld(e.Reference), Description: truncate(e.Description, 60)})
	}
	for _, e := range entries {
		switch e.Kind {
		case KindPayment:
			for _, part := range paidItems(e.ItemCents, charges[e.RentingID]) {
				post(e, part.cents, s.MoneyAccount, s.account(part.item))
			}
		case KindRefund:
			post(e, e.ItemCents, s.account(e.Item), s.MoneyAccount)
		case KindDeduction:
			post(e, e.ItemCents, s.DepositAccount, s.DamagesAccount)
		}
	}
	return postings
}

// belegfeld is a reference as DATEV's Belegfeld 1 takes it: at most 36 of the letters A–Z, digits
// and $&%*+-/ (a Stripe refund id's underscore, a bank reference's spaces are left out).
func belegfeld(reference string) string {
	kept := strings.Map(func(r rune) rune {
		if r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("$&%*+-/", r)) {
			return r
		}
		return -1
	}, reference)
	return truncate(kept, 36)
}

type itemPart struct {
	item  Item
	cents int64
}

// paidItems splits a payment by the items charged, so that each item's money reaches its account.
func paidItems(cents int64, charges []LedgerEntry) []itemPart {
	charged := map[Item]int64{}
	for _, c := range charges {
		charged[c.Item] += c.AmountCents()
	}
	var parts []itemPart
	for _, item := range []Item{ItemRent, ItemCleaning, ItemDeposit} {
		if part := min(charged[item], cents); part > 0 {
			parts = append(parts, itemPart{item, part})
			cents -= part
		}
	}
	if cents > 0 {
		parts = append(parts, itemPart{ItemRent, cents})
	}
	return parts
}

func (s BooksSettings) account(item Item) int32 {
	switch item {
	case ItemCleaning:
		return s.CleaningAccount
	case ItemDeposit:
		return s.DepositAccount
	}
	return s.RentAccount
}
