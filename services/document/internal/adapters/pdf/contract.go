// Package pdf renders rental contracts, their signature pages and payment receipts as PDF with fpdf, in the Go fonts
// (embedded TrueType, so German umlauts and the euro sign come out right).
package pdf

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"

	"semesterhaus/proto/codes"
	"semesterhaus/services/document/internal/domain"
)

// Renderer writes contracts and receipts. Uncompressed leaves the page streams readable, which lets tests find
// the text in the bytes; the service compresses.
type Renderer struct {
	Uncompressed bool
}

// berlin is the residence's time zone, in which the signature page states the time.
var berlin = mustLoad("Europe/Berlin")

const (
	family     = "go"
	lineHeight = 5.0
)

// Contract renders the rental contract in the contract's language; created becomes the document's
// creation date.
func (r Renderer) Contract(c domain.Contract, created time.Time) ([]byte, error) {
	w := r.newWriter(created, c.Language, contractTitle)
	w.contract(c)
	return output(w.doc)
}

// SignedContract renders the contract again with a signature page at the end that names the signer,
// the time and the SHA-256 of the original contract's bytes, so the signed copy points at exactly
// what was shown to the renter.
func (r Renderer) SignedContract(c domain.Contract, created time.Time, s domain.Signature, originalSHA256 []byte) ([]byte, error) {
	w := r.newWriter(created, c.Language, contractTitle)
	w.contract(c)
	w.signaturePage(c, s, originalSHA256)
	return output(w.doc)
}

var contractTitle = words{"Mietvertrag", "Rental contract"}

// words is a text in German and English.
type words struct{ de, en string }

// writer writes a document in one language: the renter's, or (domain.LanguageBoth, contracts
// written before the renter's language was known) German followed by the English in italics.
type writer struct {
	doc  *fpdf.Fpdf
	lang domain.Language
}

func (r Renderer) newWriter(created time.Time, lang domain.Language, title words) writer {
	doc := fpdf.New("P", "mm", "A4", "")
	doc.SetCompression(!r.Uncompressed)
	doc.SetCreationDate(created)
	doc.SetModificationDate(created)
	doc.AddUTF8FontFromBytes(family, "", goregular.TTF)
	doc.AddUTF8FontFromBytes(family, "B", gobold.TTF)
	doc.AddUTF8FontFromBytes(family, "I", goitalic.TTF)
	w := writer{doc: doc, lang: lang}
	doc.SetTitle(w.say(title), true)
	doc.SetMargins(20, 20, 20)
	doc.SetAutoPageBreak(true, 20)
	return w
}

func output(doc *fpdf.Fpdf) ([]byte, error) {
	var buf bytes.Buffer
	if err := doc.Output(&buf); err != nil {
		return nil, fmt.Errorf("render pdf: %w", err)
	}
	return buf.Bytes(), nil
}

// say is the text in the writer's language; both, "German / English", for LanguageBoth.
func (w writer) say(t words) string {
	switch {
	case w.lang == domain.LanguageGerman || t.de == t.en:
		return t.de
	case w.lang == domain.LanguageEnglish:
		return t.en
	}
	return t.de + " / " + t.en
}

func (w writer) euro(cents int64) string         { return domain.Euro(cents, w.lang) }
func (w writer) date(d domain.Date) string       { return d.In(w.lang) }
func (w writer) field(label words, value string) { field(w.doc, w.say(label), value) }

func (w writer) heading(t words) {
	w.doc.SetFont(family, "B", 14)
	w.doc.MultiCell(0, 7, w.one(t), "", "L", false)
	w.courtesy(t.en)
	w.doc.Ln(2)
}

func (w writer) paragraph(t words) {
	w.doc.SetFont(family, "", 10)
	w.doc.MultiCell(0, lineHeight, w.one(t), "", "L", false)
	w.courtesy(t.en)
	w.doc.Ln(2)
}

// one is the text in the writer's language, German for LanguageBoth (whose English follows).
func (w writer) one(t words) string {
	if w.lang == domain.LanguageEnglish {
		return t.en
	}
	return t.de
}

// courtesy writes the English in italics after the German of a LanguageBoth document.
func (w writer) courtesy(english string) {
	if w.lang == domain.LanguageBoth {
		w.doc.SetFont(family, "I", 9)
		w.doc.MultiCell(0, lineHeight, english, "", "L", false)
	}
}

