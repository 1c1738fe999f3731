package domain

import (
	"fmt"
	"strings"
	"time"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/validation"
)

// MaxCancellationReasonLength bounds the office's reason, which the renter's mail quotes.
const MaxCancellationReasonLength = 500

// Cancellation is the office's cancellation of a booking: why, and how much of what was paid goes
// back to the renter (in cents; 0 refunds nothing).
type Cancellation struct {
	Reason      string
	RefundCents int64
	Actor       string
}

// Refundable is how much of a renting's payment may still be refunded, in cents: what was paid less
// what is refunded already. A payment not paid (or none at all) refunds nothing.
func (p Payment) Refundable() int64 {
	if p.Status != PaymentPaid {
		return 0
	}
	return max(p.AmountCents-p.RefundedCents, 0)
}

// NewCancellation checks the office's cancellation: a reason of one line, a refund from 0 to
// refundable. Anything else is a business exception that names the bound.
func NewCancellation(reason string, refundCents, refundable int64, actor string) (Cancellation, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return Cancellation{}, exception.New("reason", MsgNotNull)
	}
	if err := validation.SingleLine("reason", reason, MaxCancellationReasonLength); err != nil {
		return Cancellation{}, err
	}
	if refundCents < 0 || refundCents > refundable {
		return Cancellation{}, exception.New("refundCents", MsgRefundOutOfBounds, "max", euros(refundable))
	}
	return Cancellation{Reason: reason, RefundCents: refundCents, Actor: actor}, nil
}

// euros writes cents as the apps read an amount param: euros with two decimals, e.g. 3265.00.
func euros(cents int64) string { return fmt.Sprintf("%d.%02d", cents/100, cents%100) }

// CancelByOffice moves a renting in any state but CANCELED to CANCELED with the office's
// cancellation, which the event carries to the payment (the refund) and the renter (the mail).
func (r *Renting) CancelByOffice(c Cancellation, at time.Time) error {
	if r.State == Canceled {
		return exception.New("rentingId", MsgAlreadyCanceled)
	}
	if err := r.MoveTo(Canceled, at); err != nil {
		return err
	}
	r.Cancellation = &c
	return nil
}

// ContractOut reports whether a renting's contract went to the renter (or was signed or paid since):
// such a booking ends only through the office's cancellation, which tells the renter and refunds,
// never by deleting it.
func (r Renting) ContractOut() bool {
	switch r.State {
	case ContractRequested, ContractSigned, Unpaid, Payed:
		return true
	}
	return false
}

// RefuseDeleting refuses to delete (free the apartment of) a renting whose contract is out: the
// office cancels it instead (params id, state).
func (r Renting) RefuseDeleting() error {
	if !r.ContractOut() {
		return nil
	}
	return exception.New("apartmentId", MsgCancelInstead, "id", r.ID, "state", string(r.State))
}
