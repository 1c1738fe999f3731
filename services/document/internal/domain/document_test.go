package domain_test

import (
	"testing"

	"semesterhaus/services/document/internal/domain"
)

func TestDocumentLink_identityCardsByRenterAndSideOthersById(t *testing.T) {
	t.Parallel()
	tests := []struct {
		typ  domain.Type
		want string
	}{
		{domain.TypeIdentityCardFront, "/api/renter/42/identity/front"},
		{domain.TypeIdentityCardBack, "/api/renter/42/identity/back"},
		{domain.TypeImmatriculation, "/api/documents/d0c"},
		{domain.TypeContract, "/api/documents/d0c"},
		{domain.TypeSignedContract, "/api/documents/d0c"},
		{domain.TypeOther, "/api/documents/d0c"},
	}
	for _, tt := range tests {
		t.Run(string(tt.typ), func(t *testing.T) {
			t.Parallel()
			if got := (domain.Document{ID: "d0c", Type: tt.typ, RenterID: 42}).Link(); got != tt.want {
				t.Errorf("Link() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestFileName_namesIdentityCardsAsTheAdminAppExpects(t *testing.T) {
	t.Parallel()
	tests := []struct {
		typ    domain.Type
		format domain.Format
		want   string
	}{
		{domain.TypeIdentityCardFront, domain.FormatPNG, "personalausweis-vorne-7.png"},
		{domain.TypeIdentityCardBack, domain.FormatJPEG, "personalausweis-hinten-7.jpg"},
		{domain.TypeImmatriculation, domain.FormatPDF, "immatrikulationsbescheinigung-7.pdf"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			t.Parallel()
			if got := domain.FileName(tt.typ, 7, tt.format); got != tt.want {
				t.Errorf("FileName() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestParseSide_knowsFrontAndBackOnly(t *testing.T) {
	t.Parallel()
	tests := []struct {
		side string
		want domain.Type
		ok   bool
	}{
		{"front", domain.TypeIdentityCardFront, true},
		{"back", domain.TypeIdentityCardBack, true},
		{"Front", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		if got, ok := domain.ParseSide(tt.side); got != tt.want || ok != tt.ok {
			t.Errorf("ParseSide(%q) = %q, %v; want %q, %v", tt.side, got, ok, tt.want, tt.ok)
		}
	}
}

func TestTypeDescription_isGerman(t *testing.T) {
	t.Parallel()
	if got := domain.TypeIdentityCardBack.Description(); got != "Personalausweis Rückseite" {
		t.Errorf("Description() = %q", got)
	}
	if got := domain.TypeImmatriculation.Description(); got != "Immatrikulationsbescheinigung" {
		t.Errorf("Description() = %q", got)
	}
}
