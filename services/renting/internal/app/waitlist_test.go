package app_test

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"semesterhaus/platform/identity"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	pgadapter "semesterhaus/services/renting/internal/adapters/postgres"
	"semesterhaus/services/renting/internal/app"
	"semesterhaus/services/renting/internal/domain"
	"semesterhaus/services/renting/internal/testenv"
)

// The residence of testenv: apartments 1-6, 11-16, 21-26, 31-36 on floors 1 to 4; apartment n of a
// floor has 20+2n m².
var apartmentIDs = []int{1, 2, 3, 4, 5, 6, 11, 12, 13, 14, 15, 16, 21, 22, 23, 24, 25, 26, 31, 32, 33, 34, 35, 36}

// fillHouse makes every apartment of the bookable semester unavailable: the ones in held are
// booked and confirmed (held by a renting), all others blocked. It returns the rentings by apartment.
func fillHouse(t *testing.T, env *testenv.Env, held ...int) map[int]string {
	t.Helper()
	semester := bookableSemester(t, env)
	rentings := map[int]string{}
	for _, id := range apartmentIDs {
		if slices.Contains(held, id) {
			email := "holder" + strconv.Itoa(id) + "@example.org"
			rentings[id] = request(t, env, id, email)
			confirm(t, env, rentings[id], email)
			continue
		}
		if err := env.Office.BlockApartment(testenv.Admin(), id, semester, "voll"); err != nil {
			t.Fatal(err)
		}
	}
	return rentings
}

func join(t *testing.T, env *testenv.Env, email, name string, wishes domain.Wishes) {
	t.Helper()
	request, err := domain.NewWaitlistJoin(bookableSemester(t, env), email, name, "de", wishes)
	if err != nil {
		t.Fatal(err)
	}
	if err := env.Waitlist.JoinWaitlist(context.Background(), request); err != nil {
		t.Fatalf("join %s: %v", email, err)
	}
}

func confirmations(t *testing.T, env *testenv.Env) []*eventsv1.WaitlistConfirmationRequested {
	t.Helper()
	return outboxEvents[eventsv1.WaitlistConfirmationRequested](t, env, pgadapter.WaitlistConfirmationSubject(testenv.Subjects))
}

func offers(t *testing.T, env *testenv.Env) []*eventsv1.WaitlistOfferMade {
	t.Helper()
	return outboxEvents[eventsv1.WaitlistOfferMade](t, env, pgadapter.WaitlistOfferSubject(testenv.Subjects))
}

// joinConfirmed joins and opens the confirmation link of the mail.
func joinConfirmed(t *testing.T, env *testenv.Env, email string, wishes domain.Wishes) {
	t.Helper()
	join(t, env, email, "Person "+email, wishes)
	mails := confirmations(t, env)
	if err := env.Waitlist.ConfirmWaitlistEntry(context.Background(), mails[len(mails)-1].GetToken()); err != nil {
		t.Fatalf("confirm %s: %v", email, err)
	}
}

func waitlist(t *testing.T, env *testenv.Env) []app.WaitlistEntry {
	t.Helper()
	entries, err := env.Waitlist.Waitlist(testenv.Admin(), bookableSemester(t, env))
	if err != nil {
		t.Fatal(err)
	}
	return entries
}

// lineStates lists "email state apartment" of each entry in line order.
func lineStates(t *testing.T, env *testenv.Env) []string {
	t.Helper()
	var states []string
	for _, e := range waitlist(t, env) {
		line := e.Email + " " + string(e.State)
		if e.OfferApartmentID != 0 {
			line += " " + strconv.Itoa(e.OfferApartmentID)
		}
		states = append(states, line)
	}
	return states
}

func bookThroughOffer(env *testenv.Env, t *testing.T, apartmentID int, email, token string) (string, error) {
	t.Helper()
	req := bookingRequest(t, env, apartmentID, email)
	req.OfferToken = token
	return env.Booking.CreateRentingRequest(context.Background(), req)
}

