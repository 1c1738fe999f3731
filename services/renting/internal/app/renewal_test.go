package app_test

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	commonv1 "semesterhaus/proto/gen/common/v1"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	pgadapter "semesterhaus/services/renting/internal/adapters/postgres"
	"semesterhaus/services/renting/internal/app"
	"semesterhaus/services/renting/internal/domain"
	"semesterhaus/services/renting/internal/testenv"
)

// renewalOffered prepares a renter (by e-mail) who paid for apartment 11 in the winter semester and
// got a renewal request for the summer semester; it returns the renewal's id and its link's token.
func renewalOffered(t *testing.T, env *testenv.Env) (id, token string) {
	t.Helper()
	return renewalOfferedTo(t, env, "ada@example.org", 11)
}

func renewalOfferedTo(t *testing.T, env *testenv.Env, email string, apartmentID int) (id, token string) {
	t.Helper()
	ctx := context.Background()
	renterID, _, _ := env.RenterClient.Register(ctx, bookingRequest(t, env, apartmentID, email).Renter, time.Time{}, 0)
	payedRenting(t, env, renterID, apartmentID, semesterNamed(t, env, "WiSe 2026/27").ID)
	runJobs(t, env)
	rentings, err := env.Repo.RentingsOfRenter(ctx, renterID)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rentings {
		if r.State == domain.RenewalRequest {
			return r.ID, renewalToken(t, env, r.ID)
		}
	}
	t.Fatalf("no renewal among %+v", rentings)
	return "", ""
}

// renewalToken reads the renewal link's token from the renting's newest RENEWAL_REQUEST event, the
// one place the renter service's mail takes it from.
func renewalToken(t *testing.T, env *testenv.Env, rentingID string) string {
	t.Helper()
	announced := renewalAnnouncements(t, env, rentingID)
	if len(announced) == 0 {
		t.Fatalf("no renewal event for renting %s", rentingID)
	}
	return announced[len(announced)-1].GetRenewalToken()
}

// renewalAnnouncements decodes the renting's RENEWAL_REQUEST events in the outbox, oldest first.
func renewalAnnouncements(t *testing.T, env *testenv.Env, rentingID string) []*eventsv1.RentingStateChanged {
	t.Helper()
	var announced []*eventsv1.RentingStateChanged
	for _, event := range outboxEvents[eventsv1.RentingStateChanged](t, env, pgadapter.StateSubject(testenv.Subjects, domain.RenewalRequest)) {
		if event.GetRentingId() == rentingID {
			announced = append(announced, event)
		}
	}
	return announced
}

func renewalForm(t *testing.T, env *testenv.Env) app.Renewal {
	renter := bookingRequest(t, env, 11, "").Renter
	renter.Phone = "+49 171 7654321"
	return app.Renewal{Renter: renter, Immatriculation: file}
}

// forgedTokens are what an attacker who knows a renting id can try instead of the mailed token.
var forgedTokens = map[string]string{
	"no token":     "",
	"renting id":   "5f0e1c1e-0000-4000-8000-000000000000",
	"random token": "3q2-7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
}

func TestApproveRenewal_updatesTheRenterStoresTheCertificateAndAccepts(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, renewalDay, testenv.Subjects)
	id, token := renewalOffered(t, env)

	if err := env.Renewals.ApproveRenewal(context.Background(), id, token, renewalForm(t, env)); err != nil {
		t.Fatal(err)
	}
	r := mustGet(t, env, id)
	renter, _ := env.RenterClient.Get(context.Background(), r.RenterID)
	if r.State != domain.RenewalAccepted || env.Documents.StoredFor(id) != 1 || renter.Phone != "+49 171 7654321" || renter.Email != "ada@example.org" {
		t.Errorf("renting %s, %d uploads, renter %+v", r.State, env.Documents.StoredFor(id), renter)
	}
	if !env.Documents.StoredFromRenter(id) {
		t.Error("the renewal's certificate waits apart; it came through the renewal link and is the renter's at once")
	}
	wantException(t, env.Renewals.ApproveRenewal(context.Background(), id, token, renewalForm(t, env)), "rentingId", domain.MsgNotAllowed)
	if _, err := env.Renewals.ExtendBooking(context.Background(), id, token); err == nil {
		t.Error("an answered renewal link still shows the renter's data")
	}
}