func (w writer) contract(c domain.Contract) {
	w.doc.AddPage()
	heading := words{"Mietvertrag", "Rental contract"}
	if w.lang == domain.LanguageBoth {
		heading.en = "Rental contract (English courtesy translation; the German text is binding)"
	}
	w.heading(heading)
	w.landlord(c.Landlord)
	renter := c.Renter
	w.field(words{"Mieter", "Renter"}, renter.FullName())
	w.field(words{"Anschrift", "Address"}, fmt.Sprintf("%s, %s %s, %s", renter.Street, renter.Zip, renter.City, renter.Country))
	w.field(words{"Geburtsdatum", "Birthday"}, w.date(renter.Birthday))
	w.field(words{"Apartment", "Apartment"}, c.Apartment)
	w.field(words{"Etage", "Floor"}, c.Floor)
	w.field(words{"Semester", "Semester"}, c.Semester)
	w.field(words{"Mietbeginn", "Start"}, w.date(c.Start))
	w.field(words{"Mietende", "End"}, w.date(c.End))
	w.field(words{"Einzug", "Move-in"}, w.date(c.Start))
	w.field(words{"Auszug", "Move-out"}, w.date(c.End))
	w.doc.Ln(lineHeight)
	w.items(words{"Preise", "Prices"}, c.Items, c.TotalCents)
	w.doc.Ln(lineHeight)
	w.terms(c)
	w.deposit(c)
	w.paragraph(words{"Der Vertrag wird elektronisch unterschrieben.", "The contract is signed electronically."})
}

// landlord names the residence as the catalog's building does, and the legal party with its tax
// number and bank account where the building file names them. A session stored before the contract
// named the residence (no landlord) is rendered again, for its signed copy, as it was shown then.
func (w writer) landlord(l domain.Landlord) {
	if l.Name == "" {
		w.paragraph(words{"Vermieter: Semesterhaus, Studentenwohnheim.", "Landlord: Semesterhaus, student residence."})
		return
	}
	if l.LegalName == "" {
		w.field(words{"Vermieter", "Landlord"}, l.Name)
	} else {
		w.field(words{"Vermieter", "Landlord"}, l.LegalName)
		w.field(words{"Vertreten durch", "Represented by"}, l.Representative)
		w.field(words{"Wohnheim", "Residence"}, l.Name)
	}
	w.field(words{"Anschrift", "Address"}, l.Address)
	w.field(words{"Kontakt", "Contact"}, l.Email+" · "+l.Phone)
	if l.LegalName != "" {
		w.field(words{"Steuernummer", "Tax number"}, l.TaxNumber)
		w.field(words{"Bankverbindung", "Bank account"}, fmt.Sprintf("%s, IBAN %s, BIC %s", l.BankName, groupIBAN(l.IBAN), l.BIC))
	}
	w.doc.Ln(lineHeight)
}

// groupIBAN writes an IBAN in groups of four, as it is printed.
func groupIBAN(iban string) string {
	var grouped strings.Builder
	for i, r := range iban {
		if i > 0 && i%4 == 0 {
			grouped.WriteByte(' ')
		}
		grouped.WriteRune(r)
	}
	return grouped.String()
}

// kindNames are how the documents name the kinds of items.
var kindNames = map[codes.ItemKind]words{
	codes.ItemRent:     {"Miete", "Rent"},
	codes.ItemCleaning: {"Endreinigung", "Final cleaning"},
	codes.ItemDeposit:  {"Kaution (Sicherheit, keine Miete)", "Deposit (security, not rent)"},
}

// items lists each item with its kind (where it has one), quantity, amount and total, and the total.
func (w writer) items(title words, items []domain.PriceItem, totalCents int64) {
	w.heading(title)
	for _, item := range items {
		w.doc.SetFont(family, "", 10)
		w.doc.CellFormat(95, lineHeight, w.one(words{item.TextDE, item.TextEN}), "", 0, "L", false, 0, "")
		w.doc.CellFormat(15, lineHeight, fmt.Sprintf("%d ×", item.Quantity), "", 0, "R", false, 0, "")
		w.doc.CellFormat(30, lineHeight, w.euro(item.AmountCents), "", 0, "R", false, 0, "")
		w.doc.CellFormat(30, lineHeight, w.euro(item.TotalCents), "", 1, "R", false, 0, "")
		w.doc.SetFont(family, "I", 8)
		if kind, ok := kindNames[item.Kind]; ok {
			w.doc.CellFormat(0, 4, w.say(kind)+w.quantityNote(item), "", 1, "L", false, 0, "")
		}
		w.courtesy(item.TextEN)
	}
	w.doc.SetFont(family, "B", 10)
	w.doc.CellFormat(140, lineHeight+1, w.say(words{"Gesamt", "Total"}), "T", 0, "L", false, 0, "")
	w.doc.CellFormat(30, lineHeight+1, w.euro(totalCents), "T", 1, "R", false, 0, "")
}

