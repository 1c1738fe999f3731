package domain_test

import (
	"errors"
	"strings"
	"testing"

	"semesterhaus/platform/exception"
	"semesterhaus/services/renter/internal/domain"
)

func stored() domain.Renter {
	return domain.Renter{ID: 7, Data: domain.PersonalData{FirstName: "Anna", LastName: "Schmidt", Phone: "+49 170 1234567", Email: "anna@example.org"}}
}

func TestApplyEdit_changesNamesPhoneAndNotesButNeverTheEmail(t *testing.T) {
	t.Parallel()
	r := stored()
	err := r.ApplyEdit(domain.RenterEdit{ID: 7, FirstName: " Anne ", LastName: "Schmitt", Phone: "0170 7654321", Notes: "Schlüssel 2x"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Data.FirstName != "Anne" || r.Data.LastName != "Schmitt" || r.Data.Phone != "0170 7654321" || r.Notes != "Schlüssel 2x" || r.Data.Email != "anna@example.org" {
		t.Errorf("after edit: %+v", r)
	}
}

func TestApplyEdit_refusesInvalidInputAndChangesNothing(t *testing.T) {
	t.Parallel()
	valid := domain.RenterEdit{ID: 7, FirstName: "Anne", LastName: "Schmitt", Phone: "0170 7654321"}
	tests := []struct {
		name   string
		change func(*domain.RenterEdit)
		path   string
		msg    string
	}{
		{"first name missing", func(e *domain.RenterEdit) { e.FirstName = "" }, "firstName", "missing"},
		{"last name too long", func(e *domain.RenterEdit) { e.LastName = strings.Repeat("x", 101) }, "lastName", "STRING_MAX"},
		{"first name with a line break", func(e *domain.RenterEdit) { e.FirstName = "Anne\r\nX-Header: 1" }, "firstName", "SINGLE_LINE"},
		{"phone missing", func(e *domain.RenterEdit) { e.Phone = " " }, "phone", "missing"},
		{"phone implausible", func(e *domain.RenterEdit) { e.Phone = "n/a" }, "phone", "invalid"},
		{"notes too long", func(e *domain.RenterEdit) { e.Notes = strings.Repeat("n", 2001) }, "notes", "STRING_MAX"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := stored()
			e := valid
			tt.change(&e)
			var v *exception.Error
			if err := r.ApplyEdit(e); !errors.As(err, &v) || v.Path != tt.path || v.MessageID != tt.msg {
				t.Fatalf("got %v, want %s at %s", err, tt.msg, tt.path)
			}
			if r != stored() {
				t.Errorf("a refused edit changed the renter: %+v", r)
			}
		})
	}
}

func TestSameEmail_ignoresCaseAndSurroundingSpaces(t *testing.T) {
	t.Parallel()
	if !domain.SameEmail("Anna@Example.org ", "anna@example.ORG") || domain.SameEmail("anna@example.org", "anne@example.org") {
		t.Error("SameEmail compares wrongly")
	}
}
