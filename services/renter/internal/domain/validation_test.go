package domain_test

import (
	"errors"
	"maps"
	"strings"
	"testing"
	"time"

	"semesterhaus/platform/exception"
	"semesterhaus/services/renter/internal/domain"
)

// semesterStart is the reference day of the age checks.
var semesterStart = time.Date(2027, 4, 1, 0, 0, 0, 0, time.UTC)

func validForm() domain.Form {
	return domain.Form{
		Email: "anna.schmidt@uni-heidelberg.de", FirstName: "Anna", LastName: "Schmidt", Street: "Hauptstraße 1",
		Zip: "69117", City: "Heidelberg", Country: "DEU", Birthday: "2004-05-17", Phone: "+49 170 1234567",
		Nationality: "de", Gender: "female", Language: "de",
	}
}

func TestParseForm_validFormGivesNormalisedPersonalData(t *testing.T) {
	t.Parallel()
	f := validForm()
	f.Country, f.Nationality, f.Language, f.FirstName = "deu", "DE", "DE", "  Anna "
	d, err := domain.ParseForm(f, semesterStart)
	if err != nil {
		t.Fatalf("valid form refused: %v", err)
	}
	if d.Country != "DEU" || d.Nationality != "de" || d.Language != domain.LanguageDe || d.FirstName != "Anna" ||
		d.Gender != domain.GenderFemale || !d.Birthday.Equal(time.Date(2004, 5, 17, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("parsed %+v", d)
	}
}

func TestParseForm_eachRuleRefusesWithItsCodeAndPath(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		change func(*domain.Form)
		path   string
		msg    string
		params map[string]string
	}{
		{"gender missing", func(f *domain.Form) { f.Gender = "" }, "gender", "missing", nil},
		{"gender unknown", func(f *domain.Form) { f.Gender = "other" }, "gender", "INVALID_GENDER", nil},
		{"nationality missing", func(f *domain.Form) { f.Nationality = "" }, "nationality", "missing", nil},
		{"nationality unknown", func(f *domain.Form) { f.Nationality = "xx" }, "nationality", "INVALID_COUNTRY", nil},
		{"first name missing", func(f *domain.Form) { f.FirstName = "" }, "firstName", "missing", nil},
		{"first name only spaces", func(f *domain.Form) { f.FirstName = "   " }, "firstName", "STRING_MIN", map[string]string{"min": "1"}},
		{"last name too long", func(f *domain.Form) { f.LastName = strings.Repeat("ä", 101) }, "lastName", "STRING_MAX", map[string]string{"max": "100"}},
		{"first name with a line feed", func(f *domain.Form) { f.FirstName = "Anna\nBcc: x@example.org" }, "firstName", "SINGLE_LINE", nil},
		{"last name with a carriage return", func(f *domain.Form) { f.LastName = "Meier\r" }, "lastName", "SINGLE_LINE", nil},
		{"last name with a NUL", func(f *domain.Form) { f.LastName = "Mei\x00er" }, "lastName", "SINGLE_LINE", nil},
		{"street missing", func(f *domain.Form) { f.Street = "" }, "street", "missing", nil},
		{"street with a line separator", func(f *domain.Form) { f.Street = "Hauptstr. 1\u2028=HYPERLINK(1)" }, "street", "SINGLE_LINE", nil},
		{"street with a tab", func(f *domain.Form) { f.Street = "Hauptstr.\t1" }, "street", "SINGLE_LINE", nil},
		{"street too long", func(f *domain.Form) { f.Street = strings.Repeat("x", 101) }, "street", "STRING_MAX", map[string]string{"max": "100"}},
		{"country missing", func(f *domain.Form) { f.Country = "" }, "country", "missing", nil},
		{"country not alpha-3", func(f *domain.Form) { f.Country = "DE" }, "country", "INVALID_COUNTRY", nil},
		{"zip missing", func(f *domain.Form) { f.Zip = "" }, "zip", "missing", nil},
		{"german zip with four digits", func(f *domain.Form) { f.Zip = "6911" }, "zip", "INVALID_ZIP", nil},
		{"german zip with letters", func(f *domain.Form) { f.Zip = "6911A" }, "zip", "INVALID_ZIP", nil},
		{"foreign zip too short", func(f *domain.Form) { f.Country, f.Zip = "AUT", "1" }, "zip", "INVALID_ZIP", nil},
		{"foreign zip too long", func(f *domain.Form) { f.Country, f.Zip = "GBR", "SW1A 1AA 123" }, "zip", "INVALID_ZIP", nil},
		{"foreign zip with symbols", func(f *domain.Form) { f.Country, f.Zip = "NLD", "1234#AB" }, "zip", "INVALID_ZIP", nil},
		{"city missing", func(f *domain.Form) { f.City = "" }, "city", "missing", nil},
		{"city with a paragraph separator", func(f *domain.Form) { f.City = "Heidelberg\u2029" }, "city", "SINGLE_LINE", nil},
		{"city too long", func(f *domain.Form) { f.City = strings.Repeat("x", 101) }, "city", "STRING_MAX", map[string]string{"max": "100"}},
		{"birthday missing", func(f *domain.Form) { f.Birthday = "" }, "birthday", "missing", nil},
		{"birthday German format", func(f *domain.Form) { f.Birthday = "17.05.2004" }, "birthday", "invalid", nil},
		{"birthday impossible day", func(f *domain.Form) { f.Birthday = "2004-02-30" }, "birthday", "invalid", nil},
		{"sixteen on the semester start", func(f *domain.Form) { f.Birthday = "2010-04-02" }, "birthday", "TOO_YOUNG", map[string]string{"min": "17"}},
		{"hundred on the semester start", func(f *domain.Form) { f.Birthday = "1927-04-01" }, "birthday", "TOO_OLD", map[string]string{"max": "99"}},
		{"phone missing", func(f *domain.Form) { f.Phone = "" }, "phone", "missing", nil},
		{"phone with letters", func(f *domain.Form) { f.Phone = "call me" }, "phone", "invalid", nil},
		{"phone too short", func(f *domain.Form) { f.Phone = "12345" }, "phone", "invalid", nil},
		{"email missing", func(f *domain.Form) { f.Email = "" }, "email", "missing", nil},
		{"email without @", func(f *domain.Form) { f.Email = "anna.uni-heidelberg.de" }, "email", "INVALID_EMAIL", nil},
		{"email without dot in domain", func(f *domain.Form) { f.Email = "anna@localhost" }, "email", "INVALID_EMAIL", nil},
		{"email with display name", func(f *domain.Form) { f.Email = "Anna <anna@example.org>" }, "email", "INVALID_EMAIL", nil},
		{"email with trailing dot", func(f *domain.Form) { f.Email = "anna@example." }, "email", "INVALID_EMAIL", nil},
		{"language missing", func(f *domain.Form) { f.Language = "" }, "language", "missing", nil},
		{"language unsupported", func(f *domain.Form) { f.Language = "fr" }, "language", "INVALID_LANGUAGE", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := validForm()
			tt.change(&f)
			_, err := domain.ParseForm(f, semesterStart)
			var v *exception.Error
			if !errors.As(err, &v) {
				t.Fatalf("got %v, want a validation error", err)
			}
			want := tt.params
			if want == nil {
				want = map[string]string{}
			}
			if v.Path != tt.path || v.MessageID != tt.msg || !maps.Equal(v.Params, want) {
				t.Errorf("got %s %s %v, want %s %s %v", v.Path, v.MessageID, v.Params, tt.path, tt.msg, want)
			}
		})
	}
}