func TestWaitlist_joinAndConfirm_anAddressIsMailedOncePerWindowAndStandsInLineOnce(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	semester := bookableSemester(t, env)
	request, _ := domain.NewWaitlistJoin(semester, "ada@example.org", "Ada", "de", domain.Wishes{})
	wantException(t, env.Waitlist.JoinWaitlist(context.Background(), request), "semesterId", domain.MsgWaitlistNotNeeded)
	fillHouse(t, env)
	other, _ := domain.NewWaitlistJoin(semester+1, "ada@example.org", "Ada", "de", domain.Wishes{})
	wantException(t, env.Waitlist.JoinWaitlist(context.Background(), other), "semesterId", domain.MsgSemesterNotBookable)

	join(t, env, "ada@example.org", "Ada Lovelace", domain.Wishes{FloorID: 2})
	join(t, env, "ADA@example.org", "Somebody Else", domain.Wishes{}) // within the window: no second mail, same answer
	mails := confirmations(t, env)
	if len(mails) != 1 || mails[0].GetEmail() != "ada@example.org" || mails[0].GetName() != "Ada Lovelace" || mails[0].GetLanguage() != "de" || mails[0].GetToken() == "" {
		t.Fatalf("confirmation mails %v, want one to ada", mails)
	}
	if n := count(t, env, "SELECT count(*) FROM waitlist_entry WHERE confirm_hash = $1", domain.HashLinkToken(mails[0].GetToken())); n != 1 {
		t.Errorf("%d entries store the token's hash", n)
	}
	if n := count(t, env, "SELECT count(*) FROM waitlist_entry WHERE position(convert_to($1, 'UTF8') IN confirm_hash) > 0", mails[0].GetToken()); n != 0 {
		t.Error("the plain token is stored")
	}
	if got := waitlist(t, env); len(got) != 0 {
		t.Errorf("unconfirmed entries in line: %+v", got)
	}

	wantException(t, env.Waitlist.ConfirmWaitlistEntry(context.Background(), "forged"), "token", domain.MsgWaitlistLinkInvalid)
	for range 2 { // opening the link again changes nothing
		if err := env.Waitlist.ConfirmWaitlistEntry(context.Background(), mails[0].GetToken()); err != nil {
			t.Fatal(err)
		}
	}
	got := waitlist(t, env)
	if len(got) != 1 || got[0].Position != 1 || got[0].State != domain.EntryWaiting || got[0].Name != "Ada Lovelace" || got[0].Wishes.FloorID != 2 {
		t.Fatalf("waitlist %+v, want ada waiting first", got)
	}

	env.Clock.Set(testenv.DesignDay.Add(2 * time.Hour)) // past the window: a confirmed address is not mailed again
	join(t, env, "ada@example.org", "Ada", domain.Wishes{})
	join(t, env, "bob@example.org", "Bob", domain.Wishes{})
	env.Clock.Set(testenv.DesignDay.Add(150 * time.Minute)) // within bob's window
	join(t, env, "bob@example.org", "Bob", domain.Wishes{})
	env.Clock.Set(testenv.DesignDay.Add(4 * time.Hour)) // past it: the unconfirmed bob gets a new link
	join(t, env, "bob@example.org", "Bob B.", domain.Wishes{})
	mails = confirmations(t, env)
	if len(mails) != 3 || mails[1].GetEmail() != "bob@example.org" || mails[2].GetName() != "Bob B." {
		t.Fatalf("confirmation mails %v, want ada's and two to bob", mails)
	}
	env.Clock.Set(testenv.DesignDay.Add(4*time.Hour + 72*time.Hour)) // the confirmation timeout after bob's last mail
	wantException(t, env.Waitlist.ConfirmWaitlistEntry(context.Background(), mails[2].GetToken()), "token", domain.MsgWaitlistLinkInvalid)
	runJobs(t, env)
	if n := count(t, env, "SELECT count(*) FROM waitlist_entry WHERE state = 'UNCONFIRMED'"); n != 0 {
		t.Errorf("%d entries never confirmed are kept after the confirmation timeout", n)
	}
}

