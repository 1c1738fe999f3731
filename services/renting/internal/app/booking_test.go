package app_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"semesterhaus/platform/exception"
	commonv1 "semesterhaus/proto/gen/common/v1"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	pgadapter "semesterhaus/services/renting/internal/adapters/postgres"
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
		renterViolation *commonv1.Violation
		path, msg       string
	}{
		{"semester not bookable", func(r *app.BookingRequest) { r.SemesterID++ }, nil, "semesterId", domain.MsgSemesterNotBookable},
		{"unknown apartment", func(r *app.BookingRequest) { r.ApartmentID = 999 }, nil, "apartmentId", domain.MsgNoApartment},
		{"renter data the renter service refuses", func(*app.BookingRequest) {}, &commonv1.Violation{Path: "zip", MessageId: "INVALID_ZIP"}, "zip", "INVALID_ZIP"},
	}
	for _, tt := range tests {
		req := bookingRequest(t, env, 11, "ada@example.org")
		tt.change(&req)
		env.Renters.Refuse(tt.renterViolation)
		_, err := env.Booking.CreateRentingRequest(context.Background(), req)
		wantException(t, err, tt.path, tt.msg)
	}
	if n := count(t, env, "SELECT count(*) FROM renting"); n != 0 || len(outbox(t, env)) != 0 || env.Documents.Rentings() != 0 {
		t.Errorf("%d rentings, events %v, uploads %v stored by refused requests", n, outbox(t, env), env.Documents.Rentings())
	}
}

func TestCreateRentingRequest_brokenUploadUndoesTheRenterRegistration(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	env.Documents.Refuse(&commonv1.Violation{Path: "identityCardFront", MessageId: "INVALID_IMAGE"})
	_, err := env.Booking.CreateRentingRequest(context.Background(), bookingRequest(t, env, 11, "ada@example.org"))
	wantException(t, err, "identityCardFront", "INVALID_IMAGE")
	if len(env.Renters.Deleted()) != 1 || count(t, env, "SELECT count(*) FROM renting") != 0 {
		t.Errorf("renter deleted %v; rentings %d", env.Renters.Deleted(), count(t, env, "SELECT count(*) FROM renting"))
	}
}

func TestCreateRentingRequest_apartmentHeldByAnotherRenterIsTaken(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	first := request(t, env, 11, "ada@example.org")
	confirm(t, env, first, "ada@example.org")

	_, err := env.Booking.CreateRentingRequest(context.Background(), bookingRequest(t, env, 11, "bob@example.org"))
	wantException(t, err, "apartmentId", domain.MsgApartmentTaken)
}

func TestCreateRentingRequest_renterHoldingAnApartment_isAnsweredAsAnyRequestStoresNothingAndMailsTheHolder(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	first := request(t, env, 11, "ada@example.org")
	confirm(t, env, first, "ada@example.org")
	eventsBefore := outbox(t, env)

	id, err := env.Booking.CreateRentingRequest(context.Background(), bookingRequest(t, env, 12, "ADA@example.org"))
	if err != nil {
		t.Fatalf("the request for the holder's address answered %v, want an id like any other", err)
	}
	if _, err := uuid.Parse(id); err != nil || id == first {
		t.Errorf("id %q is no new uuid (%v)", id, err)
	}
	if n := count(t, env, "SELECT count(*) FROM renting"); n != 1 {
		t.Errorf("%d rentings, want only the first", n)
	}
	if n := count(t, env, "SELECT count(*) FROM renting WHERE id = $1", id); n != 0 {
		t.Errorf("the answered id names a stored renting")
	}
	if env.Documents.Rentings() != 1 {
		t.Errorf("uploads of the holder's request were kept: %d rentings have uploads", env.Documents.Rentings())
	}
	if got := outbox(t, env); len(got) != len(eventsBefore)+1 || got[len(got)-1] != pgadapter.ReminderDueSubject(testenv.Subjects) {
		t.Fatalf("events %v, were %v: want one notice to the holder", got, eventsBefore)
	}
	notices := outboxEvents[eventsv1.ReminderDue](t, env, pgadapter.ReminderDueSubject(testenv.Subjects))
	if n := notices[len(notices)-1]; n.GetStep() != string(domain.StepBookingAttempt) || n.GetRentingId() != first ||
		n.GetApartmentId() != 11 || n.GetRenterId() != mustGet(t, env, first).RenterID {
		t.Errorf("notice %v, want BOOKING_ATTEMPT about the held renting %s", n, first)
	}
	wantState(t, env, first, domain.ApartmentReserved)
}

// mailLimit is the production default: three mails per address and hour.
var mailLimit = domain.MailLimit{PerAddress: 3, Window: time.Hour}

