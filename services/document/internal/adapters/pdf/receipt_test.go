package pdf_test

import (
	"testing"
	"time"

	"semesterhaus/services/document/internal/adapters/pdf"
	"semesterhaus/services/document/internal/domain"
)

func sampleReceipt(language domain.Language, method string) domain.Receipt {
	c := sample()
	receipt := domain.Receipt{
		Number: 42, RentingID: c.RentingID, RenterID: c.RenterID, Landlord: c.Landlord, Renter: c.Renter,
		Apartment: c.Apartment, Semester: c.Semester, AmountCents: c.TotalCents,
		// 23:30 UTC is the next day in Berlin, where the residence states its dates.
		PaidAt: time.Date(2026, 8, 14, 23, 30, 0, 0, time.UTC), PaymentID: "0b8f2d43-5a59-5f6e-9a3c-2f4b1d0e7c55",
		Method: method, Language: language,
	}
	receipt.Itemise(c)
	return receipt
}

func renderReceipt(t *testing.T, r domain.Receipt) []byte {
	t.Helper()
	content, err := pdf.Renderer{Uncompressed: true}.Receipt(r, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return content
}

func TestReceipt_inGerman_listsEachItemTheDepositAsADepositTheMethodAndTheLandlord(t *testing.T) {
	t.Parallel()
	receipt := sampleReceipt(domain.LanguageGerman, "card")
	content := renderReceipt(t, receipt)
	checkStates(t, "receipt", content, []string{
		"Quittung Q-000042", "Neckarblick Wohnen GmbH", "Studentenwohnheim Neckarblick", "Uferstraße 12, 69120 Heidelberg",
		"DE999999999", "IBAN DE89 3704 0044 0532 0130 00", "Jörg Müller", "Hauptstraße 1, 10115 Berlin, DEU", "A-12", "Wintersemester 2026/27",
		"Miete, 6 Monate", "2.700,00 €", "Endreinigung", "87,00 €", "Kaution (Sicherheit, keine Miete)", "800,00 €", "Gesamt", "3.587,00 €",
		"Zahlungsart", "Karte", "15.08.2026", "0b8f2d43-5a59-5f6e-9a3c-2f4b1d0e7c55", "Quittungsnummer",
		"Darin enthalten ist die Kaution von 800,00 €", "als Sicherheit gehalten",
	}, []string{"Receipt", "als Miete", "einschließlich aller Nebenkosten", "Card"})
	if got := receipt.Document(content); got.FileName != "quittung-Q-000042.pdf" || got.ContentType != "application/pdf" {
		t.Errorf("download %q as %s", got.FileName, got.ContentType)
	}
}

func TestReceipt_inEnglish_forAnEnglishRenter_hasNoGerman(t *testing.T) {
	t.Parallel()
	checkStates(t, "receipt", renderReceipt(t, sampleReceipt(domain.LanguageEnglish, "sepa_debit")), []string{
		"Receipt Q-000042", "Landlord", "Rent, 6 months", "€2,700.00", "Final cleaning", "Deposit (security, not rent)", "€800.00",
		"Total", "€3,587.00", "Payment method", "SEPA direct debit", "Paid on", "15 August 2026", "Receipt no.",
		"It includes the deposit of €800.00: it is not rent", "held as security",
	}, []string{"Quittung", "Kaution", "Miete", "Lastschrift", "Bezahlt"})
}

func TestReceipt_ofAnOldPayment_namesNoMethod(t *testing.T) {
	t.Parallel()
	checkStates(t, "receipt", renderReceipt(t, sampleReceipt(domain.LanguageGerman, "")), []string{"Bezahlt am"},
		[]string{"Zahlungsart"})
}