func TestWaitlist_aFreedApartmentIsOfferedToTheFirstInLineWhoseWishesItMeets_heldForThemUntilTheyBook(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	rentings := fillHouse(t, env, 14, 15)
	joinConfirmed(t, env, "ada@example.org", domain.Wishes{FloorID: 3})  // wants the second floor up
	joinConfirmed(t, env, "bob@example.org", domain.Wishes{MinSize: 28}) // 14 has 28 m²
	joinConfirmed(t, env, "carl@example.org", domain.Wishes{})
	runJobs(t, env)
	if len(offers(t, env)) != 0 {
		t.Fatal("an offer without a free apartment")
	}

	if err := env.Office.FreeApartment(testenv.Admin(), 14, bookableSemester(t, env)); err != nil {
		t.Fatal(err)
	}
	made := offers(t, env)
	if len(made) != 1 || made[0].GetEmail() != "bob@example.org" || made[0].GetApartmentId() != 14 || made[0].GetLanguage() != "de" ||
		!made[0].GetExpiresAt().AsTime().Equal(testenv.DesignDay.Add(48*time.Hour)) {
		t.Fatalf("offers %v, want apartment 14 to bob until 48 h from now", made)
	}
	if got := lineStates(t, env); !slices.Equal(got, []string{"ada@example.org WAITING", "bob@example.org OFFERED 14", "carl@example.org WAITING"}) {
		t.Errorf("line %q", got)
	}
	if free(t, env, 14) {
		t.Error("step1 shows the apartment held for the offer as free")
	}
	runJobs(t, env) // nothing more to offer
	if len(offers(t, env)) != 1 {
		t.Error("the job offered again")
	}

	// nobody else books the held apartment: not without the token, not with a forged one
	_, err := env.Booking.CreateRentingRequest(context.Background(), bookingRequest(t, env, 14, "carl@example.org"))
	wantException(t, err, "apartmentId", domain.MsgApartmentTaken)
	_, err = bookThroughOffer(env, t, 14, "carl@example.org", "forged")
	wantException(t, err, "apartmentId", domain.MsgApartmentTaken)
	_, err = bookThroughOffer(env, t, 13, "bob@example.org", made[0].GetToken()) // the token opens its apartment only
	wantException(t, err, "apartmentId", domain.MsgApartmentTaken)
	// the database refuses a renting that would hold it, whoever writes it
	if _, err := env.Pool.Exec(context.Background(), "UPDATE renting SET apartment_id = 14 WHERE id = $1", rentings[15]); err == nil {
		t.Error("the database let another renting hold the offered apartment")
	}

	id, err := bookThroughOffer(env, t, 14, "bob@example.org", made[0].GetToken())
	if err != nil {
		t.Fatal(err)
	}
	if outcome := confirm(t, env, id, "bob@example.org"); outcome != domain.Confirmed {
		t.Errorf("confirmation through the offer: %s", outcome)
	}
	wantState(t, env, id, domain.ApartmentReserved)
	got := waitlist(t, env)
	if got[1].State != domain.EntryBooked || got[1].Email != "" || got[1].Name != "" || got[1].OfferApartmentID != 14 || got[1].EndedAt.IsZero() {
		t.Errorf("entry after booking through the offer: %+v", got[1])
	}
	runJobs(t, env)
	if len(offers(t, env)) != 1 {
		t.Error("an offer after the apartment was booked")
	}
}

func TestWaitlist_anUnansweredOfferPassesToTheNextInLineAfterItsDeadline(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	fillHouse(t, env, 14)
	joinConfirmed(t, env, "ada@example.org", domain.Wishes{})
	joinConfirmed(t, env, "bob@example.org", domain.Wishes{})
	if err := env.Office.FreeApartment(testenv.Admin(), 14, bookableSemester(t, env)); err != nil {
		t.Fatal(err)
	}
	first := offers(t, env)[0]

	env.Clock.Set(testenv.DesignDay.Add(47 * time.Hour))
	runJobs(t, env)
	if got := lineStates(t, env); !slices.Equal(got, []string{"ada@example.org OFFERED 14", "bob@example.org WAITING"}) {
		t.Fatalf("before the deadline: %q", got)
	}
	env.Clock.Set(testenv.DesignDay.Add(48 * time.Hour))
	runJobs(t, env)
	if got := lineStates(t, env); !slices.Equal(got, []string{" EXPIRED 14", "bob@example.org OFFERED 14"}) {
		t.Fatalf("after the deadline: %q", got)
	}
	made := offers(t, env)
	if len(made) != 2 || made[1].GetEmail() != "bob@example.org" || !made[1].GetExpiresAt().AsTime().Equal(testenv.DesignDay.Add(96*time.Hour)) {
		t.Fatalf("offers %v", made)
	}
	_, err := bookThroughOffer(env, t, 14, "ada@example.org", first.GetToken())
	wantException(t, err, "apartmentId", domain.MsgApartmentTaken)

	// bob lets it pass too: nobody is left, the apartment is free for anybody
	env.Clock.Set(testenv.DesignDay.Add(96 * time.Hour))
	runJobs(t, env)
	if !free(t, env, 14) || len(offers(t, env)) != 2 {
		t.Error("the apartment is not free after the last offer expired")
	}
}

