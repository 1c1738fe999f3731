package domain

import (
	"fmt"
	"strings"
)

// Format shows an amount with exactly two decimals in the language's style: German
// "1.234,56 €", otherwise US English "€1,234.56".
func (m Money) Format(language string) string {
	thousands, decimal := ",", "."
	if language == "de" {
		thousands, decimal = ".", ","
	}
	// Payments are positive (AmountFromPrice), so there is no sign to place.
	number := groupThousands(m.Cents/100, thousands) + decimal + fmt.Sprintf("%02d", m.Cents%100)
	symbol := m.Currency
	if symbol == Currency {
		symbol = "€"
	}
	if language == "de" {
		return number + " " + symbol
	}
	return symbol + number
}

func groupThousands(n int64, separator string) string {
	digits := fmt.Sprint(n)
	var b strings.Builder
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteString(separator)
		}
		b.WriteRune(d)
	}
	return b.String()
}
