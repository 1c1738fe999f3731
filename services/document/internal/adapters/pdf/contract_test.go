package pdf_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"testing"
	"time"

	"semesterhaus/proto/codes"
	"semesterhaus/services/document/internal/adapters/pdf"
	"semesterhaus/services/document/internal/domain"
	"semesterhaus/services/document/internal/pdftext"
)

// sample is a German renter's first booking: six months' rent, the final cleaning and the deposit.
func sample() domain.Contract {
	return domain.Contract{
		RentingID: "5b0f3c1e-8f3a-4d3e-9a57-6c1b8f0e2a11", RenterID: 7, Language: domain.LanguageGerman, DepositReturnDays: 42,
		Landlord: domain.Landlord{Name: "Studentenwohnheim Neckarblick", Address: "Uferstraße 12, 69120 Heidelberg",
			Email: "wohnen@neckarblick.example", Phone: "+49 6221 000000",
			LegalName: "Neckarblick Wohnen GmbH", Representative: "Erika Mustermann", TaxNumber: "DE999999999",
			IBAN: "DE89370400440532013000", BIC: "COBADEFFXXX", BankName: "Beispielbank"},
		Renter: domain.ContractRenter{FirstName: "Jörg", LastName: "Müller", Street: "Hauptstraße 1", Zip: "10115", City: "Berlin",
			Country: "DEU", Birthday: domain.Date{Year: 2003, Month: 5, Day: 17}},
		Apartment: "A-12", Floor: "1. OG", Semester: "Wintersemester 2026/27",
		Start: domain.Date{Year: 2026, Month: 10, Day: 1}, End: domain.Date{Year: 2027, Month: 3, Day: 31},
		Items: []domain.PriceItem{
			{Kind: codes.ItemRent, TextDE: "Miete inkl. Nebenkosten", TextEN: "Rent incl. utilities", Quantity: 6, AmountCents: 45000, TotalCents: 270000},
			{Kind: codes.ItemCleaning, TextDE: "Endreinigung", TextEN: "Final cleaning", Quantity: 1, AmountCents: 8700, TotalCents: 8700},
			{Kind: codes.ItemDeposit, TextDE: "Kaution", TextEN: "Deposit", Quantity: 1, AmountCents: 80000, TotalCents: 80000},
		},
		TotalCents: 358700,
	}
}

func render(t *testing.T, c domain.Contract) []byte {
	t.Helper()
	content, err := pdf.Renderer{Uncompressed: true}.Contract(c, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(content, []byte("%PDF-")) {
		t.Fatalf("no PDF header: %q", content[:10])
	}
	return content
}

func checkStates(t *testing.T, what string, content []byte, wanted, unwanted []string) {
	t.Helper()
	for _, want := range wanted {
		if !pdftext.Contains(content, want) {
			t.Errorf("the %s does not state %q", what, want)
		}
	}
	for _, unwanted := range unwanted {
		if pdftext.Contains(content, unwanted) {
			t.Errorf("the %s states %q", what, unwanted)
		}
	}
}

func TestContract_inGerman_itemisesRentCleaningAndDepositWithTheDepositsTermsAndTheLandlord(t *testing.T) {
	t.Parallel()
	checkStates(t, "contract", render(t, sample()), []string{
		"Mietvertrag", "Jörg Müller", "Hauptstraße 1, 10115 Berlin, DEU", "17.05.2003", "A-12", "1. OG",
		"Wintersemester 2026/27", "01.10.2026", "31.03.2027", "Strom, Wasser, Internet", "möbliert",
		"Miete, 6 Monate", "2.700,00 €", "Endreinigung", "87,00 €", "Kaution (Sicherheit, keine Miete)", "800,00 €", "Gesamt", "3.587,00 €",
		"Die Kaution von 800,00 € ist keine Miete", "nicht zu verzinsen (§ 551 Abs. 3 Satz 5 BGB)",
		"Die Kaution wird innerhalb von 42 Tagen nach der Übergabe", "abzüglich dokumentierter", "auf das Konto des Mieters",
		"Vermieter", "Neckarblick Wohnen GmbH", "Vertreten durch", "Erika Mustermann", "Studentenwohnheim Neckarblick",
		"Uferstraße 12, 69120 Heidelberg", "wohnen@neckarblick.example · +49 6221 000000", "Steuernummer", "DE999999999",
		"Beispielbank, IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX",
	}, []string{"Rental contract", "Landlord", "Deposit", "Semesterhaus", "Vermieter / Landlord"})
}

func TestContract_inEnglish_forAnEnglishRenter_hasNoGerman(t *testing.T) {
	t.Parallel()
	c := sample()
	c.Language = domain.LanguageEnglish
	checkStates(t, "contract", render(t, c), []string{
		"Rental contract", "Landlord", "Neckarblick Wohnen GmbH", "Represented by", "Tax number", "Bank account",
		"Birthday", "17 May 2003", "1 October 2026", "31 March 2027", "Rent incl. utilities", "Rent, 6 months", "€2,700.00",
		"Final cleaning", "Deposit (security, not rent)", "€800.00", "Total", "€3,587.00",
		"The deposit of €800.00 is not rent", "bears no interest",
		"The deposit is returned within 42 days of the apartment's handover", "less documented deductions", "the renter's account",
	}, []string{"Mietvertrag", "Vermieter", "Kaution", "Miete", "Gesamt", "3.587,00 €", "Übergabe"})
}

func TestContract_ofARenewal_carriesTheDepositOverAndStatesNoDepositTerms(t *testing.T) {
	t.Parallel()
	c := sample()
	c.Renewal, c.Items, c.TotalCents = true, c.Items[:1], 270000
	checkStates(t, "contract", render(t, c), []string{"die Kaution wird übernommen", "2.700,00 €"},
		[]string{"Kaution (Sicherheit", "innerhalb von 42 Tagen"})
}

// A session stored before the contract named the residence from the catalog, the items their kind
// and the renter's language has none of them: its signed copy repeats the contract as it was shown
// then, German with the English in italics.
func TestSignedContract_ofAnOldSession_repeatsTheContractAsShown(t *testing.T) {
	t.Parallel()
	old := sample()
	old.Landlord, old.Language, old.DepositReturnDays = domain.Landlord{}, domain.LanguageBoth, 0
	for i := range old.Items {
		old.Items[i].Kind = ""
	}
	content, err := pdf.Renderer{Uncompressed: true}.SignedContract(old, time.Now(), domain.Signature{SessionID: "s-0", SignerName: "Jörg Müller"}, make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	checkStates(t, "signed copy of an old session", content, []string{
		"Vermieter: Semesterhaus, Studentenwohnheim.", "Landlord: Semesterhaus, student residence.",
		"Rental contract (English courtesy translation; the German text is binding)", "Gesamt / Total", "Rent incl. utilities",
		"Unterschrieben von / Signed by",
	}, []string{"Vermieter / Landlord", "Kaution (Sicherheit", "innerhalb von"})
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
	checkStates(t, "signed contract", content, []string{"3.587,00 €", "Unterschrieben von", "jörg müller", "01.09.2026 12:30:00 CEST",
		hex.EncodeToString(hash[:])}, []string{"Signed by"})
}