func TestWaitlist_aRequestMadeBeforeTheOfferCannotTakeTheHeldApartment(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	semester := bookableSemester(t, env)
	fillHouse(t, env)
	if err := env.Office.UnblockApartment(testenv.Admin(), 15, semester); err != nil {
		t.Fatal(err)
	}
	early := request(t, env, 15, "carl@example.org") // carl asks while 15 is free, and does not confirm yet
	if err := env.Office.BlockApartment(testenv.Admin(), 15, semester, "Reparatur"); err != nil {
		t.Fatal(err)
	}
	joinConfirmed(t, env, "ada@example.org", domain.Wishes{})
	if err := env.Office.UnblockApartment(testenv.Admin(), 15, semester); err != nil {
		t.Fatal(err)
	}
	if made := offers(t, env); len(made) != 1 || made[0].GetApartmentId() != 15 || made[0].GetEmail() != "ada@example.org" {
		t.Fatalf("offers after the unblock %v, want 15 to ada at once", made)
	}
	if outcome := confirm(t, env, early, "carl@example.org"); outcome != domain.ApartmentTaken {
		t.Errorf("carl's confirmation: %s, want %s", outcome, domain.ApartmentTaken)
	}
	wantState(t, env, early, domain.SelectApartment)
}

func TestWaitlist_concurrentFreesAndJobRuns_offerEachApartmentToOnePersonAndEachPersonOneApartment(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	semester := bookableSemester(t, env)
	fillHouse(t, env, 14, 15)
	for _, email := range []string{"ada@example.org", "bob@example.org", "carl@example.org"} {
		joinConfirmed(t, env, email, domain.Wishes{})
	}
	var wg sync.WaitGroup
	errs := make(chan error, 6)
	for _, apartment := range []int{14, 15} {
		wg.Go(func() { errs <- env.Office.FreeApartment(testenv.Admin(), apartment, semester) })
	}
	for range 2 {
		wg.Go(func() { errs <- env.Waitlist.OfferFreeApartments(context.Background()) })
		wg.Go(func() { _, err := env.Jobs.RunJobs(context.Background()); errs <- err })
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	runJobs(t, env)
	made := offers(t, env)
	if len(made) != 2 || made[0].GetApartmentId() == made[1].GetApartmentId() || made[0].GetEntryId() == made[1].GetEntryId() {
		t.Fatalf("offers %v, want two apartments to two people", made)
	}
	if got := lineStates(t, env); !slices.Equal(got[:2], []string{"ada@example.org OFFERED " + strconv.Itoa(int(made[0].GetApartmentId())), "bob@example.org OFFERED " + strconv.Itoa(int(made[1].GetApartmentId()))}) || got[2] != "carl@example.org WAITING" {
		t.Errorf("line %q: the first two in line get the offers", got)
	}
}

func TestWaitlist_onlyAdminsSeeTheListAndRemoveEntries_removalIsAuditedAndPassesTheOffer(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	semester := bookableSemester(t, env)
	fillHouse(t, env, 14)
	joinConfirmed(t, env, "ada@example.org", domain.Wishes{})
	joinConfirmed(t, env, "bob@example.org", domain.Wishes{})
	if err := env.Office.FreeApartment(testenv.Admin(), 14, semester); err != nil {
		t.Fatal(err)
	}
	ada := waitlist(t, env)[0]

	if _, err := env.Waitlist.Waitlist(testenv.Anonymous(), semester); !errors.Is(err, identity.ErrForbidden) {
		t.Errorf("anonymous list: %v", err)
	}
	if err := env.Waitlist.RemoveWaitlistEntry(testenv.Anonymous(), ada.ID); !errors.Is(err, identity.ErrForbidden) {
		t.Errorf("anonymous removal: %v", err)
	}
	if got := lineStates(t, env); len(got) != 2 {
		t.Fatalf("a refused removal changed the line: %q", got)
	}

	if err := env.Waitlist.RemoveWaitlistEntry(testenv.Admin(), ada.ID); err != nil {
		t.Fatal(err)
	}
	wantException(t, env.Waitlist.RemoveWaitlistEntry(testenv.Admin(), ada.ID), "id", domain.MsgNoWaitlistEntry)
	wantException(t, env.Waitlist.RemoveWaitlistEntry(testenv.Admin(), "no-uuid"), "id", domain.MsgNoWaitlistEntry)
	if n := count(t, env, "SELECT count(*) FROM audit_log WHERE actor = 'admin' AND action = 'removeWaitlistEntry' AND subject = $1 AND NOT details::text LIKE '%ada%'", "waitlist/"+ada.ID); n != 1 {
		t.Errorf("%d audit entries of the removal (without personal data), want 1", n)
	}
	runJobs(t, env)
	if got := lineStates(t, env); !slices.Equal(got, []string{"bob@example.org OFFERED 14"}) {
		t.Errorf("after removing the offered entry: %q", got)
	}
}

func TestWaitlist_theListGoesWhenItsSemesterStarts(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	fillHouse(t, env)
	joinConfirmed(t, env, "ada@example.org", domain.Wishes{})
	semester, err := env.Catalog.Semester(context.Background(), bookableSemester(t, env))
	if err != nil {
		t.Fatal(err)
	}
	env.Clock.Set(semester.Start.Add(-24 * time.Hour))
	runJobs(t, env)
	if n := count(t, env, "SELECT count(*) FROM waitlist_entry"); n != 1 {
		t.Fatalf("%d entries before the start", n)
	}
	env.Clock.Set(semester.Start.Add(12 * time.Hour))
	runJobs(t, env)
	if n := count(t, env, "SELECT count(*) FROM waitlist_entry"); n != 0 {
		t.Errorf("%d entries kept after the semester started", n)
	}
}

func TestJoinWaitlist_itsMailsCountWithTheAddresssBookingRequests_overTheLimitRefusedAlike(t *testing.T) {
	t.Parallel()
	env := testenv.NewLimited(t, testenv.DesignDay, testenv.Subjects, domain.MailLimit{PerAddress: 3, Window: 3 * time.Hour})
	request(t, env, 11, "lea+booking@example.org") // mail 1: the booking request's link
	fillHouse(t, env)
	join(t, env, "lea@example.org", "Lea", domain.Wishes{}) // mail 2
	join(t, env, "lea@example.org", "Lea", domain.Wishes{}) // within the waitlist's window: no mail, no count
	env.Clock.Add(61 * time.Minute)
	join(t, env, "LEA@example.org", "Lea", domain.Wishes{}) // mail 3: the link again
	if got := len(confirmations(t, env)); got != 2 {
		t.Fatalf("%d confirmation mails, want 2", got)
	}
	tryJoin := func(email string) error {
		request, err := domain.NewWaitlistJoin(bookableSemester(t, env), email, "Lea", "de", domain.Wishes{})
		if err != nil {
			t.Fatal(err)
		}
		return env.Waitlist.JoinWaitlist(context.Background(), request)
	}
	for _, email := range []string{"lea@example.org", "lea+x@example.org"} { // would mail or not: refused alike
		wantException(t, tryJoin(email), "email", domain.MsgTooManyMails)
	}
	if got := len(confirmations(t, env)); got != 2 {
		t.Errorf("%d confirmation mails after the refusals, want 2", got)
	}
	env.Clock.Add(2 * time.Hour) // the first two mails left the window
	join(t, env, "lea+x@example.org", "Lea", domain.Wishes{})
}
