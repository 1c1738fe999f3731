package domain_test

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/encoding/charmap"

	"semesterhaus/services/payment/internal/domain"
)

var update = flag.Bool("update", false, "rewrite the golden files")

var berlin, _ = time.LoadLocation("Europe/Berlin")

var books = domain.BooksSettings{
	ConsultantNumber: 1001, ClientNumber: 1, FiscalYearStartMonth: 1, AccountLength: 4,
	MoneyAccount: 1200, RentAccount: 8100, CleaningAccount: 8400, DepositAccount: 1790, DamagesAccount: 8200,
}

// booked is a renting charged with items, paid, its deposit settled: a deduction and a refund.
func booked() (entries []domain.LedgerEntry, charges map[string][]domain.LedgerEntry) {
	paid := signed
	paid.PaidAt, paid.ReceiptNumber = time.Date(2026, 3, 2, 23, 30, 0, 0, time.UTC), 42 // 3 March in Berlin
	charged := domain.Charges(signed, 7, items)
	settlement := domain.Settlement{
		EventID: "e1", RentingID: "r1", Method: domain.SettleByBankTransfer, RefundCents: 71485 - 12050, BankReference: "Überweisung 2026/0815 an die Mieterin, Kaution zurück",
		Deductions: []domain.Deduction{{Description: "Wand übermalt – Dübellöcher im Flur, Küche und im Schlafzimmer, \"Nr. 3\"", Cents: 12050}},
		At:         time.Date(2026, 9, 30, 10, 0, 0, 0, time.UTC),
	}
	entries = append(append(charged, domain.PaymentEntry(paid)), settlement.Entries()...)
	return entries, map[string][]domain.LedgerEntry{"r1": charged}
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("%s differs:\n%s\nwant\n%s", name, got, want)
	}
}

func datevFile(t *testing.T) string {
	t.Helper()
	r, err := domain.NewBooksRange("2026-01-01", "2026-12-31", books.FiscalYearStartMonth, berlin)
	if err != nil {
		t.Fatal(err)
	}
	entries, charges := booked()
	return domain.DatevBuchungsstapel(domain.Postings(entries, charges, books), books, r, time.Date(2026, 10, 1, 12, 0, 0, 0, berlin))
}

func TestDatevBuchungsstapel_golden(t *testing.T) {
	t.Parallel()
	golden(t, "buchungsstapel.golden", datevFile(t))
}

func TestLedgerCSV_golden(t *testing.T) {
	t.Parallel()
	entries, _ := booked()
	golden(t, "ledger.csv.golden", domain.LedgerCSV(entries, berlin))
}

// TestDatevBuchungsstapel_parsedBack reads the file as DATEV would, in Windows-1252: 31 header
// fields, the column count on every line, and what each account was debited and credited.
func TestDatevBuchungsstapel_parsedBack(t *testing.T) {
	t.Parallel()
	encoded, err := charmap.Windows1252.NewEncoder().String(datevFile(t))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(encoded, "\xfc") { // ü in Windows-1252
		t.Error("no ü in Windows-1252")
	}
	text, _ := charmap.Windows1252.NewDecoder().String(encoded)
	lines := strings.Split(strings.TrimSuffix(text, "\r\n"), "\r\n")
	header := strings.Split(lines[0], ";")
	if len(header) != 31 || header[0] != `"EXTF"` || header[1] != "700" || header[2] != "21" || header[4] != "13" || header[12] != "20260101" || header[21] != `"EUR"` {
		t.Fatalf("header %q: want 31 fields of EXTF 700, category 21, version 13, the fiscal year from 1 January, EUR", header)
	}
	columns := len(strings.Split(lines[1], ";"))
	debit, credit := map[string]int64{}, map[string]int64{}
	for _, line := range lines[2:] {
		fields := strings.Split(line, ";")
		if len(fields) != columns {
			t.Fatalf("line %q has %d fields, want %d", line, len(fields), columns)
		}
		cents, err := strconv.ParseInt(strings.Replace(fields[0], ",", "", 1), 10, 64)
		if err != nil || fields[1] != `"S"` {
			t.Fatalf("line %q: amount %v, want a debit with a comma decimal", line, err)
		}
		debit[fields[6]] += cents
		credit[fields[7]] += cents
		if reference := strings.Trim(fields[10], `"`); len(reference) > 36 || strings.ContainsAny(reference, " _,ÜÄÖüäöß") || len([]rune(strings.Trim(fields[13], `"`))) > 60 {
			t.Errorf("line %q: Belegfeld 1 over 36 characters or with ones DATEV refuses, or Buchungstext over 60", line)
		}
	}
	wantDebit := map[string]int64{"1200": 302085, "1790": 71485} // money received; the deposit settled
	wantCredit := map[string]int64{"8100": 222100, "8400": 8500, "1790": 71485, "8200": 12050, "1200": 59435}
	for account, cents := range wantDebit {
		if debit[account] != cents {
			t.Errorf("account %s debited %d cents, want %d", account, debit[account], cents)
		}
	}
	for account, cents := range wantCredit {
		if credit[account] != cents {
			t.Errorf("account %s credited %d cents, want %d", account, credit[account], cents)
		}
	}
}

func TestNewBooksRange(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		from, to string
		month    int32
		ok       bool
	}{
		{"2026-01-01", "2026-12-31", 1, true},
		{"2026-12-31", "2027-01-01", 1, false},
		{"2026-10-01", "2027-09-30", 10, true},
		{"2026-09-30", "2026-10-01", 10, false},
		{"2026-05-02", "2026-05-01", 1, false},
		{"2026-05-01", "2026-05-01", 1, true},
		{"01.05.2026", "2026-05-31", 1, false},
	} {
		_, err := domain.NewBooksRange(tt.from, tt.to, tt.month, berlin)
		if (err == nil) != tt.ok {
			t.Errorf("%s … %s (fiscal year from month %d): %v, want ok %v", tt.from, tt.to, tt.month, err, tt.ok)
		}
	}
}

func TestEuros_signedCentsWithAComma(t *testing.T) {
	t.Parallel()
	for cents, want := range map[int64]string{0: "0,00", 5: "0,05", -5: "-0,05", 100: "1,00", 302085: "3020,85", -1234567: "-12345,67"} {
		if got := domain.Euros(cents); got != want {
			t.Errorf("Euros(%d) = %q, want %q", cents, got, want)
		}
	}
}
