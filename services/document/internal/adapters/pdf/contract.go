// Package pdf renders rental contracts, their signature pages and payment receipts as PDF with fpdf, in the Go fonts
// (embedded TrueType, so German umlauts and the euro sign come out right).
package pdf

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"

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

// Contract renders the rental contract; created becomes the document's creation date.
func (r Renderer) Contract(c domain.Contract, created time.Time) ([]byte, error) {
	doc := r.newDocument(created, contractTitle)
	writeContract(doc, c)
	return output(doc)
}

// SignedContract renders the contract again with a signature page at the end that names the signer,
// the time and the SHA-256 of the original contract's bytes, so the signed copy points at exactly
// what was shown to the renter.
func (r Renderer) SignedContract(c domain.Contract, created time.Time, s domain.Signature, originalSHA256 []byte) ([]byte, error) {
	doc := r.newDocument(created, contractTitle)
	writeContract(doc, c)
	writeSignaturePage(doc, c, s, originalSHA256)
	return output(doc)
}

const contractTitle = "Mietvertrag / Rental contract"

func (r Renderer) newDocument(created time.Time, title string) *fpdf.Fpdf {
	doc := fpdf.New("P", "mm", "A4", "")
	doc.SetCompression(!r.Uncompressed)
	doc.SetCreationDate(created)
	doc.SetModificationDate(created)
	doc.AddUTF8FontFromBytes(family, "", goregular.TTF)
	doc.AddUTF8FontFromBytes(family, "B", gobold.TTF)
	doc.AddUTF8FontFromBytes(family, "I", goitalic.TTF)
	doc.SetTitle(title, true)
	doc.SetMargins(20, 20, 20)
	doc.SetAutoPageBreak(true, 20)
	return doc
}

func output(doc *fpdf.Fpdf) ([]byte, error) {
	var buf bytes.Buffer
	if err := doc.Output(&buf); err != nil {
		return nil, fmt.Errorf("render pdf: %w", err)
	}
	return buf.Bytes(), nil
}

// writeContract writes the German text, which binds, each paragraph followed by its English
// courtesy translation in italics.
func writeContract(doc *fpdf.Fpdf, c domain.Contract) {
	doc.AddPage()
	heading(doc, "Mietvertrag", "Rental contract (English courtesy translation; the German text is binding)")
	writeLandlord(doc, c.Landlord)
	renter := c.Renter
	field(doc, "Mieter / Renter", renter.FullName())
	field(doc, "Anschrift / Address", fmt.Sprintf("%s, %s %s, %s", renter.Street, renter.Zip, renter.City, renter.Country))
	field(doc, "Geburtsdatum / Birthday", renter.Birthday.German())
	field(doc, "Apartment", c.Apartment)
	field(doc, "Etage / Floor", c.Floor)
	field(doc, "Semester", c.Semester)
	field(doc, "Mietbeginn / Start", c.Start.German())
	field(doc, "Mietende / End", c.End.German())
	field(doc, "Einzug / Move-in", c.Start.German())
	field(doc, "Auszug / Move-out", c.End.German())
	doc.Ln(lineHeight)
	writePrices(doc, c)
	doc.Ln(lineHeight)
	writeTerms(doc, c)
}

// writeLandlord names the residence as the catalog's building does. A session stored before the
// contract named it (no landlord) is rendered again, for its signed copy, as it was shown then.
func writeLandlord(doc *fpdf.Fpdf, l domain.Landlord) {
	if l.Name == "" {
		paragraph(doc, "Vermieter: Semesterhaus, Studentenwohnheim.", "Landlord: Semesterhaus, student residence.")
		return
	}
	field(doc, "Vermieter / Landlord", l.Name)
	field(doc, "Anschrift / Address", l.Address)
	field(doc, "Kontakt / Contact", l.Email+" · "+l.Phone)
	doc.Ln(lineHeight)
}

