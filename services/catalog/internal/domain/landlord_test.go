package domain

import "testing"

func TestNormalizeIBAN(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, iban, want string
		ok               bool
	}{
		{"German IBAN in groups of four", "DE89 3704 0044 0532 0130 00", "DE89370400440532013000", true},
		{"lower case and compact", "de89370400440532013000", "DE89370400440532013000", true},
		{"Austrian IBAN", "AT61 1904 3002 3457 3201", "AT611904300234573201", true},
		{"one digit changed", "DE89 3704 0044 0532 0130 01", "", false},
		{"two digits swapped", "DE89 3704 0044 0532 0103 00", "", false},
		{"wrong check digits", "DE88 3704 0044 0532 0130 00", "", false},
		{"too short", "DE89 3704", "", false},
		{"not an IBAN", "Kontonummer 12345", "", false},
		{"empty", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := NormalizeIBAN(tt.iban)
			if (err == nil) != tt.ok || got != tt.want {
				t.Errorf("NormalizeIBAN(%q) = %q, %v; want %q ok=%v", tt.iban, got, err, tt.want, tt.ok)
			}
		})
	}
}
