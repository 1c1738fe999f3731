package domain

import (
	"fmt"
	"strings"
	"time"
)

// datevColumns are the Buchungsstapel's first columns, as far as the residence's postings fill them.
var datevColumns = []string{
	"Umsatz (ohne Soll/Haben-Kz)", "Soll/Haben-Kennzeichen", "WKZ Umsatz", "Kurs", "Basis-Umsatz", "WKZ Basis-Umsatz",
	"Konto", "Gegenkonto (ohne BU-Schlüssel)", "BU-Schlüssel", "Belegdatum", "Belegfeld 1", "Belegfeld 2", "Skonto",
	"Buchungstext",
}

// DatevBuchungsstapel writes the postings as a DATEV Buchungsstapel (EXTF, format version 700, data
// category 21, format version 13) in UTF-8 with CRLF line ends; the caller encodes it in Windows-1252.
// created is when the file is made.
func DatevBuchungsstapel(postings []Posting, s BooksSettings, r BooksRange, created time.Time) string {
	header := []string{
		`"EXTF"`, "700", "21", `"Buchungsstapel"`, "13", created.Format("20060102150405") + "000", "", `"RE"`, `""`, `""`,
		fmt.Sprint(s.ConsultantNumber), fmt.Sprint(s.ClientNumber), r.FiscalYearStart.Format("20060102"), fmt.Sprint(s.AccountLength),
		r.From.Format("20060102"), r.To.Format("20060102"), csvField("Semesterhaus " + r.From.Format("01/2006")), `""`,
		"1", "0", "0", `"EUR"`, "", `""`, "", "", "", "", "", `""`, `""`,
	}
	var b strings.Builder
	line := func(fields []string) { b.WriteString(strings.Join(fields, ";") + "\r\n") }
	line(header)
	line(datevColumns)
	for _, p := range postings {
		line([]string{
			Euros(p.Cents), `"S"`, `"EUR"`, "", "", "", fmt.Sprint(p.Account), fmt.Sprint(p.Contra), "",
			p.Date.In(r.From.Location()).Format("0201"), csvField(p.Reference), `""`, "", csvField(p.Description),
		})
	}
	return b.String()
}

// LedgerCSV writes the entries one a line (UTF-8, semicolons, a header line), amounts in euros.
func LedgerCSV(entries []LedgerEntry, zone *time.Location) string {
	var b strings.Builder
	b.WriteString("\uFEFFRenting;Datum;Art;Posten;Beschreibung;Betrag EUR;Referenz\r\n")
	for _, e := range entries {
		b.WriteString(strings.Join([]string{
			e.RentingID, e.At.In(zone).Format(time.DateOnly), string(e.Kind), string(e.Item), csvField(e.Description),
			Euros(e.AmountCents()), csvField(e.Reference),
		}, ";") + "\r\n")
	}
	return b.String()
}
