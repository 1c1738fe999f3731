package pdf_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"testing"
	"time"

	"semesterhaus/services/document/internal/adapters/pdf"
	"semesterhaus/services/document/internal/domain"
	"semesterhaus/services/document/internal/pdftext"
)

func sample() domain.Contract {
	return domain.Contract{
		RentingID: "5b0f3c1e-8f3a-4d3e-9a57-6c1b8f0e2a11", RenterID: 7,
		Landlord: domain.Landlord{Name: "Studentenwohnheim Neckarblick", Address: "Uferstraße 12, 69120 Heidelberg",
			Email: "wohnen@neckarblick.example", Phone: "+49 6221 000000"},
		Renter: domain.ContractRenter{FirstName: "Jörg", LastName: "Müller", Street: "Hauptstraße 1", Zip: "10115", City: "Berlin",
			Country: "DEU", Birthday: domain.Date{Year: 2003, Month: 5, Day: 17}},
		Apartment: "A-12", Floor: "1. OG", Semester: "Wintersemester 2026/27",
		Start: domain.Date{Year: 2026, Month: 10, Day: 1}, End: domain.Date{Year: 2027, Month: 3, Day: 31},
		Items: []domain.PriceItem{
			{TextDE: "Miete inkl. Nebenkosten", TextEN: "Rent incl. utilities", Quantity: 6, AmountCents: 45000, TotalCents: 270000},
			{TextDE: "Endreinigung", TextEN: "Cleaning", Quantity: 1, AmountCents: 8700, TotalCents: 8700},
		},
		TotalCents: 293700,
	}
}

func TestContract_statesRenterApartmentDatesAndTotal(t *testing.T) {
	t.Parallel()
	content, err := pdf.Renderer{Uncompressed: true}.Contract(sample(), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(content, []byte("%PDF-")) {
		t.Fatalf("no PDF header: %q", content[:10])
	}
	for _, want := range []string{"Jörg Müller", "Hauptstraße 1, 10115 Berlin, DEU", "17.05.2003", "A-12", "1. OG",
		"Wintersemester 2026/27", "01.10.2026", "31.03.2027", "2.700,00 €", "2.937,00 €", "Strom, Wasser, Internet", "möbliert",
		"Vermieter / Landlord", "Studentenwohnheim Neckarblick", "Uferstraße 12, 69120 Heidelberg", "wohnen@neckarblick.example · +49 6221 000000"} {
		if !pdftext.Contains(content, want) {
			t.Errorf("the contract does not state %q", want)
		}
	}
	if pdftext.Contains(content, "Semesterhaus") {
		t.Error("the contract names the residence other than the catalog's building does")
	}
}

// A session stored before the contract named the residence from the catalog has no landlord: its
// signed copy repeats the contract as it was shown then.
func TestSignedContract_ofASessionWithoutLandlord_repeatsTheContractAsShown(t *testing.T) {
	t.Parallel()
	old := sample()
	old.Landlord = domain.Landlord{}
	content, err := pdf.Renderer{Uncompressed: true}.SignedContract(old, time.Now(), domain.Signature{SessionID: "s-0", SignerName: "Jörg Müller"}, make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	if !pdftext.Contains(content, "Vermieter: Semesterhaus, Studentenwohnheim.") || pdftext.Contains(content, "Vermieter / Landlord") {
		t.Error("the signed copy of an old session differs from the contract it showed")
	}
}

func TestSignedContract_endsWithTheSignaturePage(t *testing.T) {
	t.Parallel()
	original := []byte("%PDF-1.3 original")
	hash := sha256.Sum256(original)
	signedAt := time.Date(2026, 9, 1, 10, 30, 0, 0, time.UTC)
	content, err := pdf.Renderer{Uncompressed: true}.SignedContract(sample(), time.Now(), domain.Signature{
		SessionID: "s-1", SignerName: "jörg müller", SignedAt: signedAt,
	}, hash[:])
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"2.937,00 €", "jörg müller", "01.09.2026 12:30:00 CEST", hex.EncodeToString(hash[:])} {
		if !pdftext.Contains(content, want) {
			t.Errorf("the signed contract does not state %q", want)
		}
	}
}
