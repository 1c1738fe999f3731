package domain

import (
	"fmt"
	"math"
)

// Currency is the only currency the residence charges in.
const Currency = "EUR"

// Money is an amount in integer cents, so that sums never drift the way floating point does.
type Money int64

// Cents returns the amount in cents.
func (m Money) Cents() int64 { return int64(m) }

// Euros returns the amount in euros for transports that speak decimal amounts.
func (m Money) Euros() float64 { return float64(m) / 100 }

// Times multiplies the amount by a quantity.
func (m Money) Times(quantity int) Money { return m * Money(quantity) }

// MoneyFromEuros converts a decimal euro amount with at most two decimals into cents.
func MoneyFromEuros(euros float64) (Money, error) {
	if math.IsNaN(euros) || math.IsInf(euros, 0) {
		return 0, fmt.Errorf("amount %v is not a number", euros)
	}
	cents := math.Round(euros * 100)
	if math.Abs(cents-euros*100) > 1e-6 {
		return 0, fmt.Errorf("amount %v has more than two decimals", euros)
	}
	return Money(cents), nil
}
