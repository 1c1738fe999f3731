package app_test

import (
	"context"
	"sync"
	"testing"
	"time"

	eventsv1 "semesterhaus/proto/gen/events/v1"
	pgadapter "semesterhaus/services/renting/internal/adapters/postgres"
	"semesterhaus/services/renting/internal/domain"
	"semesterhaus/services/renting/internal/testenv"
)

// wantReminders checks that exactly the steps were reminded, in order, each for its renting.
func wantReminders(t *testing.T, env *testenv.Env, want ...[2]string) []*eventsv1.ReminderDue {
	t.Helper()
	got := outboxEvents[eventsv1.ReminderDue](t, env, pgadapter.ReminderDueSubject(testenv.Subjects))
	if len(got) != len(want) {
		t.Fatalf("%d reminders %v, want %v", len(got), got, want)
	}
	for i, w := range want {
		if got[i].GetRentingId() != w[0] || got[i].GetStep() != w[1] {
			t.Errorf("reminder %d is %s for %s, want %s for %s", i, got[i].GetStep(), got[i].GetRentingId(), w[1], w[0])
		}
	}
	return got
}

// moveTo walks the renting through the states at the clock's time.
func moveTo(t *testing.T, env *testenv.Env, id string, states ...domain.State) {
	t.Helper()
	for _, s := range states {
		if err := env.Repo.Update(context.Background(), id, func(r *domain.Renting) error { return r.MoveTo(s, env.Clock.Now()) }); err != nil {
			t.Fatal(err)
		}
	}
}

func TestJobs_remindAnUnconfirmedEmailOnceAfterADayBeforeTheRequestExpires(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	waiting := request(t, env, 11, "ada@example.org")
	confirmed := request(t, env, 12, "bob@example.org")
	confirm(t, env, confirmed, "bob@example.org")

	runJobsAt(t, env, testenv.DesignDay.Add(24*time.Hour-time.Minute))
	wantReminders(t, env)

	runJobsAt(t, env, testenv.DesignDay.Add(24*time.Hour+time.Minute))
	runJobsAt(t, env, testenv.DesignDay.Add(48*time.Hour))
	got := wantReminders(t, env, [2]string{waiting, string(domain.StepConfirmEmail)})
	if r := mustGet(t, env, waiting); got[0].GetRenterId() != r.RenterID || got[0].GetApartmentId() != 11 ||
		got[0].GetSemesterId() != int32(r.SemesterID) || got[0].GetRenewalToken() != "" {
		t.Errorf("reminder %v for renting %+v", got[0], r)
	}
	wantState(t, env, waiting, domain.ApartmentRequested)
}