func writePrices(doc *fpdf.Fpdf, c domain.Contract) {
	heading(doc, "Preise", "Prices")
	for _, item := range c.Items {
		doc.SetFont(family, "", 10)
		doc.CellFormat(95, lineHeight, item.TextDE, "", 0, "L", false, 0, "")
		doc.CellFormat(15, lineHeight, fmt.Sprintf("%d ×", item.Quantity), "", 0, "R", false, 0, "")
		doc.CellFormat(30, lineHeight, domain.EuroGerman(item.AmountCents), "", 0, "R", false, 0, "")
		doc.CellFormat(30, lineHeight, domain.EuroGerman(item.TotalCents), "", 1, "R", false, 0, "")
		doc.SetFont(family, "I", 8)
		doc.CellFormat(0, 4, item.TextEN, "", 1, "L", false, 0, "")
	}
	doc.SetFont(family, "B", 10)
	doc.CellFormat(140, lineHeight+1, "Gesamt / Total", "T", 0, "L", false, 0, "")
	doc.CellFormat(30, lineHeight+1, domain.EuroGerman(c.TotalCents), "T", 1, "R", false, 0, "")
}

// writeTerms states the terms of the residence (SPEC section 1).
func writeTerms(doc *fpdf.Fpdf, c domain.Contract) {
	heading(doc, "Bedingungen", "Terms")
	paragraph(doc,
		fmt.Sprintf("Die Miete umfasst alle Nebenkosten (Strom, Wasser, Internet). Sie ist im Voraus in einer Zahlung für das ganze Semester zu zahlen: %s.", domain.EuroGerman(c.TotalCents)),
		fmt.Sprintf("The rent includes all utilities (electricity, water, internet). It is paid in advance in one payment for the whole semester: %s.", domain.EuroGerman(c.TotalCents)))
	paragraph(doc, "Das Apartment wird möbliert vermietet.", "The apartment is let furnished.")
	paragraph(doc,
		fmt.Sprintf("Einzug am %s, Auszug am %s. Der Mietvertrag endet mit dem Semester, ohne dass es einer Kündigung bedarf.", c.Start.German(), c.End.German()),
		fmt.Sprintf("Move-in on %s, move-out on %s. The contract ends with the semester without notice.", c.Start.German(), c.End.German()))
	if c.Renewal {
		paragraph(doc, "Dieser Vertrag verlängert die bisherige Miete desselben Apartments; die Kaution wird übernommen.",
			"This contract renews the previous tenancy of the same apartment; the deposit is carried over.")
	}
	paragraph(doc, "Der Vertrag wird elektronisch unterschrieben.", "The contract is signed electronically.")
}

func writeSignaturePage(doc *fpdf.Fpdf, c domain.Contract, s domain.Signature, originalSHA256 []byte) {
	doc.AddPage()
	heading(doc, "Unterschrift", "Signature")
	paragraph(doc,
		fmt.Sprintf("Der Mieter %s hat den vorstehenden Mietvertrag elektronisch unterschrieben.", c.Renter.FullName()),
		fmt.Sprintf("The renter %s signed the contract above electronically.", c.Renter.FullName()))
	field(doc, "Unterschrieben von / Signed by", s.SignerName)
	field(doc, "Zeitpunkt / Time", s.SignedAt.In(berlin).Format("02.01.2006 15:04:05 MST"))
	field(doc, "Sitzung / Session", s.SessionID)
	doc.SetFont(family, "", 10)
	doc.MultiCell(0, lineHeight, "SHA-256 des Originalvertrags / of the original contract:", "", "L", false)
	doc.SetFont(family, "", 9)
	doc.MultiCell(0, lineHeight, hex.EncodeToString(originalSHA256), "", "L", false)
}

func heading(doc *fpdf.Fpdf, german, english string) {
	doc.SetFont(family, "B", 14)
	doc.MultiCell(0, 7, german, "", "L", false)
	doc.SetFont(family, "I", 9)
	doc.MultiCell(0, lineHeight, english, "", "L", false)
	doc.Ln(2)
}

func paragraph(doc *fpdf.Fpdf, german, english string) {
	doc.SetFont(family, "", 10)
	doc.MultiCell(0, lineHeight, german, "", "L", false)
	doc.SetFont(family, "I", 9)
	doc.MultiCell(0, lineHeight, english, "", "L", false)
	doc.Ln(2)
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
