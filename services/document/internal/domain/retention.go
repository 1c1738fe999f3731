package domain

import "time"

// Retention is a retention rule's verdict on some of a renting's documents: they are deleted At,
// for Reason (docs/privacy.md).
type Retention struct {
	RentingID string
	RenterID  int64
	Types     []Type
	At        time.Time
	Reason    string // why, in the audit log
}

// Why the retention rules delete a document.
const (
	ReasonIdentityApproved = "identity approved"
	ReasonBookingEnded     = "booking ended"
	ReasonSemesterEnded    = "semester ended"
	ReasonLegalPeriodOver  = "legal retention period over"
)
