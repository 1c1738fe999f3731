package domain

import (
	"errors"
	"testing"

	"semesterhaus/proto/codes"
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

func TestCheckSigner_reportedSignerMustBeTheRenterAsked(t *testing.T) {
	t.Parallel()
	asked := SigningSession{Contract: Contract{Renter: ContractRenter{FirstName: "Jörg", LastName: "Müller", Email: "joerg@example.org"}}}
	withoutEmail := SigningSession{Contract: Contract{Renter: ContractRenter{FirstName: "Jörg", LastName: "Müller"}}}
	tests := []struct {
		name    string
		session SigningSession
		sig     Signature
		want    error
	}{
		{"name and address as asked", asked, Signature{SignerName: "Jörg Müller", SignerEmail: "joerg@example.org"}, nil},
		{"case and blanks aside", asked, Signature{SignerName: " jörg müller", SignerEmail: "JOERG@example.org "}, nil},
		{"another name", asked, Signature{SignerName: "Mallory", SignerEmail: "joerg@example.org"}, ErrWrongSigner},
		{"another address", asked, Signature{SignerName: "Jörg Müller", SignerEmail: "mallory@example.org"}, ErrWrongSigner},
		{"no address", asked, Signature{SignerName: "Jörg Müller"}, ErrWrongSigner},
		{"a session that kept no address compares the name", withoutEmail, Signature{SignerName: "Jörg Müller"}, nil},
		{"a session that kept no address still refuses another name", withoutEmail, Signature{SignerName: "Mallory"}, ErrWrongSigner},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if err := tt.session.CheckSigner(tt.sig); !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
				t.Errorf("CheckSigner(%+v) = %v, want %v", tt.sig, err, tt.want)
			}
		})
	}
}

func TestCheckEnvelope_reportMustBeAboutTheSessionsEnvelope(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, session, reported string
		ok                      bool
	}{
		{"the session's envelope", "env-1", "env-1", true},
		{"another envelope naming the session", "env-1", "env-2", false},
		{"no envelope for a session that has one", "env-1", "", false},
		{"an envelope for a sandbox session", "", "env-1", false},
		{"the sandbox: neither has one", "", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := SigningSession{EnvelopeID: tt.session}.CheckEnvelope(Signature{EnvelopeID: tt.reported})
			if (err == nil) != tt.ok || (err != nil && !errors.Is(err, ErrInvalidSignature)) {
				t.Errorf("CheckEnvelope = %v, want ok %v", err, tt.ok)
			}
		})
	}
}

func TestReceiptItemise(t *testing.T) {
	t.Parallel()
	kinds := []PriceItem{
		{Kind: codes.ItemRent, TextDE: "Miete", Quantity: 6, AmountCents: 450_00, TotalCents: 2700_00},
		{Kind: codes.ItemDeposit, TextDE: "Kaution", Quantity: 1, AmountCents: 800_00, TotalCents: 800_00},
	}
	withoutKinds := []PriceItem{{TextDE: "Miete", Quantity: 6, AmountCents: 450_00, TotalCents: 2700_00},
		{TextDE: "Kaution", Quantity: 1, AmountCents: 800_00, TotalCents: 800_00}}
	tests := []struct {
		name    string
		items   []PriceItem
		paid    int64
		deposit int64
		lines   int
	}{
		{"the contract's items, each with its kind", kinds, 3500_00, 800_00, 2},
		{"a contract written before items named their kind: one line", withoutKinds, 3500_00, 0, 1},
		{"a contract whose total is not what was paid: one line", kinds, 3600_00, 0, 1},
		{"no contract: one line", nil, 3500_00, 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := Receipt{AmountCents: tt.paid}
			r.Itemise(Contract{Items: tt.items})
			var total int64
			for _, item := range r.Items {
				total += item.TotalCents
			}
			if len(r.Items) != tt.lines || total != tt.paid || r.DepositCents() != tt.deposit {
				t.Errorf("%d lines of %d cents, deposit %d; want %d lines of %d, deposit %d", len(r.Items), total, r.DepositCents(), tt.lines, tt.paid, tt.deposit)
			}
		})
	}
}

func TestEuroEnglish(t *testing.T) {
	t.Parallel()
	for cents, want := range map[int64]string{0: "€0.00", 5: "€0.05", 293700: "€2,937.00", 123456789: "€1,234,567.89", -8500: "-€85.00"} {
		if got := EuroEnglish(cents); got != want {
			t.Errorf("EuroEnglish(%d) = %q, want %q", cents, got, want)
		}
	}
}
