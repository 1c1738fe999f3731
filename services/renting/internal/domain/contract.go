package domain

import (
	"crypto/rand"
	"errors"
	"fmt"
	"time"
)

// ContractPrice is the total a contract was written with, in cents of Currency. It is fixed when the
// document service writes the contract: the payment asks exactly this, and a later change of the
// catalog's prices applies only to contracts written after it.
type ContractPrice struct {
	Cents    int64
	Currency string
	Items    []PriceItem // rent × months, cleaning, deposit, as the contract names them
}

// ErrNoContractPrice means a contract request that names no total, or items that do not add up to
// it: a contract always has a total, the sum of its items.
var ErrNoContractPrice = errors.New("the contract names no total or items that add up to it")

// Valid says whether the price is a contract's: a positive total in a currency, the sum of its items.
func (p ContractPrice) Valid() bool {
	if p.Cents <= 0 || p.Currency == "" || len(p.Items) == 0 {
		return false
	}
	var sum int64
	for _, item := range p.Items {
		sum += item.Total
	}
	return sum == p.Cents
}

// Calculation is the price as the booking's pages show it.
func (p ContractPrice) Calculation() PriceCalculation {
	return PriceCalculation{Items: p.Items, Total: p.Cents}
}

// RequestContract records that the contract waits for the renter's signature at link, and the total
// it was written with. Only an acknowledged booking or an accepted renewal gets a contract.
func (r *Renting) RequestContract(link string, price ContractPrice, at time.Time) error {
	if r.State != OwnerAcknowledged && r.State != RenewalAccepted {
		return &TransitionError{RentingID: r.ID, From: r.State, To: ContractRequested}
	}
	if !price.Valid() {
		return fmt.Errorf("contract of renting %s (%d %q): %w", r.ID, price.Cents, price.Currency, ErrNoContractPrice)
	}
	r.move(ContractRequested, at)
	r.SigningLink = link
	r.ContractPrice = price
	return nil
}

// CanReissue refuses to reissue the contract of a renting whose contract is not open (awaiting the
// renter's signature): a signed contract's price stands.
func (r Renting) CanReissue() error {
	if r.State != ContractRequested {
		return &TransitionError{RentingID: r.ID, From: r.State, To: ContractRequested}
	}
	return nil
}

// TakeReissuedContract replaces the open contract by the one the office reissued: its signing link
// and the total it was written with. It stays CONTRACT_REQUESTED, and the renter is told
// (Reissued). A renting whose contract is no longer open keeps the one it has.
func (r *Renting) TakeReissuedContract(link string, price ContractPrice, at time.Time) error {
	if err := r.CanReissue(); err != nil {
		return err
	}
	if !price.Valid() {
		return fmt.Errorf("reissued contract of renting %s (%d %q): %w", r.ID, price.Cents, price.Currency, ErrNoContractPrice)
	}
	r.SigningLink, r.ContractPrice = link, price
	r.reissuedAt = at
	r.marksChanged = true // the row is written without a transition
	return nil
}

// ReissuedAt says when the renting took a reissued contract since it was loaded (zero: it did not):
// the renter is mailed the new one.
func (r *Renting) ReissuedAt() time.Time { return r.reissuedAt }

// SignContract records the renter's signature.
func (r *Renting) SignContract(at time.Time) error {
	return r.MoveTo(ContractSigned, at)
}

// AwaitPayment records that the rent can be paid at link.
func (r *Renting) AwaitPayment(link string, at time.Time) error {
	if err := r.MoveTo(Unpaid, at); err != nil {
		return err
	}
	r.PaymentLink = link
	return nil
}

// Pay records the payment of the rent and gives the renting its access key.
func (r *Renting) Pay(at time.Time) error {
	if err := r.MoveTo(Payed, at); err != nil {
		return err
	}
	r.AccessKey = NewAccessKey()
	r.Money.InPayment = false // written with the transition
	return nil
}

// accessKeyAlphabet leaves out 0, O, 1 and I, which a renter typing the code would confuse.
const accessKeyAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"

const accessKeyLength = 8

// NewAccessKey makes a random key code of 8 characters (40 bits) from crypto/rand. The alphabet has
// 32 letters, so a random byte modulo 32 picks each one equally often.
func NewAccessKey() string {
	b := make([]byte, accessKeyLength)
	_, _ = rand.Read(b) // crypto/rand.Read never fails since Go 1.24
	for i := range b {
		b[i] = accessKeyAlphabet[b[i]%byte(len(accessKeyAlphabet))]
	}
	return string(b)
}

// AccessKeyVisible says whether the renting's key code may be shown: only a paid renting has one
// (SPEC section 4).
func (r Renting) AccessKeyVisible() bool { return r.State == Payed && r.AccessKey != "" }
