package domain

import (
	"fmt"
	"strings"
	"time"
)

// datevColumns are the Buchungsstapel's 125 columns (header version 700, format category 21, format
// version 13) in DATEV's order, headed as DATEV's sample file heads them (the field table of DATEV's
// format description names some of them shorter, e.g. "Umsatz" for "Umsatz (ohne Soll/Haben-Kz)").
// Every data line carries all of them, empty where the residence has nothing to say.
var datevColumns = []string{
	"Umsatz (ohne Soll/Haben-Kz)", "Soll/Haben-Kennzeichen", "WKZ Umsatz", "Kurs", "Basis-Umsatz", "WKZ Basis-Umsatz",
	"Konto", "Gegenkonto (ohne BU-Schlüssel)", "BU-Schlüssel", "Belegdatum", "Belegfeld 1", "Belegfeld 2", "Skonto",
	"Buchungstext", "Postensperre", "Diverse Adressnummer", "Geschäftspartnerbank", "Sachverhalt", "Zinssperre",
	"Beleglink", "Beleginfo - Art 1", "Beleginfo - Inhalt 1", "Beleginfo - Art 2", "Beleginfo - Inhalt 2",
	"Beleginfo - Art 3", "Beleginfo - Inhalt 3", "Beleginfo - Art 4", "Beleginfo - Inhalt 4", "Beleginfo - Art 5",
	"Beleginfo - Inhalt 5", "Beleginfo - Art 6", "Beleginfo - Inhalt 6", "Beleginfo - Art 7", "Beleginfo - Inhalt 7",
	"Beleginfo - Art 8", "Beleginfo - Inhalt 8", "KOST1 - Kostenstelle", "KOST2 - Kostenstelle", "Kost-Menge",
	"EU-Land u. UStID (Bestimmung)", "EU-Steuersatz (Bestimmung)", "Abw. Versteuerungsart", "Sachverhalt L+L",
	"Funktionsergänzung L+L", "BU 49 Hauptfunktionstyp", "BU 49 Hauptfunktionsnummer", "BU 49 Funktionsergänzung",
	"Zusatzinformation - Art 1", "Zusatzinformation- Inhalt 1", "Zusatzinformation - Art 2", "Zusatzinformation- Inhalt 2",
	"Zusatzinformation - Art 3", "Zusatzinformation- Inhalt 3", "Zusatzinformation - Art 4", "Zusatzinformation- Inhalt 4",
	"Zusatzinformation - Art 5", "Zusatzinformation- Inhalt 5", "Zusatzinformation - Art 6", "Zusatzinformation- Inhalt 6",
	"Zusatzinformation - Art 7", "Zusatzinformation- Inhalt 7", "Zusatzinformation - Art 8", "Zusatzinformation- Inhalt 8",
	"Zusatzinformation - Art 9", "Zusatzinformation- Inhalt 9", "Zusatzinformation - Art 10", "Zusatzinformation- Inhalt 10",
	"Zusatzinformation - Art 11", "Zusatzinformation- Inhalt 11", "Zusatzinformation - Art 12",
	"Zusatzinformation- Inhalt 12", "Zusatzinformation - Art 13", "Zusatzinformation- Inhalt 13",
	"Zusatzinformation - Art 14", "Zusatzinformation- Inhalt 14", "Zusatzinformation - Art 15",
	"Zusatzinformation- Inhalt 15", "Zusatzinformation - Art 16", "Zusatzinformation- Inhalt 16",
	"Zusatzinformation - Art 17", "Zusatzinformation- Inhalt 17", "Zusatzinformation - Art 18",
	"Zusatzinformation- Inhalt 18", "Zusatzinformation - Art 19", "Zusatzinformation- Inhalt 19",
	"Zusatzinformation - Art 20", "Zusatzinformation- Inhalt 20", "Stück", "Gewicht", "Zahlweise", "Forderungsart",
	"Veranlagungsjahr", "Zugeordnete Fälligkeit", "Skontotyp", "Auftragsnummer", "Buchungstyp",
	"USt-Schlüssel (Anzahlungen)", "EU-Land (Anzahlungen)", "Sachverhalt L+L (Anzahlungen)",
	"EU-Steuersatz (Anzahlungen)", "Erlöskonto (Anzahlungen)", "Herkunft-Kz", "Buchungs GUID", "KOST-Datum",
	"SEPA-Mandatsreferenz", "Skontosperre", "Gesellschaftername", "Beteiligtennummer", "Identifikationsnummer",
	"Zeichnernummer", "Postensperre bis", "Bezeichnung SoBil-Sachverhalt", "Kennzeichen SoBil-Buchung",
	"Festschreibung", "Leistungsdatum", "Datum Zuord. Steuerperiode", "Fälligkeit", "Generalumkehr (GU)", "Steuersatz",
	"Land", "Abrechnungsreferenz", "BVV-Position", "EU-Land u. UStID (Ursprung)", "EU-Steuersatz (Ursprung)",
	"Abw. Skontokonto",
}

