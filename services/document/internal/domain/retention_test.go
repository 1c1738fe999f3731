package domain_test

import (
	"slices"
	"testing"
	"time"

	"semesterhaus/services/document/internal/domain"
)

func TestKeepingOnContract_certificateAfterTheSemester_identityCopiesOnlyAfterAnApproval(t *testing.T) {
	t.Parallel()
	berlin, _ := time.LoadLocation("Europe/Berlin")
	keeping := domain.Keeping{IdentityCopies: 7 * 24 * time.Hour, Certificates: 24 * time.Hour}
	approvedAt := time.Date(2027, 3, 1, 9, 0, 0, 0, time.UTC)
	// The semester's last day is 30 September; it is over at midnight in Berlin (summer time, UTC+2).
	end := domain.Date{Year: 2027, Month: 9, Day: 30}.EndIn(berlin)
	if want := time.Date(2027, 9, 30, 22, 0, 0, 0, time.UTC); !end.Equal(want) {
		t.Fatalf("EndIn = %v, want %v", end, want)
	}

	approved := keeping.OnContract(domain.BookingMove{RentingID: "r1", RenterID: 7, Approved: true, At: approvedAt}, end)
	if len(approved) != 2 || !approved[0].At.Equal(end.Add(24*time.Hour)) || !slices.Equal(approved[0].Types, []domain.Type{domain.TypeImmatriculation}) ||
		!approved[1].At.Equal(approvedAt.Add(7*24*time.Hour)) || approved[1].Reason != domain.ReasonIdentityApproved || approved[1].RenterID != 7 {
		t.Errorf("approval: %+v, want the certificate a day after the semester and the identity copies a week after the approval", approved)
	}
	renewal := keeping.OnContract(domain.BookingMove{RentingID: "r2", RenterID: 7, At: approvedAt}, end)
	if len(renewal) != 1 || renewal[0].Reason != domain.ReasonSemesterEnded {
		t.Errorf("renewal: %+v, want only the certificate", renewal)
	}
}

func TestOnEnded_everyPaperGoesNow(t *testing.T) {
	t.Parallel()
	at := time.Date(2027, 3, 1, 9, 0, 0, 0, time.UTC)
	got := domain.OnEnded(domain.BookingMove{RentingID: "r1", RenterID: 7, At: at})
	if !got.At.Equal(at) || got.Reason != domain.ReasonBookingEnded || len(got.Types) != 3 {
		t.Errorf("OnEnded = %+v, want the certificate and both identity copies at once", got)
	}
}
