package domain

import (
	"errors"
	"reflect"
	"testing"
	"time"
)

func TestRequestContract_keepsTheContractsTotal_refusesAContractWithoutOne(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	rent := PriceItem{TextDe: "Miete inkl. Nebenkosten", TextEn: "Rent incl. utilities", Quantity: 6, Amount: 445_00, Total: 2670_00}
	cleaning := PriceItem{TextDe: "Endreinigung", TextEn: "Final cleaning", Quantity: 1, Amount: 85_00, Total: 85_00}
	deposit := PriceItem{TextDe: "Kaution", TextEn: "Deposit", Quantity: 1, Amount: 800_00, Total: 800_00}
	items := []PriceItem{rent, cleaning, deposit}
	tests := []struct {
		name  string
		price ContractPrice
		ok    bool
	}{
		{"first booking: rent, cleaning, deposit", ContractPrice{Cents: 3555_00, Currency: "EUR", Items: items}, true},
		{"renewal: the rent only", ContractPrice{Cents: 2670_00, Currency: "EUR", Items: []PriceItem{rent}}, true},
		{"items that do not add up", ContractPrice{Cents: 3555_01, Currency: "EUR", Items: items}, false},
		{"no items", ContractPrice{Cents: 3555_00, Currency: "EUR"}, false},
		{"no total", ContractPrice{Currency: "EUR"}, false},
		{"negative total", ContractPrice{Cents: -1, Currency: "EUR", Items: []PriceItem{{Quantity: 1, Amount: -1, Total: -1}}}, false},
		{"no currency", ContractPrice{Cents: 3555_00, Items: items}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := Renting{ID: "r", State: OwnerAcknowledged}
			err := r.RequestContract("https://wohnen.example/api/signing/s", tt.price, at)
			if tt.ok {
				if err != nil || r.State != ContractRequested || !reflect.DeepEqual(r.ContractPrice, tt.price) {
					t.Fatalf("RequestContract = %v; renting %+v", err, r)
				}
				return
			}
			if !errors.Is(err, ErrNoContractPrice) || r.State != OwnerAcknowledged || !reflect.DeepEqual(r.ContractPrice, ContractPrice{}) || r.SigningLink != "" {
				t.Fatalf("RequestContract = %v; renting %+v, want it refused and unchanged", err, r)
			}
		})
	}
}
