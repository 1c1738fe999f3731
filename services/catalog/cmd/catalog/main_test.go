package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"semesterhaus/services/catalog/demo"
)

// TestCheck_aFileWithSeveralMistakes_namesEachWithItsLine: `catalog check` reports every mistake at
// once, those the YAML decoder finds (an unknown key, a word for a number) and those of the checks
// after it, each at its line, and exits with 1; it needs no database (none is set).
func TestCheck_aFileWithSeveralMistakes_namesEachWithItsLine(t *testing.T) {
	t.Parallel()
	file := string(demo.File)
	mistakes := []struct{ from, to, want string }{
		{"  iban: DE89 3704 0044 0532 0130 00", "  iban: DE89 3704 0044 0532 0130 01", `landlord.iban "DE89 3704 0044 0532 0130 01" fails the IBAN checksum`},
		{"  depositReturnDays: 42", "  depositReturnDays: sechs Wochen", "cannot unmarshal !!str `sechs W...` into int"},
		{"        rentPerMonth: 585.00", "        rentPerMonth: 58500", `apartment "0.01": rentPerMonth 58500.00 is not between 0 and 5000.00 euros`},
		{"        deposit: 1100.00", "        depost: 1100.00", `unknown key "depost"; known are id, name,`},
		{"features: [SIZE_32, SEPARATE_WASHROOM,", "features: [SIZE_32, POOL, SEPARATE_WASHROOM,", `apartment "0.01": unknown feature "POOL"`},
	}
	for _, m := range mistakes {
		if !strings.Contains(file, m.from) {
			t.Fatalf("%q is not in the demo file", m.from)
		}
		file = strings.Replace(file, m.from, m.to, 1)
	}
	name := filepath.Join(t.TempDir(), "haus.yaml")
	if err := os.WriteFile(name, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := check([]string{name}, &stdout, &stderr); code != 1 {
		t.Errorf("check = %d, want 1", code)
	}
	report := stderr.String()
	for _, m := range mistakes {
		if want := fmt.Sprintf("%s:%d: %s", name, lineOf(t, file, m.to), m.want); !strings.Contains(report, want) {
			t.Errorf("no %q in\n%s", want, report)
		}
	}
	// The deposit the apartment lacks is named at its first line: one more mistake than was made.
	if want := fmt.Sprintf("%s:%d: apartment \"0.01\": deposit is missing", name, lineOf(t, file, "      - id: 1\n")); !strings.Contains(report, want) {
		t.Errorf("no %q in\n%s", want, report)
	}
	if want := name + ": 6 mistakes; nothing can be imported while one remains\n"; !strings.HasSuffix(report, want) {
		t.Errorf("the report ends %q, want %q", report[max(0, len(report)-100):], want)
	}
	if stdout.Len() > 0 {
		t.Errorf("stdout %q, want nothing for a file with mistakes", stdout.String())
	}
}

// lineOf returns the number of the line on which text starts in file.
func lineOf(t *testing.T, file, text string) int {
	t.Helper()
	i := strings.Index(file, text)
	if i < 0 {
		t.Fatalf("%q is not in the file", text)
	}
	return strings.Count(file[:i], "\n") + 1
}

func TestCheck_theDemoFile_isGoodAndSummarized(t *testing.T) {
	t.Parallel()
	var stdout, stderr bytes.Buffer
	if code := check([]string{"../../demo/building.yaml"}, &stdout, &stderr); code != 0 {
		t.Fatalf("check = %d, want 0; stderr:\n%s", code, stderr.String())
	}
	want := "../../demo/building.yaml is good: Studentenwohnheim Neckarblick, 4 floors, 24 apartments\n" +
		"rules: payment by card, sepa_debit; deposit returned within 42 days; handover answered within 14 days; meters: Strom, Wasser\n"
	if stdout.String() != want || stderr.Len() > 0 {
		t.Errorf("stdout %q, stderr %q; want %q", stdout.String(), stderr.String(), want)
	}
}

func TestCheck_noFileOrAMissingOne_fails(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "usage: catalog check FILE"},
		{[]string{"a.yaml", "b.yaml"}, 2, "usage: catalog check FILE"},
		{[]string{filepath.Join(t.TempDir(), "none.yaml")}, 1, "no such file or directory"},
	} {
		var stdout, stderr bytes.Buffer
		if code := check(c.args, &stdout, &stderr); code != c.code || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("check(%q) = %d, %q; want %d, %q", c.args, code, stderr.String(), c.code, c.want)
		}
	}
}
