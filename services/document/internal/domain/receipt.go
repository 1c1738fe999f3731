package domain

import (
	"fmt"
	"time"
)

// Receipt is what the receipt of a paid renting states; the receipt PDF is rendered from it.
type Receipt struct {
	// Number is the payment service's receipt number, drawn when the payment was paid.
	Number    int64
	RentingID string
	RenterID  int64
	Landlord  Landlord
	Renter    ContractRenter
	Apartment string
	Semester  string
	// AmountCents is what was paid, in euro cents.
	AmountCents int64
	PaidAt      time.Time
	// PaymentID is the id under which the payment provider knows the payment (its idempotency key
	// and client reference).
	PaymentID string
	// Method is how it was paid, the provider's payment method type (card, sepa_debit); empty for
	// payments recorded before it was known.
	Method string
	// Items are what was paid for, from the contract the renting signed (see Itemise).
	Items    []PriceItem
	Language Language
}

// Itemise lists the contract's items on the receipt when they are what was paid: each names its
// kind and they add up to the amount. A contract written before items named their kind, or one
// whose total is not the amount paid, leaves one line of the whole amount.
func (r *Receipt) Itemise(c Contract) {
	r.Items = []PriceItem{{TextDE: "Zahlung laut Mietvertrag", TextEN: "Payment as the rental contract states", Quantity: 1,
		AmountCents: r.AmountCents, TotalCents: r.AmountCents}}
	var total int64
	for _, item := range c.Items {
		if item.Kind == "" {
			return
		}
		total += item.TotalCents
	}
	if len(c.Items) > 0 && total == r.AmountCents {
		r.Items = c.Items
	}
}

// DepositCents is the deposit among the items paid for, 0 where the receipt does not itemise.
func (r Receipt) DepositCents() int64 { return Contract{Items: r.Items}.DepositCents() }

// NumberText is the receipt number as the receipt and its file name show it, e.g. Q-000042.
func (r Receipt) NumberText() string { return fmt.Sprintf("Q-%06d", r.Number) }

// Document is the rendered receipt as a download: a PDF named after its number.
func (r Receipt) Document(content []byte) Document {
	return Document{
		RenterID: r.RenterID, RentingID: r.RentingID, Description: "Quittung " + r.NumberText(),
		ContentType: FormatPDF.ContentType(), FileName: "quittung-" + r.NumberText() + ".pdf", Content: content, Size: int64(len(content)),
	}
}
