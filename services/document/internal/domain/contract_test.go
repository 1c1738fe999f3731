package domain

import (
	"errors"
	"testing"
)

func TestEuroGerman(t *testing.T) {
	t.Parallel()
	for cents, want := range map[int64]string{
		0: "0,00 €", 5: "0,05 €", 99900: "999,00 €", 293700: "2.937,00 €", 123456789: "1.234.567,89 €", -150: "-1,50 €",
	} {
		if got := EuroGerman(cents); got != want {
			t.Errorf("EuroGerman(%d) = %q, want %q", cents, got, want)
		}
	}
}

func TestCheckSignerName(t *testing.T) {
	t.Parallel()
	s := SigningSession{Contract: Contract{Renter: ContractRenter{FirstName: "Jörg", LastName: "Müller"}}}
	for typed, want := range map[string]error{
		"Jörg Müller": nil, "  jörg MÜLLER ": nil, "Jörg": ErrWrongSignerName, "": ErrWrongSignerName, "Jorg Muller": ErrWrongSignerName,
	} {
		if err := s.CheckSignerName(typed); !errors.Is(err, want) {
			t.Errorf("CheckSignerName(%q) = %v, want %v", typed, err, want)
		}
	}
}
