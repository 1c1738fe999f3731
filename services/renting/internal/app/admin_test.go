package app_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/identity"
	"semesterhaus/services/renting/internal/app"
	"semesterhaus/services/renting/internal/domain"
	"semesterhaus/services/renting/internal/testenv"
)

func TestApproveIdentityCard_unlocksAReservedRentingAndIsAudited(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	id := request(t, env, 11, "ada@example.org")
	confirm(t, env, id, "ada@example.org")

	if err := env.Office.ApproveIdentityCard(testenv.Anonymous(), id); !errors.Is(err, identity.ErrForbidden) {
		t.Errorf("anonymous: %v", err)
	}
	if err := env.Office.ApproveIdentityCard(testenv.Admin(), id); err != nil {
		t.Fatal(err)
	}
	wantState(t, env, id, domain.OwnerAcknowledged)
	if n := count(t, env, "SELECT count(*) FROM audit_log WHERE actor = 'admin' AND action = 'approveIdentityCard' AND subject = $1", "renting/"+id); n != 1 {
		t.Errorf("%d audit entries", n)
	}
	if got := outbox(t, env); got[len(got)-1] != "renting.state.owner_acknowledged" {
		t.Errorf("events %v", got)
	}

	bookings, err := env.Queries.BookingsOfRenter(testenv.Admin(), mustGet(t, env, id).RenterID)
	if err != nil || len(bookings) != 1 || !bookings[0].EmailConfirmed || !bookings[0].RenterIsUnlocked || bookings[0].OwnerAcknowledgedDate == nil {
		t.Errorf("bookings %+v, %v", bookings, err)
	}
}

func TestApproveIdentityCard_refusesMissingAndUnconfirmedRentings(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	unconfirmed := request(t, env, 11, "ada@example.org")

	err := env.Office.ApproveIdentityCard(testenv.Admin(), "5f0e1c1e-0000-4000-8000-000000000000")
	if !errors.Is(err, app.ErrRentingNotPresent) || err.Error() != "rentingId was not present" {
		t.Errorf("missing renting: %v", err)
	}
	var refused *domain.TransitionError
	if err := env.Office.ApproveIdentityCard(testenv.Admin(), unconfirmed); !errors.As(err, &refused) {
		t.Errorf("unconfirmed renting: %v", err)
	}
	wantState(t, env, unconfirmed, domain.ApartmentRequested)
	if n := count(t, env, "SELECT count(*) FROM audit_log"); n != 0 {
		t.Errorf("%d audit entries for refused approvals", n)
	}
}

func TestFreeApartment_deletesEveryRentingOfTheApartmentWithItsLog(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	ada := request(t, env, 11, "ada@example.org")
	bob := request(t, env, 11, "bob@example.org")
	other := request(t, env, 12, "carl@example.org")
	confirm(t, env, ada, "ada@example.org")
	semester := mustGet(t, env, ada).SemesterID

	if err := env.Office.FreeApartment(testenv.Anonymous(), 11, semester); !errors.Is(err, identity.ErrForbidden) {
		t.Errorf("anonymous: %v", err)
	}
	if err := env.Office.FreeApartment(testenv.Admin(), 11, semester); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{ada, bob} {
		if _, err := env.Queries.Renting(context.Background(), id); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("renting %s still there: %v", id, err)
		}
	}
	wantState(t, env, other, domain.ApartmentRequested)
	if n := count(t, env, "SELECT count(*) FROM renting_log WHERE renting_id = ANY($1::uuid[])", []string{ada, bob}); n != 0 {
		t.Errorf("%d log entries of deleted rentings", n)
	}
	deleted := slices.DeleteFunc(outbox(t, env), func(s string) bool { return s != "renting.deleted" })
	if len(deleted) != 2 {
		t.Errorf("%d renting.deleted events, want 2", len(deleted))
	}
	// One entry per deleted renting, naming its renter: each renter's log in the back office shows it.
	if n := count(t, env, "SELECT count(*) FROM audit_log WHERE action = 'freeApartment' AND actor = 'admin' AND concerns IS NOT NULL AND subject = ANY($1)",
		[]string{"renting/" + ada, "renting/" + bob}); n != 2 {
		t.Errorf("%d audit entries naming the deleted rentings and their renters, want 2", n)
	}
}

