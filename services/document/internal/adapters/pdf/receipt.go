package pdf

import (
	"fmt"
	"time"

	"semesterhaus/services/document/internal/domain"
)

// Receipt renders the receipt of a paid renting in the renter's language: each item paid for (the
// deposit named as a deposit, held and not rent), the total, how and when it was paid, the receipt
// number and the landlord; created becomes the document's creation date.
func (r Renderer) Receipt(q domain.Receipt, created time.Time) ([]byte, error) {
	w := r.newWriter(created, q.Language, words{"Quittung " + q.NumberText(), "Receipt " + q.NumberText()})
	w.doc.AddPage()
	w.heading(words{"Quittung " + q.NumberText(), "Receipt " + q.NumberText()})
	w.landlord(q.Landlord)
	renter := q.Renter
	w.field(words{"Mieter", "Renter"}, renter.FullName())
	w.field(words{"Anschrift", "Address"}, fmt.Sprintf("%s, %s %s, %s", renter.Street, renter.Zip, renter.City, renter.Country))
	w.field(words{"Apartment", "Apartment"}, q.Apartment)
	w.field(words{"Semester", "Semester"}, q.Semester)
	w.doc.Ln(lineHeight)
	w.items(words{"Bezahlt", "Paid"}, q.Items, q.AmountCents)
	w.doc.Ln(lineHeight)
	if method, ok := methodNames[q.Method]; ok {
		w.field(words{"Zahlungsart", "Payment method"}, w.say(method))
	}
	w.field(words{"Bezahlt am", "Paid on"}, w.date(dateOf(q.PaidAt.In(berlin))))
	w.field(words{"Zahlungs-ID", "Payment ID"}, q.PaymentID)
	w.field(words{"Quittungsnummer", "Receipt no."}, q.NumberText())
	w.doc.Ln(lineHeight)
	w.paragraph(words{
		fmt.Sprintf("Wir bestätigen den Eingang von %s für das Apartment %s im %s, wie oben aufgeschlüsselt.", domain.EuroGerman(q.AmountCents), q.Apartment, q.Semester),
		fmt.Sprintf("We confirm receipt of %s for apartment %s in %s, itemised above.", domain.EuroEnglish(q.AmountCents), q.Apartment, q.Semester)})
	if deposit := q.DepositCents(); deposit > 0 {
		w.paragraph(words{
			fmt.Sprintf("Darin enthalten ist die Kaution von %s: Sie ist keine Miete, wird als Sicherheit gehalten und nach dem Auszug abzüglich dokumentierter Abzüge zurückgezahlt.", domain.EuroGerman(deposit)),
			fmt.Sprintf("It includes the deposit of %s: it is not rent, it is held as security and returned after moving out, less documented deductions.", domain.EuroEnglish(deposit))})
	}
	w.paragraph(words{"Diese Quittung wurde maschinell erstellt und ist ohne Unterschrift gültig.", "This receipt was issued electronically and is valid without a signature."})
	return output(w.doc)
}

// methodNames are the payment provider's payment method types as a receipt names them; a payment
// recorded before its method was known names none.
var methodNames = map[string]words{
	"card":       {"Karte", "Card"},
	"sepa_debit": {"SEPA-Lastschrift", "SEPA direct debit"},
}

func dateOf(t time.Time) domain.Date {
	return domain.Date{Year: t.Year(), Month: int(t.Month()), Day: t.Day()}
}