func TestApproveRenewal_refusedInputChangesNothing(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, renewalDay, testenv.Subjects)
	id, token := renewalOffered(t, env)
	env.Documents.Refuse(&commonv1.Violation{Path: "immatriculation", MessageId: "INVALID_FILETYPE"})
	wantException(t, env.Renewals.ApproveRenewal(context.Background(), id, token, renewalForm(t, env)), "immatriculation", "INVALID_FILETYPE")
	wantState(t, env, id, domain.RenewalRequest)
}

// A certificate the document service refuses (valid base64 that is no PDF) used to come after the
// renter's data was updated: the renewal was refused, but the renter's data changed, audited.
func TestApproveRenewal_refusedCertificateLeavesTheRenterUnchanged_refusedDataStoresNoCertificate(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, renewalDay, testenv.Subjects)
	ctx := context.Background()
	id, token := renewalOffered(t, env)
	renterID := mustGet(t, env, id).RenterID
	before, _ := env.RenterClient.Get(ctx, renterID)

	env.Documents.Refuse(&commonv1.Violation{Path: "immatriculation", MessageId: "INVALID_FILETYPE"})
	wantException(t, env.Renewals.ApproveRenewal(ctx, id, token, renewalForm(t, env)), "immatriculation", "INVALID_FILETYPE")
	if after, _ := env.RenterClient.Get(ctx, renterID); after != before {
		t.Errorf("a renewal refused for its certificate updated the renter %+v → %+v", before, after)
	}

	env.Documents.Refuse(nil)
	env.Renters.Refuse(&commonv1.Violation{Path: "phone", MessageId: domain.MsgInvalid})
	wantException(t, env.Renewals.ApproveRenewal(ctx, id, token, renewalForm(t, env)), "phone", domain.MsgInvalid)
	if n := env.Documents.StoredFor(id); n != 0 {
		t.Errorf("a renewal refused for the renter's data stored %d certificates", n)
	}
	wantState(t, env, id, domain.RenewalRequest)
}

func TestApproveRenewal_withoutTheMailedToken_isRefusedAndChangesNothing(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, renewalDay, testenv.Subjects)
	id, _ := renewalOffered(t, env)
	renterID := mustGet(t, env, id).RenterID
	before, _ := env.RenterClient.Get(context.Background(), renterID)
	events := len(outbox(t, env))

	for name, forged := range forgedTokens {
		t.Run(name, func(t *testing.T) {
			err := env.Renewals.ApproveRenewal(testenv.Anonymous(), id, forged, renewalForm(t, env))
			wantException(t, err, "token", domain.MsgRenewalLinkInvalid)
		})
	}
	wantException(t, env.Renewals.ApproveRenewal(testenv.Anonymous(), "5f0e1c1e-0000-4000-8000-000000000000", "", renewalForm(t, env)),
		"token", domain.MsgRenewalLinkInvalid)
	after, _ := env.RenterClient.Get(context.Background(), renterID)
	wantState(t, env, id, domain.RenewalRequest)
	if after != before || env.Documents.StoredFor(id) != 0 || len(outbox(t, env)) != events {
		t.Errorf("a refused approval changed the renter %+v → %+v, stored %d uploads, %d events",
			before, after, env.Documents.StoredFor(id), len(outbox(t, env))-events)
	}
}

func TestDeclineRenewal_withTheMailedToken_cancelsOnlyARenewalRequest(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, renewalDay, testenv.Subjects)
	id, token := renewalOffered(t, env)
	if err := env.Renewals.DeclineRenewal(testenv.Anonymous(), id, token); err != nil {
		t.Fatal(err)
	}
	wantState(t, env, id, domain.Canceled)
	wantException(t, env.Renewals.DeclineRenewal(testenv.Anonymous(), id, token), "rentingId", domain.MsgNotAllowed)
	if renter, err := env.Renewals.RenterByRentingID(testenv.Anonymous(), id, token); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("the answered renewal's link still shows %+v, %v", renter, err)
	}
}

func TestDeclineRenewal_withTheRentingIDAlone_isRefusedAndChangesNothing(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, renewalDay, testenv.Subjects)
	id, _ := renewalOffered(t, env)
	events := len(outbox(t, env))
	for name, forged := range forgedTokens {
		t.Run(name, func(t *testing.T) {
			wantException(t, env.Renewals.DeclineRenewal(testenv.Anonymous(), id, forged), "token", domain.MsgRenewalLinkInvalid)
		})
	}
	wantState(t, env, id, domain.RenewalRequest)
	if n := len(outbox(t, env)) - events; n != 0 {
		t.Errorf("%d events from refused declines", n)
	}
}

