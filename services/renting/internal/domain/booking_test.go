package domain

import (
	"errors"
	"strings"
	"testing"
	"time"

	"semesterhaus/platform/exception"
)

func day(n int) time.Time { return t0.AddDate(0, 0, n) }

func TestBookingOf_milestonesFromTheLog(t *testing.T) {
	t.Parallel()
	r := Renting{ID: "r1", State: Payed}
	log := []LogEntry{
		{RentingID: "r1", State: ApartmentRequested, At: day(0)},
		{RentingID: "r1", State: ApartmentReserved, At: day(1)},
		{RentingID: "other", State: OwnerAcknowledged, At: day(1)},
		{RentingID: "r1", State: OwnerAcknowledged, At: day(2)},
		{RentingID: "r1", State: ContractRequested, At: day(3)},
		{RentingID: "r1", State: ContractSigned, At: day(4)},
		{RentingID: "r1", State: Unpaid, At: day(5)},
		{RentingID: "r1", State: Payed, At: day(6)},
	}
	b := BookingOf(r, log)
	checks := []struct {
		name string
		got  *time.Time
		want time.Time
	}{
		{"created", b.CreatedDate, day(0)}, {"e-mail confirmed", b.EmailConfirmedDate, day(1)},
		{"owner acknowledged", b.OwnerAcknowledgedDate, day(2)}, {"contract requested", b.ContractRequestedDate, day(3)},
		{"contract signed", b.ContractSignedDate, day(4)}, {"paid", b.PaidDate, day(6)},
	}
	for _, c := range checks {
		if c.got == nil || !c.got.Equal(c.want) {
			t.Errorf("%s: %v, want %v", c.name, c.got, c.want)
		}
	}
	if !b.EmailConfirmed || !b.RenterIsUnlocked || !b.ContractSigned || !b.ApartmentPaid {
		t.Errorf("flags: %+v", b)
	}
}

func TestBookingOf_freshRequestIsNeitherConfirmedNorUnlocked(t *testing.T) {
	t.Parallel()
	b := BookingOf(Renting{ID: "r1", State: ApartmentRequested}, []LogEntry{{RentingID: "r1", State: ApartmentRequested, At: day(0)}})
	if b.EmailConfirmed || b.RenterIsUnlocked || b.EmailConfirmedDate != nil || b.CreatedDate == nil {
		t.Errorf("%+v", b)
	}
}

func TestBookingOf_renewalCountsAsConfirmedAndUnlocked(t *testing.T) {
	t.Parallel()
	b := BookingOf(Renting{ID: "r2", State: RenewalRequest, Renewal: true}, []LogEntry{{RentingID: "r2", State: RenewalRequest, At: day(0)}})
	if !b.EmailConfirmed || !b.RenterIsUnlocked || b.CreatedDate == nil || b.ContractSigned {
		t.Errorf("%+v", b)
	}
}

func TestApartmentStatus_holdingThenBlockedThenNewestOpenThenByPhase(t *testing.T) {
	t.Parallel()
	requestedEarly := Renting{ID: "early", State: ApartmentRequested, CreatedAt: day(0)}
	selectLate := Renting{ID: "late", State: SelectApartment, CreatedAt: day(2)}
	reserved := Renting{ID: "holder", State: ApartmentReserved, CreatedAt: day(1)}
	canceled := Renting{ID: "gone", State: Canceled, CreatedAt: day(3)}
	tests := []struct {
		name     string
		rentings []Renting
		blocked  bool
		phase    Phase
		want     State
		wantID   string
	}{
		{"holding renting wins", []Renting{requestedEarly, reserved, selectLate}, false, PhaseBooking, ApartmentReserved, "holder"},
		{"newest open request", []Renting{requestedEarly, selectLate, canceled}, false, PhaseBooking, SelectApartment, "late"},
		{"blocked, over open requests", []Renting{requestedEarly, canceled}, true, PhaseBooking, ApartmentBlocked, ""},
		{"blocked, running semester", nil, true, PhaseRunning, ApartmentBlocked, ""},
		{"nobody, bookable semester", []Renting{canceled}, false, PhaseBooking, Available, ""},
		{"nobody, planned semester", nil, false, PhasePlanned, NotYetBookable, ""},
		{"nobody, renewal phase", nil, false, PhaseRenewal, Available, ""},
		{"nobody, running semester", nil, false, PhaseRunning, ApartmentEmpty, ""},
		{"nobody, finished semester", []Renting{canceled}, false, PhaseFinished, ApartmentEmpty, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, by := ApartmentStatus(tt.rentings, tt.blocked, tt.phase)
			gotID := ""
			if by != nil {
				gotID = by.ID
			}
			if got != tt.want || gotID != tt.wantID {
				t.Errorf("got %s by %q, want %s by %q", got, gotID, tt.want, tt.wantID)
			}
		})
	}
}