// quantityNote says what the rent's quantity counts: its months.
func (w writer) quantityNote(item domain.PriceItem) string {
	if item.Kind != codes.ItemRent {
		return ""
	}
	return w.say(words{fmt.Sprintf(", %d Monate", item.Quantity), fmt.Sprintf(", %d months", item.Quantity)})
}

// terms states the terms of the residence (SPEC section 1).
func (w writer) terms(c domain.Contract) {
	w.heading(words{"Bedingungen", "Terms"})
	total := w.euro(c.TotalCents)
	w.paragraph(words{
		fmt.Sprintf("Die Miete umfasst alle Nebenkosten (Strom, Wasser, Internet). Sie ist im Voraus in einer Zahlung für das ganze Semester zu zahlen: %s.", total),
		fmt.Sprintf("The rent includes all utilities (electricity, water, internet). It is paid in advance in one payment for the whole semester: %s.", total)})
	w.paragraph(words{"Das Apartment wird möbliert vermietet.", "The apartment is let furnished."})
	w.paragraph(words{
		fmt.Sprintf("Einzug am %s, Auszug am %s. Der Mietvertrag endet mit dem Semester, ohne dass es einer Kündigung bedarf.", w.date(c.Start), w.date(c.End)),
		fmt.Sprintf("Move-in on %s, move-out on %s. The contract ends with the semester without notice.", w.date(c.Start), w.date(c.End))})
	if c.Renewal {
		w.paragraph(words{"Dieser Vertrag verlängert die bisherige Miete desselben Apartments; die Kaution wird übernommen.",
			"This contract renews the previous tenancy of the same apartment; the deposit is carried over."})
	}
}

// deposit states how the deposit is held and comes back; contracts without a deposit item (a
// renewal) or written before the residence's rules were known state nothing of it.
func (w writer) deposit(c domain.Contract) {
	deposit := c.DepositCents()
	if deposit == 0 || c.DepositReturnDays == 0 {
		return
	}
	w.heading(words{"Kaution", "Deposit"})
	w.paragraph(words{
		fmt.Sprintf("Die Kaution von %s ist keine Miete. Der Vermieter hält sie als Sicherheit für seine Ansprüche aus dem Mietverhältnis.", w.euro(deposit)),
		fmt.Sprintf("The deposit of %s is not rent. The landlord holds it as security for its claims under the tenancy.", w.euro(deposit))})
	w.paragraph(words{
		"Bei Wohnraum in einem Studentenwohnheim ist die Kaution nicht zu verzinsen (§ 551 Abs. 3 Satz 5 BGB).",
		"For housing in a student residence the deposit bears no interest (section 551 (3) sentence 5 of the German Civil Code, BGB)."})
	w.paragraph(words{
		fmt.Sprintf("Die Kaution wird innerhalb von %d Tagen nach der Übergabe des Apartments abzüglich dokumentierter Abzüge zurückgezahlt, auf dem Weg, auf dem sie gezahlt wurde, oder auf das Konto des Mieters.", c.DepositReturnDays),
		fmt.Sprintf("The deposit is returned within %d days of the apartment's handover, less documented deductions, the way it was paid or to the renter's account.", c.DepositReturnDays)})
}

func (w writer) signaturePage(c domain.Contract, s domain.Signature, originalSHA256 []byte) {
	w.doc.AddPage()
	w.heading(words{"Unterschrift", "Signature"})
	w.paragraph(words{
		fmt.Sprintf("Der Mieter %s hat den vorstehenden Mietvertrag elektronisch unterschrieben.", c.Renter.FullName()),
		fmt.Sprintf("The renter %s signed the contract above electronically.", c.Renter.FullName())})
	w.field(words{"Unterschrieben von", "Signed by"}, s.SignerName)
	w.field(words{"Zeitpunkt", "Time"}, s.SignedAt.In(berlin).Format("02.01.2006 15:04:05 MST"))
	w.field(words{"Sitzung", "Session"}, s.SessionID)
	w.doc.SetFont(family, "", 10)
	w.doc.MultiCell(0, lineHeight, w.say(words{"SHA-256 des Originalvertrags:", "SHA-256 of the original contract:"}), "", "L", false)
	w.doc.SetFont(family, "", 9)
	w.doc.MultiCell(0, lineHeight, hex.EncodeToString(originalSHA256), "", "L", false)
}

func field(doc *fpdf.Fpdf, label, value string) {
	doc.SetFont(family, "B", 10)
	doc.CellFormat(55, lineHeight+1, label, "", 0, "L", false, 0, "")
	doc.SetFont(family, "", 10)
	doc.CellFormat(0, lineHeight+1, value, "", 1, "L", false, 0, "")
}

func mustLoad(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}
