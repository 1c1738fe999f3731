package pdf

import (
	"fmt"
	"time"

	"semesterhaus/services/document/internal/domain"
)

// Receipt renders the receipt of a paid renting, German with the English in italics like the
// contract; created becomes the document's creation date.
func (r Renderer) Receipt(q domain.Receipt, created time.Time) ([]byte, error) {
	doc := r.newDocument(created, "Quittung / Receipt "+q.NumberText())
	doc.AddPage()
	heading(doc, "Quittung "+q.NumberText(), "Receipt "+q.NumberText())
	writeLandlord(doc, q.Landlord)
	renter := q.Renter
	field(doc, "Mieter / Renter", renter.FullName())
	field(doc, "Anschrift / Address", fmt.Sprintf("%s, %s %s, %s", renter.Street, renter.Zip, renter.City, renter.Country))
	field(doc, "Apartment", q.Apartment)
	field(doc, "Semester", q.Semester)
	doc.Ln(lineHeight)
	field(doc, "Betrag / Amount", domain.EuroGerman(q.AmountCents))
	field(doc, "Bezahlt am / Paid on", q.PaidAt.In(berlin).Format("02.01.2006"))
	field(doc, "Zahlungs-ID / Payment ID", q.PaymentID)
	field(doc, "Quittungsnummer / Receipt no.", q.NumberText())
	doc.Ln(lineHeight)
	paragraph(doc,
		fmt.Sprintf("Wir bestätigen den Eingang von %s als Miete für das Apartment %s im %s, einschließlich aller Nebenkosten.", domain.EuroGerman(q.AmountCents), q.Apartment, q.Semester),
		fmt.Sprintf("We confirm receipt of %s as the rent for apartment %s in %s, all utilities included.", domain.EuroGerman(q.AmountCents), q.Apartment, q.Semester))
	paragraph(doc, "Diese Quittung wurde maschinell erstellt und ist ohne Unterschrift gültig.", "This receipt was issued electronically and is valid without a signature.")
	return output(doc)
}
