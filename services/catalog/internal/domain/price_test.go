package domain

import (
	"testing"

	"semesterhaus/proto/codes"
)

func TestCalculatePrice(t *testing.T) {
	t.Parallel()
	apartment := Apartment{RentPerMonth: 489_50, CleaningFee: 95_00, Deposit: 900_00}
	semester := SemesterContaining(day("2027-05-01"))
	tests := []struct {
		name    string
		renewal bool
		items   []Money // totals per item
		kinds   []codes.ItemKind
		total   Money
	}{
		{"new booking pays rent for six months, cleaning and deposit once", false, []Money{2937_00, 95_00, 900_00},
			[]codes.ItemKind{codes.ItemRent, codes.ItemCleaning, codes.ItemDeposit}, 3932_00},
		{"renewal pays the rent only", true, []Money{2937_00}, []codes.ItemKind{codes.ItemRent}, 2937_00},
	}
	for _, tt := range tests {
		got := CalculatePrice(apartment, semester, tt.renewal)
		if got.Total != tt.total || len(got.Items) != len(tt.items) {
			t.Fatalf("%s: total %d with %d items, want %d with %d", tt.name, got.Total, len(got.Items), tt.total, len(tt.items))
		}
		for i, want := range tt.items {
			if it := got.Items[i]; it.Total != want || it.Kind != tt.kinds[i] || it.Amount.Times(it.Quantity) != it.Total || it.TextDe == "" || it.TextEn == "" {
				t.Errorf("%s: item %d = %+v, want total %d", tt.name, i, it, want)
			}
		}
	}
	if q := CalculatePrice(apartment, semester, false).Items[0].Quantity; q != 6 {
		t.Errorf("rent quantity %d, want 6 months", q)
	}
}

func TestMoneyFromEuros(t *testing.T) {
	t.Parallel()
	tests := []struct {
		euros float64
		cents Money
		ok    bool
	}{
		{489.5, 489_50, true},
		{0.1 + 0.2, 30, true},
		{1234.56, 1234_56, true},
		{0, 0, true},
		{10.005, 0, false},
	}
	for _, tt := range tests {
		got, err := MoneyFromEuros(tt.euros)
		if (err == nil) != tt.ok || (tt.ok && got != tt.cents) {
			t.Errorf("MoneyFromEuros(%v) = %d, %v; want %d ok=%v", tt.euros, got, err, tt.cents, tt.ok)
		}
	}
}