func TestPredecessor_isTheSemesterStartingLastBefore(t *testing.T) {
	t.Parallel()
	a := Semester{ID: 1, Start: day(0)}
	b := Semester{ID: 2, Start: day(180)}
	c := Semester{ID: 3, Start: day(360)}
	if p, ok := c.Predecessor([]Semester{c, a, b}); !ok || p.ID != 2 {
		t.Errorf("got %+v, %v", p, ok)
	}
	if _, ok := a.Predecessor([]Semester{a, b}); ok {
		t.Error("the first semester has a predecessor")
	}
}

func TestNewBlock_needsAReasonOnOneLine(t *testing.T) {
	t.Parallel()
	at := day(0)
	tests := []struct {
		name, reason, msg string
	}{
		{"reason", "  Wasserschaden im Bad ", ""},
		{"blank", "   ", MsgNotNull},
		{"two lines", "Wasser\nschaden", MsgSingleLine},
		{"too long", strings.Repeat("x", MaxBlockReasonLength+1), MsgStringMax},
	}
	for _, tt := range tests {
		b, err := NewBlock(3, 7, tt.reason, "admin", at)
		var e *exception.Error
		switch {
		case tt.msg == "" && (err != nil || b.Reason != "Wasserschaden im Bad" || b.ApartmentID != 3 || b.SemesterID != 7):
			t.Errorf("%s: %+v, %v; want the trimmed reason accepted", tt.name, b, err)
		case tt.msg != "" && (!errors.As(err, &e) || e.Path != "reason" || e.MessageID != tt.msg):
			t.Errorf("%s: %v, want %s at reason", tt.name, err, tt.msg)
		}
	}
}

func TestBlockRefuseHolder_namesTheHoldersState(t *testing.T) {
	t.Parallel()
	b := Block{ApartmentID: 3, SemesterID: 7}
	if err := b.RefuseHolder(nil); err != nil {
		t.Errorf("no holder: %v", err)
	}
	var e *exception.Error
	if err := b.RefuseHolder(&Renting{State: Payed}); !errors.As(err, &e) || e.MessageID != MsgApartmentHeld || e.Params["state"] != "PAYED" {
		t.Errorf("a paid holder: %v, want %s naming PAYED", err, MsgApartmentHeld)
	}
}

func TestTaskOf_whatWaitsForTheOffice(t *testing.T) {
	t.Parallel()
	rules := TaskRules{UnsignedAfter: 7 * 24 * time.Hour, ExpiresAfter: 72 * time.Hour}
	now := day(10)
	tests := []struct {
		name    string
		renting Renting
		want    TaskKind
	}{
		{"request two days old expires within a day", Renting{State: ApartmentRequested, CreatedAt: day(8), UpdatedAt: day(8)}, TaskRequestExpiring},
		{"fresh request", Renting{State: ApartmentRequested, CreatedAt: day(9), UpdatedAt: day(9)}, ""},
		{"reserved awaits the identity approval", Renting{State: ApartmentReserved, UpdatedAt: day(9)}, TaskIdentityApproval},
		{"contract unsigned for a week", Renting{State: ContractRequested, UpdatedAt: day(3)}, TaskContractUnsigned},
		{"contract sent yesterday", Renting{State: ContractRequested, UpdatedAt: day(9)}, ""},
		{"unpaid", Renting{State: Unpaid, UpdatedAt: day(9)}, TaskPaymentOpen},
		{"renewal waiting", Renting{State: RenewalRequest, UpdatedAt: day(1)}, TaskRenewalUnanswered},
		{"paid", Renting{State: Payed, UpdatedAt: day(1)}, ""},
	}
	for _, tt := range tests {
		task, ok := rules.TaskOf(tt.renting, now)
		if ok != (tt.want != "") || task.Kind != tt.want {
			t.Errorf("%s: %q (%v), want %q", tt.name, task.Kind, ok, tt.want)
		}
	}
}