func TestJobs_remindAnUnsignedContractAndUnpaidRentOnceAfterThreeDaysInTheState(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	ctx := context.Background()
	r := domain.NewRenting(7, 11, semesterNamed(t, env, "SoSe 2027").ID, env.Clock.Now())
	past := domain.NewRenting(8, 11, semesterNamed(t, env, "SoSe 2026").ID, env.Clock.Now())
	for _, r := range []*domain.Renting{r, past} {
		if err := env.Repo.Create(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	moveTo(t, env, past.ID, domain.ApartmentReserved, domain.OwnerAcknowledged, domain.ContractRequested) // a semester that ended: not reminded
	moveTo(t, env, r.ID, domain.ApartmentReserved, domain.OwnerAcknowledged)
	env.Clock.Set(testenv.DesignDay.Add(10 * 24 * time.Hour)) // reserved long ago: only the contract's time counts
	moveTo(t, env, r.ID, domain.ContractRequested)
	sent := env.Clock.Now()

	runJobsAt(t, env, sent.Add(72*time.Hour-time.Minute))
	wantReminders(t, env)
	runJobsAt(t, env, sent.Add(72*time.Hour+time.Minute))
	runJobs(t, env)
	wantReminders(t, env, [2]string{r.ID, string(domain.StepSignContract)})

	moveTo(t, env, r.ID, domain.ContractSigned, domain.Unpaid)
	requested := env.Clock.Now()
	runJobsAt(t, env, requested.Add(72*time.Hour-time.Minute))
	wantReminders(t, env, [2]string{r.ID, string(domain.StepSignContract)})
	runJobsAt(t, env, requested.Add(72*time.Hour+time.Minute))
	if err := env.Repo.Update(ctx, r.ID, func(r *domain.Renting) error { return r.Pay(env.Clock.Now()) }); err != nil {
		t.Fatal(err)
	}
	runJobsAt(t, env, requested.Add(30*24*time.Hour))
	wantReminders(t, env, [2]string{r.ID, string(domain.StepSignContract)}, [2]string{r.ID, string(domain.StepPayRent)})
}

// TestJobs_remindAnUnansweredRenewalOnceAWeekBeforeItsDeadlineWithALinkOfItsOwn: the renewals of the
// summer semester 2027 are due by 30 October; the reminder goes from 23 October, in Berlin, to the
// renewals still unanswered, and its link opens the renewal beside the first mail's.
func TestJobs_remindAnUnansweredRenewalOnceAWeekBeforeItsDeadlineWithALinkOfItsOwn(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, renewalDay, testenv.Subjects)
	ctx := context.Background()
	winter, summer := semesterNamed(t, env, "WiSe 2026/27"), semesterNamed(t, env, "SoSe 2027")
	for i, email := range []string{"ada@example.org", "bob@example.org"} {
		renterID, _, err := env.RenterClient.Register(ctx, bookingRequest(t, env, 11+i, email).Renter, time.Time{}, 0)
		if err != nil {
			t.Fatal(err)
		}
		payedRenting(t, env, renterID, 11+i, winter.ID)
	}
	runJobs(t, env)
	renewals, err := env.Repo.RentingsInState(ctx, domain.RenewalRequest, []int{summer.ID})
	if err != nil || len(renewals) != 2 {
		t.Fatalf("%d renewals: %v", len(renewals), err)
	}
	waiting, answered := renewals[0].ID, renewals[1].ID
	if renewals[0].ApartmentID != 11 {
		waiting, answered = answered, waiting
	}
	if err := env.Renewals.DeclineRenewal(ctx, answered, renewalToken(t, env, answered)); err != nil {
		t.Fatal(err)
	}

	runJobsAt(t, env, time.Date(2026, 10, 22, 23, 30, 0, 0, testenv.Berlin))
	wantReminders(t, env)

	runJobsAt(t, env, time.Date(2026, 10, 23, 0, 30, 0, 0, testenv.Berlin))
	runJobsAt(t, env, time.Date(2026, 10, 30, 12, 0, 0, 0, testenv.Berlin))
	got := wantReminders(t, env, [2]string{waiting, string(domain.StepAnswerRenewal)})
	reminded, mailed := got[0].GetRenewalToken(), renewalToken(t, env, waiting)
	if reminded == "" || reminded == mailed || !got[0].GetRenewal() {
		t.Fatalf("reminder %v: want a renewal link token of its own beside %q", got[0], mailed)
	}
	for _, token := range []string{mailed, reminded} {
		if offer, err := env.Renewals.ExtendBooking(ctx, waiting, token); err != nil || offer.ApartmentID != 11 {
			t.Errorf("the renewal link with token %q: %+v, %v", token, offer, err)
		}
	}
}

// TestJobs_remindARenewalOfferedWithinTheWeekOnceUnansweredForThreeDays: a renewal that enters its
// reminder window already offered (here on 26 October, the window opened on the 23rd) is not reminded
// right away, but once it has waited RENEWAL_REMINDER_AFTER (72 h), and once only.
func TestJobs_remindARenewalOfferedWithinTheWeekOnceUnansweredForThreeDays(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, time.Date(2026, 10, 26, 10, 0, 0, 0, testenv.Berlin), testenv.Subjects)
	ctx := context.Background()
	winter, summer := semesterNamed(t, env, "WiSe 2026/27"), semesterNamed(t, env, "SoSe 2027")
	renterID, _, err := env.RenterClient.Register(ctx, bookingRequest(t, env, 13, "late@example.org").Renter, time.Time{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	payedRenting(t, env, renterID, 13, winter.ID)
	runJobs(t, env)
	renewals, err := env.Repo.RentingsInState(ctx, domain.RenewalRequest, []int{summer.ID})
	if err != nil || len(renewals) != 1 {
		t.Fatalf("%d renewals: %v", len(renewals), err)
	}

	runJobsAt(t, env, time.Date(2026, 10, 29, 9, 30, 0, 0, testenv.Berlin))
	wantReminders(t, env)

	runJobsAt(t, env, time.Date(2026, 10, 29, 10, 30, 0, 0, testenv.Berlin))
	runJobsAt(t, env, time.Date(2026, 10, 30, 10, 30, 0, 0, testenv.Berlin))
	wantReminders(t, env, [2]string{renewals[0].ID, string(domain.StepAnswerRenewal)})
}

// TestRemind_severalReplicasAtOnce_remindOnce: replicas that find the same renting due at the same
// time store one reminder and one event; a renting that moved on meanwhile is not reminded.
func TestRemind_severalReplicasAtOnce_remindOnce(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	ctx := context.Background()
	waiting := request(t, env, 11, "ada@example.org")
	movedOn := request(t, env, 12, "bob@example.org")
	env.Clock.Set(testenv.DesignDay.Add(25 * time.Hour))
	due, err := env.Repo.RemindersDue(ctx, domain.StepConfirmEmail, env.Clock.Now().Add(-24*time.Hour), []int{mustGet(t, env, waiting).SemesterID})
	if err != nil || len(due) != 2 {
		t.Fatalf("%d due: %v", len(due), err)
	}
	confirm(t, env, movedOn, "bob@example.org")

	var wg sync.WaitGroup
	for range 4 {
		for _, r := range due {
			wg.Go(func() {
				if err := env.Repo.Remind(ctx, &r, domain.StepConfirmEmail, env.Clock.Now()); err != nil {
					t.Error(err)
				}
			})
		}
	}
	wg.Wait()
	wantReminders(t, env, [2]string{waiting, string(domain.StepConfirmEmail)})
}