func TestCreateRentingRequest_mailsToOneAddress_areBoundedWithItsSubAddressesInAnyCase(t *testing.T) {
	t.Parallel()
	env := testenv.NewLimited(t, testenv.DesignDay, testenv.Subjects, mailLimit)
	for i, email := range []string{"ada@example.org", "Ada+booking@Example.org", " ada+x@example.org"} {
		if _, err := env.Booking.CreateRentingRequest(context.Background(), bookingRequest(t, env, 11+i, email)); err != nil {
			t.Fatalf("request %d for %s: %v", i+1, email, err)
		}
	}
	env.Clock.Add(10 * time.Minute)
	for _, email := range []string{"ADA@example.org", "ada+other@example.org"} {
		_, err := env.Booking.CreateRentingRequest(context.Background(), bookingRequest(t, env, 14, email))
		wantException(t, err, "email", domain.MsgTooManyMails)
		var refused *exception.Error
		if errors.As(err, &refused) && (len(refused.Params) != 1 || refused.Params["minutes"] != "50") {
			t.Errorf("params %v, want minutes 50 (the first mail leaves the window then)", refused.Params)
		}
	}
	if n := count(t, env, "SELECT count(*) FROM renting"); n != 3 || len(outbox(t, env)) != 3 || env.Documents.Rentings() != 3 {
		t.Errorf("%d rentings, events %v, %d uploads: want the three requests that mailed only", n, outbox(t, env), env.Documents.Rentings())
	}
	request(t, env, 14, "bob@example.org") // another address is not touched

	env.Clock.Add(50 * time.Minute) // the first mails left the window
	for i := range 3 {
		request(t, env, 14+i, "ada@example.org")
	}
	_, err := env.Booking.CreateRentingRequest(context.Background(), bookingRequest(t, env, 21, "ada@example.org"))
	wantException(t, err, "email", domain.MsgTooManyMails)
}

func TestCreateRentingRequest_requestsThatMailNothing_countNothing(t *testing.T) {
	t.Parallel()
	env := testenv.NewLimited(t, testenv.DesignDay, testenv.Subjects, mailLimit)
	holder := request(t, env, 21, "holder@example.org")
	confirm(t, env, holder, "holder@example.org")
	for range 5 { // a taken apartment, another semester (a broken upload's base64: graphql's uploads_test.go)
		_, err := env.Booking.CreateRentingRequest(context.Background(), bookingRequest(t, env, 21, "ada@example.org"))
		wantException(t, err, "apartmentId", domain.MsgApartmentTaken)
		other := bookingRequest(t, env, 11, "ada@example.org")
		other.SemesterID++
		_, err = env.Booking.CreateRentingRequest(context.Background(), other)
		wantException(t, err, "semesterId", domain.MsgSemesterNotBookable)
	}
	env.Documents.Refuse(&commonv1.Violation{Path: "identityCardFront", MessageId: "INVALID_IMAGE"})
	for range 5 {
		_, err := env.Booking.CreateRentingRequest(context.Background(), bookingRequest(t, env, 11, "ada@example.org"))
		wantException(t, err, "identityCardFront", "INVALID_IMAGE")
	}
	env.Documents.Refuse(nil)
	env.Renters.Refuse(&commonv1.Violation{Path: "zip", MessageId: "INVALID_ZIP"})
	for range 5 {
		_, err := env.Booking.CreateRentingRequest(context.Background(), bookingRequest(t, env, 11, "ada@example.org"))
		wantException(t, err, "zip", "INVALID_ZIP")
	}
	env.Renters.Refuse(nil)

	for i := range 3 {
		request(t, env, 11+i, "ada@example.org")
	}
	// The holder's notices count as their mails do: the answer tells nothing about who lives here.
	for range 2 {
		if _, err := env.Booking.CreateRentingRequest(context.Background(), bookingRequest(t, env, 22, "holder@example.org")); err != nil {
			t.Fatal(err)
		}
	}
	for _, email := range []string{"ada@example.org", "holder@example.org"} {
		_, err := env.Booking.CreateRentingRequest(context.Background(), bookingRequest(t, env, 14, email))
		wantException(t, err, "email", domain.MsgTooManyMails)
	}
}

func TestCreateRentingRequest_twentyAtOnceForOneAddress_exactlyTheLimitMails(t *testing.T) {
	t.Parallel()
	env := testenv.NewLimited(t, testenv.DesignDay, testenv.Subjects, mailLimit)
	var wg sync.WaitGroup
	errs := make([]error, 20)
	for i := range errs {
		wg.Go(func() {
			email := "ada+" + strconv.Itoa(i) + "@example.org"
			_, errs[i] = env.Booking.CreateRentingRequest(context.Background(), bookingRequest(t, env, apartmentIDs[i], email))
		})
	}
	wg.Wait()
	passed := 0
	for _, err := range errs {
		if err == nil {
			passed++
		} else {
			wantException(t, err, "email", domain.MsgTooManyMails)
		}
	}
	if passed != 3 || len(outbox(t, env)) != 3 || env.Documents.Rentings() != 3 {
		t.Errorf("%d passed, events %v, %d uploads kept: want 3 of each", passed, outbox(t, env), env.Documents.Rentings())
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
		outcome, rentingID, err := env.Booking.ConfirmEmail(context.Background(), "ada@example.org", tt.token)
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
			outcomes[i], _, err = env.Booking.ConfirmEmail(context.Background(), fmt.Sprintf("renter%d@example.org", i), "t")
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
	wantException(t, env.Booking.ReselectApartment(ctx, ada, 12), "apartmentId", domain.MsgApartmentTaken)
	wantException(t, env.Booking.ReselectApartment(ctx, ada, 999), "apartmentId", domain.MsgNoApartment)
	wantException(t, env.Booking.ReselectApartment(ctx, bob, 13), "rentingId", domain.MsgNotAllowed)
	wantException(t, env.Booking.ReselectApartment(ctx, "5f0e1c1e-0000-4000-8000-000000000000", 13), "rentingId", domain.MsgNoRenting)
	if err := env.Booking.ReselectApartment(ctx, ada, 13); err != nil {
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

	a, err := env.Booking.AvailableApartments(context.Background())
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
