package domain

// Books are how the residence's bookkeeping names what the tax advisor's DATEV import needs: the
// residence's numbers at the tax advisor's and the accounts (of its chart of accounts, e.g. SKR03)
// each booking goes to.
type Books struct {
	ConsultantNumber     int // DATEV Beraternummer
	ClientNumber         int // DATEV Mandantennummer
	FiscalYearStartMonth int // 1 … 12
	AccountLength        int // DATEV Sachkontenlänge: the digits of every account
	Accounts             Accounts
}

// Accounts are the accounts the bookings go to, each a number of AccountLength digits.
type Accounts struct {
	Money    int // where payments arrive and refunds leave
	Rent     int // rent income
	Cleaning int // cleaning income
	Deposit  int // deposits held, a liability
	Damages  int // what is kept of deposits for damages and of cancelled bookings
}

// The bounds of the books' numbers, as DATEV's Buchungsstapel takes them.
const (
	MinConsultantNumber = 1001
	MaxConsultantNumber = 9999999
	MinClientNumber     = 1
	MaxClientNumber     = 99999
	MinAccountLength    = 4
	MaxAccountLength    = 8
)

// DefaultBooks are a building file's without a books section: the fiscal year is the calendar year,
// accounts have four digits (1200 money, 8100 income, 1790 deposits held).
func DefaultBooks() Books {
	return Books{
		ConsultantNumber: 1001, ClientNumber: 1, FiscalYearStartMonth: 1, AccountLength: 4,
		Accounts: Accounts{Money: 1200, Rent: 8100, Cleaning: 8100, Deposit: 1790, Damages: 8100},
	}
}
