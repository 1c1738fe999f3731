package pdf_test

import (
	"bytes"
	"testing"
	"time"

	"semesterhaus/services/document/internal/adapters/pdf"
	"semesterhaus/services/document/internal/domain"
	"semesterhaus/services/document/internal/pdftext"
)

func TestReceipt_statesResidenceRenterApartmentSemesterAmountPaidDatePaymentAndNumber(t *testing.T) {
	t.Parallel()
	c := sample()
	receipt := domain.Receipt{
		Number: 42, RentingID: c.RentingID, RenterID: c.RenterID, Landlord: c.Landlord, Renter: c.Renter,
		Apartment: c.Apartment, Semester: c.Semester, AmountCents: c.TotalCents,
		// 23:30 UTC is the next day in Berlin, where the residence states its dates.
		PaidAt: time.Date(2026, 8, 14, 23, 30, 0, 0, time.UTC), PaymentID: "0b8f2d43-5a59-5f6e-9a3c-2f4b1d0e7c55",
	}
	content, err := pdf.Renderer{Uncompressed: true}.Receipt(receipt, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(content, []byte("%PDF-")) {
		t.Fatalf("no PDF header: %q", content[:10])
	}
	for _, want := range []string{"Quittung Q-000042", "Receipt Q-000042", "Studentenwohnheim Neckarblick", "Uferstraße 12, 69120 Heidelberg",
		"Jörg Müller", "Hauptstraße 1, 10115 Berlin, DEU", "A-12", "Wintersemester 2026/27", "2.937,00 €", "15.08.2026",
		"0b8f2d43-5a59-5f6e-9a3c-2f4b1d0e7c55"} {
		if !pdftext.Contains(content, want) {
			t.Errorf("the receipt does not state %q", want)
		}
	}
	if got := receipt.Document(content); got.FileName != "quittung-Q-000042.pdf" || got.ContentType != "application/pdf" {
		t.Errorf("download %q as %s", got.FileName, got.ContentType)
	}
}
