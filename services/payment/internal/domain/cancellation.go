package domain

import "time"

// Closing is what a booking's cancellation does to its payment and its books.
type Closing struct {
	// Canceled: the payment was payable or a debit under way and is cancelled; its checkout must close.
	Canceled bool
	// TakeBack: the contract's charges are taken back at At, the booking being off.
	TakeBack bool
	At       time.Time
	// Fee is what the residence keeps of a paid payment; zero ItemCents when everything goes back.
	Fee LedgerEntry
}

// CloseForCancellation closes the payment of a booking cancelled at at, the office refunding
// refundCents of it. A payment not paid yet is cancelled (Cancel) and its charges are taken back. A
// paid one stays paid and its charges are taken back too; what it keeps is its cancellation fee: the
// payment less what is refunded of it already or now (all of it when the refund is larger than what is
// left, for that refund is refused). A payment cancelled already changes nothing.
func (p *Payment) CloseForCancellation(refundCents int64, at time.Time) Closing {
	if p.Cancel(at) {
		return Closing{Canceled: true, TakeBack: true, At: at}
	}
	if p.Status != StatusPaid {
		return Closing{}
	}
	left := p.Amount.Cents - p.RefundedCents
	kept := left - refundCents
	if refundCents > left {
		kept = left
	}
	closing := Closing{TakeBack: true, At: at}
	if kept > 0 {
		closing.Fee = LedgerEntry{
			RentingID: p.RentingID, At: at, Kind: KindCancellationFee, Item: ItemCancellation,
			Description: "Stornokosten / Cancellation fee", ItemCents: kept, Reference: p.RentingID, Key: "cancellation-fee:" + p.ID,
		}
	}
	return closing
}
