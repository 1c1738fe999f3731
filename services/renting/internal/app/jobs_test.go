package app_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"google.golang.org/protobuf/proto"

	eventsv1 "semesterhaus/proto/gen/events/v1"
	pgadapter "semesterhaus/services/renting/internal/adapters/postgres"
	"semesterhaus/services/renting/internal/domain"
	"semesterhaus/services/renting/internal/testenv"
)

// renewalDay lies in the renewal window of the summer semester 2027: the winter semester 2026/27
// started on 1 October, renewals are open until 30 October.
var renewalDay = time.Date(2026, 10, 15, 12, 0, 0, 0, testenv.Berlin)

func semesterNamed(t *testing.T, env *testenv.Env, name string) domain.Semester {
	t.Helper()
	semesters, err := env.Catalog.Semesters(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range semesters {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no semester %s", name)
	return domain.Semester{}
}

// payedRenting stores a renting that went the whole way to PAYED in the semester.
func payedRenting(t *testing.T, env *testenv.Env, renterID int64, apartmentID, semesterID int) string {
	t.Helper()
	ctx := context.Background()
	r := domain.NewRenting(renterID, apartmentID, semesterID, env.Clock.Now())
	if err := env.Repo.Create(ctx, r); err != nil {
		t.Fatal(err)
	}
	for _, s := range []domain.State{domain.ApartmentReserved, domain.OwnerAcknowledged, domain.ContractRequested,
		domain.ContractSigned, domain.Unpaid} {
		if err := env.Repo.Update(ctx, r.ID, func(r *domain.Renting) error { return r.MoveTo(s, env.Clock.Now()) }); err != nil {
			t.Fatal(err)
		}
	}
	if err := env.Repo.Update(ctx, r.ID, func(r *domain.Renting) error { return r.Pay(env.Clock.Now()) }); err != nil {
		t.Fatal(err)
	}
	return r.ID
}

func runJobs(t *testing.T, env *testenv.Env) {
	t.Helper()
	ran, err := env.Jobs.RunJobs(context.Background())
	if err != nil || !ran {
		t.Fatalf("job ran=%v: %v", ran, err)
	}
}

// runJobsAt sets the clock to at and runs the jobs.
func runJobsAt(t *testing.T, env *testenv.Env, at time.Time) {
	t.Helper()
	env.Clock.Set(at)
	runJobs(t, env)
}

func TestJobs_cancelRequestsUnconfirmedForTheConfirmationTimeout(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	id := request(t, env, 11, "ada@example.org")

	env.Clock.Set(testenv.DesignDay.Add(71 * time.Hour))
	runJobs(t, env)
	wantState(t, env, id, domain.ApartmentRequested)

	env.Clock.Set(testenv.DesignDay.Add(73 * time.Hour))
	runJobs(t, env)
	wantState(t, env, id, domain.Canceled)
	if got := outbox(t, env); got[len(got)-1] != "renting.state.canceled" {
		t.Errorf("events %v", got)
	}
}

func TestJobs_offerARenewalToEveryPayedRenterOnce(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, renewalDay, testenv.Subjects)
	ctx := context.Background()
	renterID, _, _ := env.RenterClient.Register(ctx, bookingRequest(t, env, 11, "ada@example.org").Renter, time.Time{}, 0)
	current, next := semesterNamed(t, env, "WiSe 2026/27"), semesterNamed(t, env, "SoSe 2027")
	if next.Phase != domain.PhaseRenewal {
		t.Fatalf("SoSe 2027 is %s on the renewal day", next.Phase)
	}
	payedRenting(t, env, renterID, 11, current.ID)

	runJobs(t, env)
	runJobs(t, env)
	rentings, err := env.Queries.RentingsOfRenter(testenv.Admin(), renterID)
	if err != nil || len(rentings) != 2 {
		t.Fatalf("%d rentings, want the payed one and one renewal: %v", len(rentings), err)
	}
	// Both were made at the same instant: find the renewal by its flag, not by the order.
	i := slices.IndexFunc(rentings, func(r domain.Renting) bool { return r.Renewal })
	if i < 0 {
		t.Fatalf("no renewal among %+v", rentings)
	}
	renewal := rentings[i]
	if renewal.State != domain.RenewalRequest || !renewal.Renewal || renewal.ApartmentID != 11 || renewal.SemesterID != next.ID {
		t.Fatalf("renewal %+v", renewal)
	}

	offer, err := env.Renewals.ExtendBooking(ctx, renewal.ID, renewalToken(t, env, renewal.ID))
	if err != nil || offer.Renter.Email != "ada@example.org" || offer.Price.Total <= 0 || len(offer.Price.Items) != 1 {
		t.Errorf("extend booking %+v, %v", offer, err)
	}
	bookings, err := env.Queries.BookingsOfRenter(testenv.Admin(), renterID)
	if err != nil || !bookings[1].EmailConfirmed || !bookings[1].RenterIsUnlocked {
		t.Errorf("a renewal counts as confirmed and unlocked: %+v, %v", bookings, err)
	}
}

func TestJobs_cancelRenewalsUnansweredAfterTheDeadline(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, renewalDay, testenv.Subjects)
	payedRenting(t, env, 7, 11, semesterNamed(t, env, "WiSe 2026/27").ID)
	runJobs(t, env)
	renewals, err := env.Repo.RentingsInState(context.Background(), domain.RenewalRequest, []int{semesterNamed(t, env, "SoSe 2027").ID})
	if err != nil || len(renewals) != 1 {
		t.Fatalf("%d renewals: %v", len(renewals), err)
	}

	env.Clock.Set(time.Date(2026, 10, 30, 23, 0, 0, 0, testenv.Berlin)) // the deadline day itself
	runJobs(t, env)
	wantState(t, env, renewals[0].ID, domain.RenewalRequest)

	env.Clock.Set(time.Date(2026, 10, 31, 0, 30, 0, 0, testenv.Berlin))
	runJobs(t, env)
	wantState(t, env, renewals[0].ID, domain.Canceled)
}

