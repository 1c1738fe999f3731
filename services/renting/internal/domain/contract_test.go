package domain

import (
	"errors"
	"testing"
	"time"
)

func TestRequestContract_keepsTheContractsTotal_refusesAContractWithoutOne(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		name  string
		price ContractPrice
		ok    bool
	}{
		{"total and currency", ContractPrice{Cents: 288000, Currency: "EUR"}, true},
		{"one cent", ContractPrice{Cents: 1, Currency: "EUR"}, true},
		{"no total", ContractPrice{Currency: "EUR"}, false},
		{"negative total", ContractPrice{Cents: -1, Currency: "EUR"}, false},
		{"no currency", ContractPrice{Cents: 288000}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := Renting{ID: "r", State: OwnerAcknowledged}
			err := r.RequestContract("https://wohnen.example/api/signing/s", tt.price, at)
			if tt.ok {
				if err != nil || r.State != ContractRequested || r.ContractPrice != tt.price {
					t.Fatalf("RequestContract = %v; renting %+v", err, r)
				}
				return
			}
			if !errors.Is(err, ErrNoContractPrice) || r.State != OwnerAcknowledged || r.ContractPrice != (ContractPrice{}) || r.SigningLink != "" {
				t.Fatalf("RequestContract = %v; renting %+v, want it refused and unchanged", err, r)
			}
		})
	}
}