func TestOccupancy_oneStatusPerAskedApartmentInOrder(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	reserved := request(t, env, 12, "ada@example.org")
	confirm(t, env, reserved, "ada@example.org")
	requested := request(t, env, 13, "bob@example.org")
	semester := mustGet(t, env, reserved).SemesterID

	if _, err := env.Queries.Occupancy(testenv.Anonymous(), semester, []int{11}); !errors.Is(err, identity.ErrForbidden) {
		t.Errorf("anonymous: %v", err)
	}
	statuses, err := env.Queries.Occupancy(testenv.Admin(), semester, []int{13, 11, 12})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		apartment int
		state     domain.State
		renting   string
	}{{13, domain.ApartmentRequested, requested}, {11, domain.Available, ""}, {12, domain.ApartmentReserved, reserved}}
	for i, w := range want {
		s := statuses[i]
		got := ""
		if s.Renting != nil {
			got = s.Renting.ID
		}
		if s.ApartmentID != w.apartment || s.State != w.state || got != w.renting {
			t.Errorf("status %d: %+v, want %+v", i, s, w)
		}
	}

	running, err := env.Catalog.Semesters(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, sem := range running {
		if sem.Phase == domain.PhaseRunning {
			statuses, err := env.Queries.Occupancy(testenv.Admin(), sem.ID, []int{11})
			if err != nil || statuses[0].State != domain.ApartmentEmpty {
				t.Errorf("running semester: %+v, %v", statuses, err)
			}
		}
	}
}

func TestOfferRenewal_offersThePaidApartmentForTheFollowingSemesterNow(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	ctx := context.Background()
	current, next := semesterNamed(t, env, "WiSe 2026/27"), semesterNamed(t, env, "SoSe 2027")
	paid := payedRenting(t, env, 7, 11, current.ID)

	if _, err := env.Renewals.OfferRenewal(testenv.Anonymous(), paid); !errors.Is(err, identity.ErrForbidden) {
		t.Errorf("anonymous: %v", err)
	}
	id, err := env.Renewals.OfferRenewal(testenv.Admin(), paid)
	if err != nil {
		t.Fatal(err)
	}
	renewal, err := env.Queries.Renting(ctx, id)
	if err != nil || renewal.State != domain.RenewalRequest || !renewal.Renewal || renewal.ApartmentID != 11 ||
		renewal.SemesterID != next.ID || renewal.RenterID != 7 {
		t.Fatalf("renewal %+v, %v", renewal, err)
	}
	if got := outbox(t, env); got[len(got)-1] != "renting.state.renewal_request" {
		t.Errorf("events %v: the renewal mail goes out because of renting.state.renewal_request", got)
	}
	if n := count(t, env, "SELECT count(*) FROM audit_log WHERE actor = 'admin' AND action = 'offerRenewal' AND concerns = 'renter/7' AND subject = $1", "renting/"+id); n != 1 {
		t.Errorf("%d audit entries", n)
	}

	_, err = env.Renewals.OfferRenewal(testenv.Admin(), paid)
	var again *exception.Error
	if !errors.As(err, &again) || again.MessageID != domain.MsgAlreadyRenting {
		t.Errorf("a second offer: %v, want %s", err, domain.MsgAlreadyRenting)
	}
	_, err = env.Renewals.OfferRenewal(testenv.Admin(), id)
	var notPaid *exception.Error
	if !errors.As(err, &notPaid) || notPaid.MessageID != domain.MsgNotAllowed {
		t.Errorf("an offer for a renting that is not paid: %v, want %s", err, domain.MsgNotAllowed)
	}
}