func TestDeclineRenewal_withAnotherRentingsToken_isRefused(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, renewalDay, testenv.Subjects)
	victim, _ := renewalOfferedTo(t, env, "ada@example.org", 11)
	other, otherToken := renewalOfferedTo(t, env, "grace@example.org", 12)

	wantException(t, env.Renewals.DeclineRenewal(testenv.Anonymous(), victim, otherToken), "token", domain.MsgRenewalLinkInvalid)
	if _, err := env.Renewals.RenterByRentingID(testenv.Anonymous(), victim, otherToken); err == nil {
		t.Error("another renting's token read the renter's data")
	}
	wantState(t, env, victim, domain.RenewalRequest)
	wantState(t, env, other, domain.RenewalRequest)
}

func TestRenewalQueries_withoutTheMailedToken_revealNothing(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, renewalDay, testenv.Subjects)
	id, token := renewalOffered(t, env)
	for name, forged := range forgedTokens {
		t.Run(name, func(t *testing.T) {
			offer, err := env.Renewals.ExtendBooking(testenv.Anonymous(), id, forged)
			wantException(t, err, "token", domain.MsgRenewalLinkInvalid)
			renter, err := env.Renewals.RenterByRentingID(testenv.Anonymous(), id, forged)
			wantException(t, err, "token", domain.MsgRenewalLinkInvalid)
			if offer.Renter.Email != "" || renter.Email != "" {
				t.Errorf("revealed %+v, %+v", offer, renter)
			}
		})
	}
	renter, err := env.Renewals.RenterByRentingID(testenv.Anonymous(), id, token)
	if err != nil || renter.Email != "ada@example.org" {
		t.Errorf("the mailed link: %+v, %v", renter, err)
	}
}

func TestRenewalLink_afterTheRenewalDeadline_isExpired(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, renewalDay, testenv.Subjects)
	id, token := renewalOffered(t, env)

	env.Clock.Set(time.Date(2026, 10, 30, 23, 30, 0, 0, testenv.Berlin)) // the deadline day still counts
	if _, err := env.Renewals.ExtendBooking(testenv.Anonymous(), id, token); err != nil {
		t.Fatalf("on the deadline day: %v", err)
	}
	env.Clock.Set(time.Date(2026, 10, 31, 0, 30, 0, 0, testenv.Berlin)) // before the job cancels it
	_, err := env.Renewals.ExtendBooking(testenv.Anonymous(), id, token)
	wantException(t, err, "token", domain.MsgRenewalLinkExpired)
	wantException(t, env.Renewals.DeclineRenewal(testenv.Anonymous(), id, token), "token", domain.MsgRenewalLinkExpired)
	wantException(t, env.Renewals.ApproveRenewal(testenv.Anonymous(), id, token, renewalForm(t, env)), "token", domain.MsgRenewalLinkExpired)
	wantState(t, env, id, domain.RenewalRequest)

	runJobs(t, env)
	_, err = env.Renewals.ExtendBooking(testenv.Anonymous(), id, token)
	wantException(t, err, "token", domain.MsgRenewalLinkExpired)
}

func TestOfferRenewal_mailsATokenThatOpensTheRenewalAndStoresOnlyItsHash(t *testing.T) {
	t.Parallel()
	// On the renewal day, so that the offered summer semester's renewal deadline is still ahead.
	env := testenv.New(t, renewalDay, testenv.Subjects)
	renterID, _, _ := env.RenterClient.Register(context.Background(), bookingRequest(t, env, 11, "ada@example.org").Renter, time.Time{}, 0)
	paid := payedRenting(t, env, renterID, 11, semesterNamed(t, env, "WiSe 2026/27").ID)
	id, err := env.Renewals.OfferRenewal(testenv.Admin(), paid)
	if err != nil {
		t.Fatal(err)
	}
	token := renewalToken(t, env, id)
	if len(token) != 43 {
		t.Fatalf("token %q: want 32 random bytes in base64url", token)
	}
	var stored []byte
	if err := env.Pool.QueryRow(context.Background(), "SELECT hash FROM renewal_token WHERE renting_id = $1", id).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(stored, domain.HashLinkToken(token)) || bytes.Contains(stored, []byte(token)) {
		t.Errorf("stored %x for token %q: want its SHA-256 only", stored, token)
	}
	if _, err := env.Renewals.ExtendBooking(testenv.Anonymous(), id, token); err != nil {
		t.Errorf("the offered renewal's link: %v", err)
	}
}