func TestParseForm_acceptsTheBoundsAndForeignFormats(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		change func(*domain.Form)
	}{
		{"seventeen on the semester start", func(f *domain.Form) { f.Birthday = "2010-04-01" }},
		{"ninety-nine the day before turning hundred", func(f *domain.Form) { f.Birthday = "1927-04-02" }},
		{"one-letter name", func(f *domain.Form) { f.FirstName = "Å" }},
		{"hundred-letter name", func(f *domain.Form) { f.LastName = strings.Repeat("ö", 100) }},
		{"British postcode", func(f *domain.Form) { f.Country, f.Zip = "GBR", "SW1A 1AA" }},
		{"Dutch postcode", func(f *domain.Form) { f.Country, f.Zip = "NLD", "1234 AB" }},
		{"Austrian postcode", func(f *domain.Form) { f.Country, f.Zip = "AUT", "1010" }},
		{"phone with separators", func(f *domain.Form) { f.Phone = "(06221) 54-0/123" }},
		{"phone with 00 prefix", func(f *domain.Form) { f.Phone = "0049 6221 540" }},
		{"various gender", func(f *domain.Form) { f.Gender = "various" }},
		{"English", func(f *domain.Form) { f.Language = "en" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := validForm()
			tt.change(&f)
			if _, err := domain.ParseForm(f, semesterStart); err != nil {
				t.Errorf("refused: %v", err)
			}
		})
	}
}

func TestParseForm_reportsTheFirstProblemInFormOrder(t *testing.T) {
	t.Parallel()
	f := validForm()
	f.Email, f.Zip, f.FirstName = "", "1", ""
	_, err := domain.ParseForm(f, semesterStart)
	var v *exception.Error
	if !errors.As(err, &v) || v.Path != "firstName" {
		t.Errorf("got %v, want the first name first", err)
	}
}

func TestAgeOn_countsWholeYears(t *testing.T) {
	t.Parallel()
	born := time.Date(2000, 2, 29, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		day  time.Time
		want int
	}{
		{time.Date(2017, 2, 28, 0, 0, 0, 0, time.UTC), 16},
		{time.Date(2017, 3, 1, 0, 0, 0, 0, time.UTC), 17},
		{time.Date(2020, 2, 29, 0, 0, 0, 0, time.UTC), 20},
	}
	for _, tt := range tests {
		if got := domain.AgeOn(born, tt.day); got != tt.want {
			t.Errorf("AgeOn(%s) = %d, want %d", tt.day.Format(time.DateOnly), got, tt.want)
		}
	}
}