func TestAnswerRenewalForRenter_acceptsOrDeclinesAnOpenRenewalOnTheRentersBehalfAudited(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	current, next := semesterNamed(t, env, "WiSe 2026/27"), semesterNamed(t, env, "SoSe 2027")
	offer := func(renterID int64, apartmentID int) string {
		t.Helper()
		id, err := env.Renewals.OfferRenewal(testenv.Admin(), payedRenting(t, env, renterID, apartmentID, current.ID))
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	accepted, declined := offer(7, 11), offer(8, 12)

	if err := env.Renewals.AnswerRenewalForRenter(testenv.Anonymous(), accepted, true); !errors.Is(err, identity.ErrForbidden) {
		t.Errorf("anonymous: %v", err)
	}
	bookings, err := env.Queries.BookingsOfRenter(testenv.Admin(), 7)
	if err != nil {
		t.Fatal(err)
	}
	renewal := bookings[slices.IndexFunc(bookings, func(b domain.Booking) bool { return b.Renting.ID == accepted })]
	if renewal.RenewalDeadline == nil || !renewal.RenewalDeadline.Equal(next.RenewalDeadline) {
		t.Errorf("renewal deadline %v, want %s", renewal.RenewalDeadline, next.RenewalDeadline)
	}

	if err := env.Renewals.AnswerRenewalForRenter(testenv.Admin(), accepted, true); err != nil {
		t.Fatal(err)
	}
	if err := env.Renewals.AnswerRenewalForRenter(testenv.Admin(), declined, false); err != nil {
		t.Fatal(err)
	}
	wantState(t, env, accepted, domain.RenewalAccepted)
	wantState(t, env, declined, domain.Canceled)
	for action, subject := range map[string]string{"acceptRenewalForRenter": accepted, "declineRenewalForRenter": declined} {
		if n := count(t, env, "SELECT count(*) FROM audit_log WHERE actor = 'admin' AND action = $1 AND subject = $2", action, "renting/"+subject); n != 1 {
			t.Errorf("%d audit entries of %s", n, action)
		}
	}
	// answered already: a second answer is refused and changes nothing
	var refused *exception.Error
	if err := env.Renewals.AnswerRenewalForRenter(testenv.Admin(), accepted, false); !errors.As(err, &refused) || refused.MessageID != domain.MsgNotAllowed {
		t.Errorf("a second answer: %v, want %s", err, domain.MsgNotAllowed)
	}
	wantState(t, env, accepted, domain.RenewalAccepted)
}

func TestOfficeTasks_listWhatWaitsForTheOfficeOldestFirst(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	request(t, env, 13, "early@example.org") // made first, unconfirmed: expires after 72 h
	env.Clock.Set(testenv.DesignDay.Add(time.Hour))
	reserved := request(t, env, 12, "ada@example.org")
	confirm(t, env, reserved, "ada@example.org")
	current := semesterNamed(t, env, "WiSe 2026/27")
	renewal, err := env.Renewals.OfferRenewal(testenv.Admin(), payedRenting(t, env, 7, 11, current.ID))
	if err != nil {
		t.Fatal(err)
	}

	if _, err := env.Queries.OfficeTasks(testenv.Anonymous()); !errors.Is(err, identity.ErrForbidden) {
		t.Errorf("anonymous: %v", err)
	}
	kinds := func() []domain.TaskKind {
		t.Helper()
		tasks, err := env.Queries.OfficeTasks(testenv.Admin())
		if err != nil {
			t.Fatal(err)
		}
		var out []domain.TaskKind
		for _, task := range tasks {
			out = append(out, task.Kind)
			if task.Kind == domain.TaskIdentityApproval && task.Renting.ID != reserved || task.Kind == domain.TaskRenewalUnanswered && task.Renting.ID != renewal {
				t.Errorf("task %s names renting %s", task.Kind, task.Renting.ID)
			}
		}
		return out
	}
	if got := kinds(); !slices.Equal(got, []domain.TaskKind{domain.TaskIdentityApproval, domain.TaskRenewalUnanswered}) {
		t.Errorf("tasks %v, want the identity approval and the renewal (the fresh request waits for its renter)", got)
	}
	env.Clock.Set(testenv.DesignDay.Add(50 * time.Hour)) // the first request expires within a day now
	if got := kinds(); !slices.Equal(got, []domain.TaskKind{domain.TaskRequestExpiring, domain.TaskIdentityApproval, domain.TaskRenewalUnanswered}) {
		t.Errorf("tasks %v, want the expiring request first", got)
	}
}

func TestRenterApartments_theApartmentsOfEachRentersRentingsNotCanceled(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	current := semesterNamed(t, env, "WiSe 2026/27")
	payedRenting(t, env, 7, 11, current.ID)
	canceled := payedRenting(t, env, 7, 12, semesterNamed(t, env, "SoSe 2026").ID)
	if err := env.Repo.Update(context.Background(), canceled, func(r *domain.Renting) error { return r.MoveTo(domain.Canceled, env.Clock.Now()) }); err != nil {
		t.Fatal(err)
	}
	payedRenting(t, env, 8, 13, current.ID)

	if _, err := env.Queries.RenterApartments(testenv.Anonymous()); !errors.Is(err, identity.ErrForbidden) {
		t.Errorf("anonymous: %v", err)
	}
	got, err := env.Queries.RenterApartments(testenv.Admin())
	if err != nil || len(got) != 2 || !slices.Equal(got[7], []int{11}) || !slices.Equal(got[8], []int{13}) {
		t.Errorf("renter apartments %v, %v; want 7 in 11 (12 canceled) and 8 in 13", got, err)
	}
}
