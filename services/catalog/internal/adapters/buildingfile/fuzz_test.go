package buildingfile_test

import (
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"semesterhaus/services/catalog/demo"
	"semesterhaus/services/catalog/internal/adapters/buildingfile"
	"semesterhaus/services/catalog/internal/domain"
)

// FuzzParse: whatever the file holds, Parse does not panic; a refusal names the file in every one
// of its lines; an accepted building holds only what the catalog can store: finite positions on
// the plan, amounts within their bounds, one-line names, unique ids. Seeds: the demo file, the
// test's valid file and the mistakes fuzzing found (testdata/fuzz/FuzzParse).
func FuzzParse(f *testing.F) {
	f.Add(demo.File)
	f.Add([]byte(valid))
	f.Add([]byte(valid + money + handoverAndBooks))
	for _, number := range []string{".nan", ".inf", "-.Inf", "1e309", "0x1p-2", "-0"} {
		f.Add([]byte(strings.Replace(valid, "x: 0.5", "x: "+number, 1)))
		f.Add([]byte(strings.Replace(valid, "rentPerMonth: 500", "rentPerMonth: "+number, 1)))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := buildingfile.Parse("haus.yaml", data)
		if err != nil {
			for line := range strings.SplitSeq(err.Error(), "\n") {
				if !strings.HasPrefix(line, "haus.yaml") {
					t.Fatalf("a refusal line that does not name the file: %q", line)
				}
			}
			return
		}
		checkStorable(t, b)
		again, err := buildingfile.Parse("haus.yaml", data)
		if err != nil || again.ApartmentCount() != b.ApartmentCount() {
			t.Fatalf("a second parse of the same file: %d apartments, %v; the first had %d", again.ApartmentCount(), err, b.ApartmentCount())
		}
	})
}

func checkStorable(t *testing.T, b domain.Building) {
	t.Helper()
	oneLine := func(what, s string, max int) {
		if s == "" || strings.ContainsAny(s, "\r\n") || utf8.RuneCountInString(s) > max || !utf8.ValidString(s) {
			t.Fatalf("%s %q accepted", what, s)
		}
	}
	oneLine("building name", b.Name, 200)
	oneLine("address", b.Address, 200)
	if len(b.Floors) == 0 {
		t.Fatal("a building without floors accepted")
	}
	checkStorableRules(t, b.Rules, b.Books, oneLine)
	ids := map[int]bool{}
	for _, fl := range b.Floors {
		oneLine("floor name", fl.Name, 40)
		if fl.ID <= 0 {
			t.Fatalf("floor id %d accepted", fl.ID)
		}
		for _, a := range fl.Apartments {
			oneLine("apartment name", a.Name, 40)
			if a.ID <= 0 || ids[a.ID] {
				t.Fatalf("apartment id %d accepted (zero, negative or twice)", a.ID)
			}
			ids[a.ID] = true
			for _, v := range []float64{a.X, a.Y} {
				if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || v > 1 {
					t.Fatalf("apartment %s: position %v accepted", a.Name, v)
				}
			}
			for _, m := range []struct {
				v, max domain.Money
			}{{a.RentPerMonth, domain.MaxRentPerMonth}, {a.Deposit, domain.MaxDeposit}, {a.CleaningFee, domain.MaxCleaningFee}} {
				if m.v < 0 || m.v > m.max {
					t.Fatalf("apartment %s: amount %d cents accepted, bound %d", a.Name, m.v, m.max)
				}
			}
		}
	}
}

// checkStorableRules: what the building table's checks take (the rules' and books' bounds), and
// meters a handover can tell apart.
func checkStorableRules(t *testing.T, r domain.MoneyRules, books domain.Books, oneLine func(what, s string, max int)) {
	t.Helper()
	if r.HandoverAnswerDays < domain.MinHandoverAnswerDays || r.HandoverAnswerDays > domain.MaxHandoverAnswerDays || r.HandoverAnswerDays >= r.DepositReturnDays {
		t.Fatalf("handoverAnswerDays %d accepted (depositReturnDays %d)", r.HandoverAnswerDays, r.DepositReturnDays)
	}
	if len(r.Meters) > domain.MaxMeters {
		t.Fatalf("%d meters accepted", len(r.Meters))
	}
	seen := map[string]bool{}
	for _, m := range r.Meters {
		oneLine("meter", m, domain.MaxMeterNameLength)
		if seen[strings.ToLower(m)] {
			t.Fatalf("meter %q accepted twice", m)
		}
		seen[strings.ToLower(m)] = true
	}
	if books.ConsultantNumber < domain.MinConsultantNumber || books.ConsultantNumber > domain.MaxConsultantNumber ||
		books.ClientNumber < domain.MinClientNumber || books.ClientNumber > domain.MaxClientNumber ||
		books.FiscalYearStartMonth < 1 || books.FiscalYearStartMonth > 12 ||
		books.AccountLength < domain.MinAccountLength || books.AccountLength > domain.MaxAccountLength {
		t.Fatalf("books %+v accepted", books)
	}
	limit := int(math.Pow10(books.AccountLength))
	for _, account := range []int{books.Accounts.Money, books.Accounts.Rent, books.Accounts.Cleaning, books.Accounts.Deposit, books.Accounts.Damages} {
		if account < 0 || account >= limit {
			t.Fatalf("account %d accepted with accountLength %d", account, books.AccountLength)
		}
	}
}
