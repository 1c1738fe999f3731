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

// Keeping is how long a booking's papers are kept once they served their purpose (docs/privacy.md).
type Keeping struct {
	IdentityCopies time.Duration // after the identity was approved
	Certificates   time.Duration // after the semester ended
}

// BookingMove is a renting's move the retention rules act on, as the renting service reports it.
type BookingMove struct {
	RentingID string
	RenterID  int64
	// Approved: the office approved the renter's identity (a booking's move; a renewal's acceptance is none).
	Approved bool
	At       time.Time
}

// identityCopies are the types of an identity card's copies.
var identityCopies = []Type{TypeIdentityCardFront, TypeIdentityCardBack}

// OnContract are the deletions a booking whose contract is asked for schedules: its enrollment
// certificate Certificates after its semester ended (semesterEnd, the moment its last day is over)
// and, on the identity's approval, its identity card copies IdentityCopies after that.
func (k Keeping) OnContract(m BookingMove, semesterEnd time.Time) []Retention {
	rules := []Retention{{
		RentingID: m.RentingID, RenterID: m.RenterID, Types: []Type{TypeImmatriculation},
		At: semesterEnd.Add(k.Certificates), Reason: ReasonSemesterEnded,
	}}
	if m.Approved {
		rules = append(rules, Retention{
			RentingID: m.RentingID, RenterID: m.RenterID, Types: identityCopies,
			At: m.At.Add(k.IdentityCopies), Reason: ReasonIdentityApproved,
		})
	}
	return rules
}

// OnEnded is the deletion a booking cancelled after its confirmation schedules: nothing needs its
// identity card copies and certificate any more, so they go now.
func OnEnded(m BookingMove) Retention {
	return Retention{
		RentingID: m.RentingID, RenterID: m.RenterID, Types: append([]Type{TypeImmatriculation}, identityCopies...),
		At: m.At, Reason: ReasonBookingEnded,
	}
}