// DatevBuchungsstapel writes the postings as a DATEV Buchungsstapel (EXTF, header version 700, format
// category 21, format version 13) in UTF-8 with CRLF line ends; the caller encodes it in Windows-1252.
// created is when the file is made.
func DatevBuchungsstapel(postings []Posting, s BooksSettings, r BooksRange, created time.Time) string {
	// The header's 31 fields in the order of DATEV's header description, quoted where its expressions quote.
	header := []string{
		// 1–5 Kennzeichen, Versionsnummer, Formatkategorie, Formatname, Formatversion
		`"EXTF"`, "700", "21", `"Buchungsstapel"`, "13",
		// 6–10 Erzeugt am (milliseconds 000), Importiert (empty), Herkunft, Exportiert von, Importiert von
		created.Format("20060102150405") + "000", "", `"RE"`, `""`, `""`,
		// 11–16 Beraternummer, Mandantennummer, WJ-Beginn, Sachkontenlänge, Datum von, Datum bis
		fmt.Sprint(s.ConsultantNumber), fmt.Sprint(s.ClientNumber), r.FiscalYearStart.Format("20060102"),
		fmt.Sprint(s.AccountLength), r.From.Format("20060102"), r.To.Format("20060102"),
		// 17–18 Bezeichnung, Diktatkürzel
		csvField("Semesterhaus " + r.From.Format("01/2006")), `""`,
		// 19–21 Buchungstyp 1 (Finanzbuchführung), Rechnungslegungszweck 0 (unabhängig), Festschreibung 0: DATEV's
		// default is 1, but the tax advisor checks the batch and locks it in DATEV, not the residence's export.
		"1", "0", "0",
		// 22–26 WKZ, reserved, Derivatskennzeichen, reserved, reserved
		`"EUR"`, "", `""`, "", "",
		// 27–31 Sachkontenrahmen (the advisor's, unknown here: quoted empty, as its expression asks), ID der
		// Branchenlösung, reserved, reserved, Anwendungsinformation
		`""`, "", "", `""`, `""`,
	}
	var b strings.Builder
	line := func(fields []string) { b.WriteString(strings.Join(fields, ";") + "\r\n") }
	line(header)
	line(datevColumns)
	for _, p := range postings {
		fields := make([]string, len(datevColumns))
		field := func(number int, value string) { fields[number-1] = value } // numbered from 1, as DATEV does
		field(1, Euros(p.Cents))                                             // Umsatz, positive
		field(2, `"S"`)                                                      // Konto is debited, Gegenkonto credited
		field(3, `"EUR"`)
		field(7, fmt.Sprint(p.Account))
		field(8, fmt.Sprint(p.Contra))
		field(10, p.Date.In(r.From.Location()).Format("0201")) // Belegdatum TTMM; DATEV takes the year from the header
		field(11, csvField(p.Reference))                       // Belegfeld 1
		field(12, `""`)                                        // Belegfeld 2
		field(14, csvField(p.Description))                     // Buchungstext
		// Festschreibung: DATEV reads an empty field as "not defined, locked automatically", and a 1 on any line
		// locks the whole batch, so every line says 0, as the header does.
		field(114, "0")
		line(fields)
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