func TestJobs_runOnOneReplicaAtATime(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	ctx := context.Background()
	inside := make(chan struct{})
	release := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		_, err := env.Repo.Exclusively(ctx, func(context.Context) error {
			close(inside)
			<-release
			return nil
		})
		done <- err
	}()
	<-inside
	ran, err := env.Jobs.RunJobs(ctx)
	close(release)
	if err != nil || ran {
		t.Errorf("second replica ran=%v, %v; want it to skip", ran, err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if ran, err := env.Jobs.RunJobs(ctx); err != nil || !ran {
		t.Errorf("after the first finished: ran=%v, %v", ran, err)
	}
}

// outboxEvents decodes the events on subject in the outbox, oldest first.
func outboxEvents[E any, P interface {
	*E
	proto.Message
}](t *testing.T, env *testenv.Env, subject string) []P {
	t.Helper()
	rows, err := env.Pool.Query(context.Background(), "SELECT payload FROM outbox WHERE subject = $1 ORDER BY seq", subject)
	if err != nil {
		t.Fatal(err)
	}
	payloads, err := pgx.CollectRows(rows, pgx.RowTo[[]byte])
	if err != nil {
		t.Fatal(err)
	}
	events := make([]P, len(payloads))
	for i, payload := range payloads {
		events[i] = new(E)
		if err := proto.Unmarshal(payload, events[i]); err != nil {
			t.Fatal(err)
		}
	}
	return events
}

// keyCodesAnnounced decodes the KeyCodeDue events in the outbox.
func keyCodesAnnounced(t *testing.T, env *testenv.Env) []*eventsv1.KeyCodeDue {
	t.Helper()
	return outboxEvents[eventsv1.KeyCodeDue](t, env, pgadapter.KeyCodeDueSubject(testenv.Subjects))
}

func TestJobs_announceTheKeyCodeOfAPaidRentingOnceKeyCodeDaysBeforeMoveIn(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	summer := semesterNamed(t, env, "SoSe 2027")
	paid := payedRenting(t, env, 11, 11, summer.ID)
	canceled := payedRenting(t, env, 12, 12, summer.ID)
	if err := env.Repo.Update(context.Background(), canceled, func(r *domain.Renting) error {
		return r.MoveTo(domain.Canceled, env.Clock.Now())
	}); err != nil {
		t.Fatal(err)
	}
	// beforeMoveIn is an hour of a day in Berlin before the semester starts (the last Sunday of March
	// has 23 hours: adding durations would miss the day).
	beforeMoveIn := func(days, hour int) time.Time {
		return time.Date(summer.Start.Year(), summer.Start.Month(), summer.Start.Day()-days, hour, 0, 0, 0, testenv.Berlin)
	}

	env.Clock.Set(beforeMoveIn(4, 23))
	runJobs(t, env)
	if got := keyCodesAnnounced(t, env); len(got) != 0 {
		t.Fatalf("announced 4 days before move-in: %v", got)
	}

	env.Clock.Set(beforeMoveIn(3, 0))
	runJobs(t, env)
	runJobs(t, env)
	got := keyCodesAnnounced(t, env)
	if len(got) != 1 {
		t.Fatalf("%d key code events, want exactly 1 (none for the canceled renting)", len(got))
	}
	if e := got[0]; e.GetRentingId() != paid || e.GetAccessKey() != mustGet(t, env, paid).AccessKey || e.GetAccessKey() == "" ||
		!e.GetMoveIn().AsTime().Equal(summer.Start) || e.GetSemesterId() != int32(summer.ID) {
		t.Errorf("key code event %v", e)
	}
}

// TestJobs_forgetRequestsCancelledUnconfirmedAfterTheRetention: a request that expired without its
// address confirmed is deleted, announced and audited once the retention is over; a booking that
// was confirmed before it ended is kept.
func TestJobs_forgetRequestsCancelledUnconfirmedAfterTheRetention(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	ctx := context.Background()
	unconfirmed := request(t, env, 11, "ada@example.org")
	confirmed := request(t, env, 12, "bob@example.org")
	confirm(t, env, confirmed, "bob@example.org")
	if err := env.Repo.Update(ctx, confirmed, func(r *domain.Renting) error { return r.MoveTo(domain.Canceled, env.Clock.Now()) }); err != nil {
		t.Fatal(err)
	}
	expired := testenv.DesignDay.Add(73 * time.Hour)
	env.Clock.Set(expired)
	runJobs(t, env)
	wantState(t, env, unconfirmed, domain.Canceled)

	env.Clock.Set(expired.Add(30*24*time.Hour - time.Minute))
	runJobs(t, env)
	wantState(t, env, unconfirmed, domain.Canceled)

	env.Clock.Set(expired.Add(30*24*time.Hour + time.Minute))
	runJobs(t, env)
	runJobs(t, env) // again: nothing more to forget
	if _, err := env.Repo.Get(ctx, unconfirmed); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("the unconfirmed request is still there: %v", err)
	}
	wantState(t, env, confirmed, domain.Canceled)
	var announced, audited int
	_ = env.Pool.QueryRow(ctx, "SELECT count(*) FROM outbox WHERE subject = 'renting.deleted'").Scan(&announced)
	_ = env.Pool.QueryRow(ctx, "SELECT count(*) FROM audit_log WHERE actor = 'retention' AND action = 'forgetRequest' AND subject = $1",
		"renting/"+unconfirmed).Scan(&audited)
	if announced != 1 || audited != 1 {
		t.Errorf("renting.deleted announced %d times, audited %d times; want once each", announced, audited)
	}
}

