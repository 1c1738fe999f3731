package domain

import (
	"strconv"
	"strings"
	"time"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/validation"
)

// MaxBlockReasonLength is the longest reason an administrator may give for a block.
const MaxBlockReasonLength = 500

// Block keeps an apartment from being booked in a semester, for a reason an administrator gave.
type Block struct {
	ApartmentID int
	SemesterID  int
	Reason      string
	By          string
	At          time.Time
}

// NewBlock checks an administrator's block: a reason is required, on one line, at most
// MaxBlockReasonLength characters.
func NewBlock(apartmentID, semesterID int, reason, by string, at time.Time) (Block, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return Block{}, exception.New("reason", MsgNotNull)
	}
	if err := validation.SingleLine("reason", reason, MaxBlockReasonLength); err != nil {
		return Block{}, err
	}
	return Block{ApartmentID: apartmentID, SemesterID: semesterID, Reason: reason, By: by, At: at}, nil
}

// RefuseHolder refuses to block an apartment that a renting holds in the semester: the admin must
// free it first (delete the contract), so that nobody loses a booking to a block unseen.
func (b Block) RefuseHolder(holder *Renting) error {
	if holder == nil {
		return nil
	}
	return exception.New("apartmentId", MsgApartmentHeld, "id", strconv.Itoa(b.ApartmentID), "state", string(holder.State))
}
