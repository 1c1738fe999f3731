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
}

// NumberText is the receipt number as the receipt and its file name show it, e.g. Q-000042.
func (r Receipt) NumberText() string { return fmt.Sprintf("Q-%06d", r.Number) }

// Document is the rendered receipt as a download: a PDF named after its number.
func (r Receipt) Document(content []byte) Document {
	return Document{
		RenterID: r.RenterID, RentingID: r.RentingID, Description: "Quittung " + r.NumberText(),
		ContentType: FormatPDF.ContentType(), FileName: "quittung-" + r.NumberText() + ".pdf", Content: content, Size: int64(len(content)),
	}
}
