package domain

import "semesterhaus/proto/codes"

// PriceItem is one line of a price calculation, worded in German and English.
type PriceItem struct {
	Kind     codes.ItemKind
	TextDe   string
	TextEn   string
	Quantity int
	Amount   Money
	Total    Money
}

// PriceCalculation is what a renter pays for a semester, in advance and in one payment.
type PriceCalculation struct {
	Items []PriceItem
	Total Money
}

// CalculatePrice prices a semester in an apartment. A new booking pays the rent (utilities included)
// for every month, the final cleaning and the deposit once; a renewal pays only the rent, because
// the deposit is carried over and cleaning is due once per tenancy.
func CalculatePrice(a Apartment, s Semester, renewal bool) PriceCalculation {
	items := []PriceItem{item(codes.ItemRent,
		"Miete inkl. Nebenkosten (Strom, Wasser, Internet)",
		"Rent incl. utilities (electricity, water, internet)",
		s.Months(), a.RentPerMonth)}
	if !renewal {
		items = append(items,
			item(codes.ItemCleaning, "Endreinigung", "Final cleaning", 1, a.CleaningFee),
			item(codes.ItemDeposit, "Kaution", "Deposit", 1, a.Deposit))
	}
	var total Money
	for _, it := range items {
		total += it.Total
	}
	return PriceCalculation{Items: items, Total: total}
}

func item(kind codes.ItemKind, textDe, textEn string, quantity int, amount Money) PriceItem {
	return PriceItem{Kind: kind, TextDe: textDe, TextEn: textEn, Quantity: quantity, Amount: amount, Total: amount.Times(quantity)}
}
