package domain

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"
)

// Landlord is the legal party of the rental contracts and where a renter's money goes: contracts and
// receipts name it. The zero Landlord is a building file without a landlord section.
type Landlord struct {
	LegalName      string
	Representative string // who signs for it
	TaxNumber      string // Steuernummer or USt-IdNr.
	IBAN           string // without blanks, upper case, its checksum checked
	BIC            string
	BankName       string
}

// MoneyRules are the residence's rules of how it is paid and how the deposit comes back.
type MoneyRules struct {
	PaymentMethods    []PaymentMethod
	DepositReturnDays int // within how many days after the handover the deposit is settled and returned
	// HandoverAnswerDays is within how many days after the office recorded a handover the renter
	// confirms or disputes it.
	HandoverAnswerDays int
	// Meters are the meters the office reads at a handover, in the residence's words; none when empty.
	Meters []string
}

// PaymentMethod is a way to pay at the checkout, in the payment provider's (Stripe's) names.
type PaymentMethod string

// The payment methods a residence may offer.
const (
	PaymentCard      PaymentMethod = "card"
	PaymentSEPADebit PaymentMethod = "sepa_debit"
)

// PaymentMethods lists every payment method a residence may offer.
var PaymentMethods = []PaymentMethod{PaymentCard, PaymentSEPADebit}

// The bounds of the deposit's return: a day at least, and at most the six months German courts
// allow a landlord at the most to settle a deposit.
const (
	MinDepositReturnDays = 1
	MaxDepositReturnDays = 183
)

// The bounds of the renter's answer to a handover: long enough to look at it after a move, short
// enough that the deposit still comes back within its period.
const (
	MinHandoverAnswerDays = 3
	MaxHandoverAnswerDays = 60
)

// The bounds of the meters a handover reads.
const (
	MaxMeters          = 8
	MaxMeterNameLength = 40
)

// DefaultMoneyRules are a building file's without a rules section: card payments, the deposit
// returned within six weeks, two weeks for the renter's answer to a handover and no meters read.
func DefaultMoneyRules() MoneyRules {
	return MoneyRules{PaymentMethods: []PaymentMethod{PaymentCard}, DepositReturnDays: 42, HandoverAnswerDays: 14}
}

var ibanShape = regexp.MustCompile(`^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$`)

// NormalizeIBAN returns the IBAN without blanks and in upper case, as it is stored, or an error when
// it is not an IBAN: two letters of the country, two check digits and 11 to 30 letters and digits
// whose ISO 13616 checksum (mod 97) is 1.
func NormalizeIBAN(iban string) (string, error) {
	compact := strings.ToUpper(strings.Join(strings.Fields(iban), ""))
	if !ibanShape.MatchString(compact) {
		return "", fmt.Errorf("%q is not an IBAN (country, check digits, 11 to 30 letters and digits)", iban)
	}
	if ibanRemainder(compact) != 1 {
		return "", fmt.Errorf("%q fails the IBAN checksum: a digit is wrong", iban)
	}
	return compact, nil
}

// ibanRemainder moves the first four characters to the end, writes each letter as two digits (A = 10
// … Z = 35) and returns the number modulo 97.
func ibanRemainder(iban string) int64 {
	var digits strings.Builder
	for _, r := range iban[4:] + iban[:4] {
		if r >= 'A' && r <= 'Z' {
			fmt.Fprintf(&digits, "%d", r-'A'+10)
		} else {
			digits.WriteRune(r)
		}
	}
	n, _ := new(big.Int).SetString(digits.String(), 10)
	return new(big.Int).Mod(n, big.NewInt(97)).Int64()
}