func TestBookingsOfRenter_keyCodeIsDueOnADayUntilItIsSentThenSaysWhen(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	summer := semesterNamed(t, env, "SoSe 2027")
	paid := payedRenting(t, env, 11, 11, summer.ID)
	renterID := mustGet(t, env, paid).RenterID
	booking := func() domain.Booking {
		t.Helper()
		bookings, err := env.Queries.BookingsOfRenter(testenv.Admin(), renterID)
		if err != nil || len(bookings) != 1 {
			t.Fatalf("bookings %+v, %v", bookings, err)
		}
		return bookings[0]
	}

	before := booking()
	if due := before.KeyCodeDueOn; due == nil || !due.Equal(summer.Start.AddDate(0, 0, -3)) || before.Renting.KeyCodeSentAt != nil {
		t.Errorf("before the job: due %v, sent %v; want due 3 days before %s and not sent", due, before.Renting.KeyCodeSentAt, summer.Start)
	}
	sendDay := time.Date(summer.Start.Year(), summer.Start.Month(), summer.Start.Day()-3, 8, 0, 0, 0, testenv.Berlin)
	env.Clock.Set(sendDay)
	runJobs(t, env)
	after := booking()
	if after.KeyCodeDueOn != nil || after.Renting.KeyCodeSentAt == nil || !after.Renting.KeyCodeSentAt.Equal(sendDay) {
		t.Errorf("after the job: due %v, sent %v; want sent at %s", after.KeyCodeDueOn, after.Renting.KeyCodeSentAt, sendDay)
	}
}
