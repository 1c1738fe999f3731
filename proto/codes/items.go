package codes

// ItemKind is what an item of a contract's price is: the rent and the final cleaning are the
// residence's revenue, the deposit is the renter's money, held as security and returned after the
// handover. The catalog prices with them, the document service writes them into the contract, and
// the events carry them (ContractItem.kind); items of contracts written before have none.
type ItemKind string

// The kinds of price items, as contracts, receipts and the payment's books name them.
const (
	ItemRent     ItemKind = "RENT"
	ItemCleaning ItemKind = "CLEANING"
	ItemDeposit  ItemKind = "DEPOSIT"
)
