package app_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"

	"semesterhaus/platform/exception"
	"semesterhaus/services/renting/internal/app"
	"semesterhaus/services/renting/internal/domain"
	"semesterhaus/services/renting/internal/testenv"
)

func TestCreateRentingRequest_storesRequestedRentingWithLogEventAndUploads(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	id := request(t, env, 11, "ada@example.org")

	r := mustGet(t, env, id)
	if r.State != domain.ApartmentRequested || r.ApartmentID != 11 || r.RenterID == 0 || r.Renewal {
		t.Errorf("renting %+v", r)
	}
	if got := env.Documents.StoredFor(id); got != 3 {
		t.Errorf("%d uploads stored, want 3", got)
	}
	if env.Documents.StoredFromRenter(id) {
		t.Error("the request's uploads were stored as the renter's documents; they must wait for the confirmation")
	}
	if got := outbox(t, env); !slices.Equal(got, []string{"renting.state.apartment_requested"}) {
		t.Errorf("events %v", got)
	}
	if n := count(t, env, "SELECT count(*) FROM renting_log WHERE renting_id = $1 AND state = 'APARTMENT_REQUESTED'", id); n != 1 {
		t.Errorf("%d log entries", n)
	}
}

func TestCreateRentingRequest_refusedBeforeAnythingIsStored(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	tests := []struct {
		name            string
		change          func(*app.BookingRequest)
		renterViolation *exception.Error
		path, msg       string
	}{
		{"semester not bookable", func(r *app.BookingRequest) { r.SemesterID++ }, nil, "semesterId", domain.MsgSemesterNotBookable},
		{"unknown apartment", func(r *app.BookingRequest) { r.ApartmentID = 999 }, nil, "apartmentId", domain.MsgNoApartment},
		{"identity card that is no base64", func(r *app.BookingRequest) { r.IdentityCardBack = "not base64!" }, nil, "identityCardBack", domain.MsgInvalid},
		{"renter data the renter service refuses", func(*app.BookingRequest) {}, exception.New("zip", "INVALID_ZIP"), "zip", "INVALID_ZIP"},
	}
	for _, tt := range tests {
		req := bookingRequest(t, env, 11, "ada@example.org")
		tt.change(&req)
		env.Renters.Violation = tt.renterViolation
		_, err := env.Rentings.CreateRentingRequest(context.Background(), req)
		wantException(t, err, tt.path, tt.msg)
	}
	if n := count(t, env, "SELECT count(*) FROM renting"); n != 0 || len(outbox(t, env)) != 0 || len(env.Documents.Stored) != 0 {
		t.Errorf("%d rentings, events %v, uploads %v stored by refused requests", n, outbox(t, env), env.Documents.Stored)
	}
}

func TestCreateRentingRequest_brokenUploadUndoesTheRenterRegistration(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	env.Documents.Violation = exception.New("identityCardFront", "INVALID_IMAGE")
	_, err := env.Rentings.CreateRentingRequest(context.Background(), bookingRequest(t, env, 11, "ada@example.org"))
	wantException(t, err, "identityCardFront", "INVALID_IMAGE")
	if len(env.Renters.Deleted) != 1 || count(t, env, "SELECT count(*) FROM renting") != 0 {
		t.Errorf("renter deleted %v; rentings %d", env.Renters.Deleted, count(t, env, "SELECT count(*) FROM renting"))
	}
}

func TestCreateRentingRequest_apartmentHeldByAnotherRenterIsTaken(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	first := request(t, env, 11, "ada@example.org")
	confirm(t, env, first, "ada@example.org")

	_, err := env.Rentings.CreateRentingRequest(context.Background(), bookingRequest(t, env, 11, "bob@example.org"))
	wantException(t, err, "apartmentId", domain.MsgApartmentTaken)
}

func TestCreateRentingRequest_renterHoldingAnApartmentCannotBookASecondOne(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	first := request(t, env, 11, "ada@example.org")
	confirm(t, env, first, "ada@example.org")

	_, err := env.Rentings.CreateRentingRequest(context.Background(), bookingRequest(t, env, 12, "ada@example.org"))
	wantException(t, err, "email", domain.MsgAlreadyRenting)
	if n := count(t, env, "SELECT count(*) FROM renting"); n != 1 {
		t.Errorf("%d rentings, want only the first", n)
	}
	if len(env.Documents.Stored) != 1 {
		t.Errorf("uploads of the refused request were kept: %v", env.Documents.Stored)
	}
}

func TestCreateRentingRequest_newRequestLeavesTheRentersOpenOneUntilConfirmed(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	first := request(t, env, 11, "ada@example.org")
	second := request(t, env, 12, "ada@example.org")
	wantState(t, env, first, domain.ApartmentRequested)
	wantState(t, env, second, domain.ApartmentRequested)

	confirm(t, env, second, "ada@example.org")
	wantState(t, env, first, domain.Canceled)
	wantState(t, env, second, domain.ApartmentReserved)
	if n := count(t, env, "SELECT count(*) FROM booking_request_form"); n != 0 {
		t.Errorf("%d request forms kept after the confirmation cancelled or moved both requests", n)
	}
}