func TestJobs_aRenewalOfferedBeforeRenewalTokensGetsItsLinkMailedOnce(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, renewalDay, testenv.Subjects)
	id, oldToken := renewalOffered(t, env)
	// As a renewal opened before renewal links carried a token: no token stored.
	if _, err := env.Pool.Exec(context.Background(), "DELETE FROM renewal_token WHERE renting_id = $1", id); err != nil {
		t.Fatal(err)
	}
	runJobs(t, env)
	runJobs(t, env)

	announced := renewalAnnouncements(t, env, id)
	if len(announced) != 2 || announced[1].GetFromState() != string(domain.RenewalRequest) {
		t.Fatalf("%d announcements %+v: want the first and one more with the new token", len(announced), announced)
	}
	token := announced[1].GetRenewalToken()
	if _, err := env.Renewals.RenterByRentingID(testenv.Anonymous(), id, token); err != nil {
		t.Errorf("the new link: %v", err)
	}
	_, err := env.Renewals.RenterByRentingID(testenv.Anonymous(), id, oldToken)
	wantException(t, err, "token", domain.MsgRenewalLinkInvalid)
	wantState(t, env, id, domain.RenewalRequest)
	if n := count(t, env, "SELECT count(*) FROM renting_log WHERE renting_id = $1", id); n != 1 {
		t.Errorf("%d log entries: the new link changes no state", n)
	}
}

// "Meine Buchung" links a renewal with the page token: it answers the renewal of the page's renter
// under the same rules as the mailed token (deadline, answered once); another renter's page token,
// a forged one, or the own one on an unknown renting opens nothing and changes nothing.
func TestRenewal_withThePageTokenOfItsRenter_isAnsweredOnlyByThatRenterAndUntilTheDeadline(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, renewalDay, testenv.Subjects)
	ada, _ := renewalOfferedTo(t, env, "ada@example.org", 11)
	grace, _ := renewalOfferedTo(t, env, "grace@example.org", 12)
	env.Renters.IssuePageToken("page-of-ada", mustGet(t, env, ada).RenterID)
	env.Renters.IssuePageToken("page-of-grace", mustGet(t, env, grace).RenterID)
	events := len(outbox(t, env))

	for name, tt := range map[string]struct{ renting, token string }{
		"another renter's page token": {ada, "page-of-grace"},
		"a forged page token":         {ada, "page-of-nobody"},
		"own page token, unknown":     {"5f0e1c1e-0000-4000-8000-000000000000", "page-of-ada"},
	} {
		t.Run(name, func(t *testing.T) {
			wantException(t, env.Renewals.DeclineRenewal(testenv.Anonymous(), tt.renting, tt.token), "token", domain.MsgRenewalLinkInvalid)
			wantException(t, env.Renewals.ApproveRenewal(testenv.Anonymous(), tt.renting, tt.token, renewalForm(t, env)), "token", domain.MsgRenewalLinkInvalid)
			if _, err := env.Renewals.RenterByRentingID(testenv.Anonymous(), tt.renting, tt.token); err == nil {
				t.Error("the renter's data was shown")
			}
		})
	}
	wantState(t, env, ada, domain.RenewalRequest)
	if n := len(outbox(t, env)) - events; n != 0 {
		t.Errorf("%d events from refused answers", n)
	}

	env.Clock.Set(time.Date(2026, 10, 31, 0, 30, 0, 0, testenv.Berlin)) // the day after the deadline
	wantException(t, env.Renewals.DeclineRenewal(testenv.Anonymous(), grace, "page-of-grace"), "token", domain.MsgRenewalLinkExpired)
	env.Clock.Set(time.Date(2026, 10, 30, 12, 0, 0, 0, testenv.Berlin))
	if renter, err := env.Renewals.RenterByRentingID(testenv.Anonymous(), ada, "page-of-ada"); err != nil || renter.Email != "ada@example.org" {
		t.Fatalf("the own page token shows %+v, %v", renter, err)
	}
	if err := env.Renewals.ApproveRenewal(testenv.Anonymous(), ada, "page-of-ada", renewalForm(t, env)); err != nil {
		t.Fatal(err)
	}
	wantState(t, env, ada, domain.RenewalAccepted)
	wantException(t, env.Renewals.DeclineRenewal(testenv.Anonymous(), ada, "page-of-ada"), "rentingId", domain.MsgNotAllowed)
}
