package domain_test

import (
	"reflect"
	"testing"

	"semesterhaus/services/renter/internal/domain"
)

func TestInitialLetter_foldsUmlautsAccentsAndCase(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		"Schmidt": "S", "müller": "M", "Özdemir": "O", "Ährens": "A", "Übel": "U", "ßmann": "S",
		"élodie": "E", " Zimmer": "Z", "1st": "#", "": "#", "Øster": "#",
	}
	for name, want := range tests {
		if got := domain.InitialLetter(name); got != want {
			t.Errorf("InitialLetter(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestGroupByLetter_sortedLettersWithoutEmptyOnesAndSortedRenters(t *testing.T) {
	t.Parallel()
	renters := []domain.Summary{
		{ID: 1, FirstName: "Zoe", LastName: "Özdemir"},
		{ID: 2, FirstName: "Anna", LastName: "Schmidt"},
		{ID: 3, FirstName: "Ben", LastName: "Adler"},
		{ID: 4, FirstName: "Ali", LastName: "Oberle"},
		{ID: 5, FirstName: "Carl", LastName: "3D"},
		{ID: 6, FirstName: "Aaron", LastName: "Schmidt"},
	}
	var got []struct {
		Letter string
		IDs    []int64
	}
	for _, g := range domain.GroupByLetter(renters) {
		ids := []int64{}
		for _, r := range g.Renters {
			ids = append(ids, r.ID)
		}
		got = append(got, struct {
			Letter string
			IDs    []int64
		}{g.Letter, ids})
	}
	want := []struct {
		Letter string
		IDs    []int64
	}{{"A", []int64{3}}, {"O", []int64{4, 1}}, {"S", []int64{6, 2}}, {"#", []int64{5}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
	if len(domain.GroupByLetter(nil)) != 0 {
		t.Error("no renters should give no letters")
	}
}