func TestConfirmEmail_reservesTheApartmentAndAnswersTheSameWhenRepeated(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	id := request(t, env, 11, "ada@example.org")
	for range 2 {
		if outcome := confirm(t, env, id, "ada@example.org"); outcome != domain.Confirmed {
			t.Errorf("outcome %s", outcome)
		}
	}
	wantState(t, env, id, domain.ApartmentReserved)
	if got := outbox(t, env); !slices.Equal(got, []string{"renting.state.apartment_requested", "renting.state.apartment_reserved"}) {
		t.Errorf("events %v: a repeated confirmation must not publish again", got)
	}
}

func TestConfirmEmail_badTokens(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	id := request(t, env, 11, "ada@example.org")
	env.Renters.IssueToken("ada@example.org", "old", mustGet(t, env, id).RenterID, id, true)
	tests := []struct {
		token string
		want  domain.Outcome
	}{{"wrong", domain.InvalidToken}, {"old", domain.ExpiredToken}}
	for _, tt := range tests {
		outcome, rentingID, err := env.Rentings.ConfirmEmail(context.Background(), "ada@example.org", tt.token)
		if err != nil || outcome != tt.want || rentingID != "" {
			t.Errorf("token %q: %s, %q, %v", tt.token, outcome, rentingID, err)
		}
	}
	wantState(t, env, id, domain.ApartmentRequested)
}

func TestConfirmEmail_apartmentTakenMeanwhile_failsBooking(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	ada := request(t, env, 11, "ada@example.org")
	bob := request(t, env, 11, "bob@example.org")
	if confirm(t, env, bob, "bob@example.org") != domain.Confirmed {
		t.Fatal("bob confirmed first and must win")
	}
	if outcome := confirm(t, env, ada, "ada@example.org"); outcome != domain.ApartmentTaken {
		t.Errorf("ada: %s, want APARTMENT_TAKEN", outcome)
	}
	wantState(t, env, ada, domain.SelectApartment)
	if outcome := confirm(t, env, ada, "ada@example.org"); outcome != domain.ApartmentTaken {
		t.Errorf("repeated: %s", outcome)
	}
}

func TestConfirmEmail_manyRentersAtOnce_exactlyOneWins(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	const renters = 50
	ids := make([]string, renters)
	for i := range ids {
		email := fmt.Sprintf("renter%d@example.org", i)
		ids[i] = request(t, env, 11, email)
		env.Renters.IssueToken(email, "t", mustGet(t, env, ids[i]).RenterID, ids[i], false)
	}
	outcomes := make([]domain.Outcome, renters)
	var wg sync.WaitGroup
	for i := range ids {
		wg.Go(func() {
			var err error
			outcomes[i], _, err = env.Rentings.ConfirmEmail(context.Background(), fmt.Sprintf("renter%d@example.org", i), "t")
			if err != nil {
				t.Errorf("renter %d: %v", i, err)
			}
		})
	}
	wg.Wait()
	confirmed := 0
	for i, o := range outcomes {
		switch o {
		case domain.Confirmed:
			confirmed++
			wantState(t, env, ids[i], domain.ApartmentReserved)
		case domain.ApartmentTaken:
			wantState(t, env, ids[i], domain.SelectApartment)
		default:
			t.Errorf("renter %d: %s", i, o)
		}
	}
	if confirmed != 1 {
		t.Errorf("%d renters got the apartment, want exactly 1", confirmed)
	}
	if n := count(t, env, "SELECT count(*) FROM renting WHERE state = 'APARTMENT_RESERVED'"); n != 1 {
		t.Errorf("%d reserved rentings", n)
	}
}

func TestReselectApartment_movesTheFailedBookingToAFreeApartment(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	ada := request(t, env, 11, "ada@example.org")
	bob := request(t, env, 11, "bob@example.org")
	carl := request(t, env, 12, "carl@example.org")
	confirm(t, env, bob, "bob@example.org")
	confirm(t, env, carl, "carl@example.org")
	confirm(t, env, ada, "ada@example.org")

	ctx := context.Background()
	wantException(t, env.Rentings.ReselectApartment(ctx, ada, 12), "apartmentId", domain.MsgApartmentTaken)
	wantException(t, env.Rentings.ReselectApartment(ctx, ada, 999), "apartmentId", domain.MsgNoApartment)
	wantException(t, env.Rentings.ReselectApartment(ctx, bob, 13), "rentingId", domain.MsgNotAllowed)
	wantException(t, env.Rentings.ReselectApartment(ctx, "5f0e1c1e-0000-4000-8000-000000000000", 13), "rentingId", domain.MsgNoRenting)
	if err := env.Rentings.ReselectApartment(ctx, ada, 13); err != nil {
		t.Fatal(err)
	}
	r := mustGet(t, env, ada)
	if r.State != domain.ApartmentReserved || r.ApartmentID != 13 {
		t.Errorf("after reselect: %+v", r)
	}
}

func TestAvailableApartments_heldApartmentsAreNotFree(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	confirm(t, env, request(t, env, 11, "ada@example.org"), "ada@example.org")
	request(t, env, 12, "bob@example.org") // requested only: still free

	a, err := env.Rentings.AvailableApartments(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if a.Semester.Name != "SoSe 2027" || len(a.Free) < 20 {
		t.Fatalf("semester %s, %d apartments", a.Semester.Name, len(a.Free))
	}
	for _, f := range a.Free {
		if f.Free != (f.ApartmentID != 11) {
			t.Errorf("apartment %d free = %v", f.ApartmentID, f.Free)
		}
	}
}
