package systemtest

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"semesterhaus/platform/picture/picturetest"

	"google.golang.org/protobuf/proto"

	"semesterhaus/platform/grpctest"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/pgtest"
	catalogv1 "semesterhaus/proto/gen/catalog/v1"
	commonv1 "semesterhaus/proto/gen/common/v1"
	renterv1 "semesterhaus/proto/gen/renter/v1"
	"semesterhaus/proto/payment/paymentfake"
	"semesterhaus/services/catalog/catalogtest"
	"semesterhaus/services/document/documenttest"
	"semesterhaus/services/renter/rentertest"
	"semesterhaus/services/renting/rentingtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// designDay is the example day of the design: the winter semester 2026/27 runs, the summer semester
// 2027 is open for booking.
var designDay = time.Date(2026, 11, 22, 12, 0, 0, 0, catalogtest.Berlin)

// booking is the renting service on the real catalog, renter and document services, each on a
// fresh database, all on the design day's clock.
type booking struct {
	renting  *rentingtest.Service
	renter   *rentertest.Server
	renters  renterv1.RenterServiceClient
	semester int32 // the bookable one
}

func newBooking(t *testing.T) *booking {
	t.Helper()
	return newBookingWith(t)
}

// newBookingWith is newBooking with options for the renting service.
func newBookingWith(t *testing.T, options ...rentingtest.Option) *booking {
	t.Helper()
	now := func() time.Time { return designDay }
	catalogAddr := catalogtest.NewGRPCServer(t, now)
	renter := rentertest.Start(t, now)
	renting := rentingtest.Start(t, rentingtest.Peers{Catalog: catalogAddr, Renter: renter.Addr, Document: documenttest.NewGRPCServer(t),
		Payment: grpctest.Serve(t, paymentfake.New().Register)}, now, options...)
	semester, err := catalogv1.NewCatalogServiceClient(grpctest.Dial(t, "renting", "catalog", catalogAddr)).GetBookableSemester(context.Background(), &catalogv1.GetBookableSemesterRequest{})
	if err != nil {
		t.Fatal(err)
	}
	return &booking{renting: renting, renter: renter, renters: renterv1.NewRenterServiceClient(grpctest.Dial(t, "renting", "renter", renter.Addr)), semester: semester.GetId()}
}

// form is a booking form that the real renter and document services accept, as the booking page sends it.
func (b *booking) form(t *testing.T, apartmentID int, email string) map[string]any {
	t.Helper()
	png := base64.StdEncoding.EncodeToString(picturetest.PNG(t, 800, 500))
	return map[string]any{
		"apartmentId": apartmentID, "semesterId": b.semester, "email": email, "firstName": "Ada", "lastName": "Lovelace",
		"street": "Hauptstraße 1", "zip": "69117", "city": "Heidelberg", "country": "DEU", "birthday": "2004-05-06",
		"phone": "+49 170 1234567", "nationality": "de", "gender": "female", "language": "de",
		"identityCardFront": png, "identityCardBack": png, "immatriculation": base64.StdEncoding.EncodeToString(documenttest.PDF()),
	}
}

// forged is a request an attacker sends with the victim's address and their own data.
func (b *booking) forged(t *testing.T, apartmentID int, victimEmail string) map[string]any {
	t.Helper()
	form := b.form(t, apartmentID, victimEmail)
	form["firstName"], form["lastName"], form["street"], form["phone"], form["birthday"] =
		"Mallory", "Mallet", "Am Angriff 13", "+49 170 6666666", "1990-01-01"
	return form
}

// exception is a business exception as GraphQL answers it.
type exception struct {
	Path      string
	MessageID string
}

// request sends the form anonymously through the renting subgraph, as the booking page does, and
// returns the renting's id or the exception.
func (b *booking) request(t *testing.T, form map[string]any) (string, *exception) {
	t.Helper()
	var data struct {
		CreateRentingRequest struct {
			UUID      *string
			Exception *exception
		}
	}
	r := b.renting.Subgraph.Query(nil, `mutation($c: CreateRentingRequest!) { createRentingRequest(create: $c) { uuid exception { path messageId } } }`,
		map[string]any{"c": form}, &data)
	if len(r.Errors) > 0 {
		t.Fatalf("createRentingRequest answered %+v", r.Errors)
	}
	if id := data.CreateRentingRequest.UUID; id != nil {
		return *id, nil
	}
	return "", data.CreateRentingRequest.Exception
}

// mustRequest sends a booking request that must be accepted and returns its renting's id.
func (b *booking) mustRequest(t *testing.T, form map[string]any) string {
	t.Helper()
	id, exception := b.request(t, form)
	if exception != nil {
		t.Fatalf("exception %+v", exception)
	}
	return id
}

func wantException(t *testing.T, got *exception, path, messageID string) {
	t.Helper()
	if got == nil || got.Path != path || got.MessageID != messageID {
		t.Fatalf("exception %+v, want %s at %s", got, messageID, path)
	}
}

// openLink opens the confirmation link of the mail and returns the booking page it leads to.
func (b *booking) openLink(t *testing.T, email, token string) string {
	t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Get(b.renting.LinkURL + "?" + url.Values{"email": {email}, "token": {token}}.Encode())
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("the link answered %s", resp.Status)
	}
	return resp.Header.Get("Location")
}

// confirmWithRealToken issues the renting's confirmation token in the renter service, as its mail
// would carry it, and opens the link; it reports whether the page says the booking is confirmed.
func (b *booking) confirmWithRealToken(t *testing.T, rentingID, email string) bool {
	t.Helper()
	token := b.renter.IssueEmailToken(t, b.renterOf(t, rentingID), rentingID)
	return strings.HasPrefix(b.openLink(t, email, token), "/booking/step3done?")
}

func (b *booking) renterOf(t *testing.T, rentingID string) int64 {
	t.Helper()
	var renterID int64
	if err := b.renting.Pool.QueryRow(context.Background(), "SELECT renter_id FROM renting WHERE id = $1", rentingID).Scan(&renterID); err != nil {
		t.Fatalf("renting %s: %v", rentingID, err)
	}
	return renterID
}

func (b *booking) wantState(t *testing.T, rentingID, want string) {
	t.Helper()
	var state string
	if err := b.renting.Pool.QueryRow(context.Background(), "SELECT state FROM renting WHERE id = $1", rentingID).Scan(&state); err != nil || state != want {
		t.Errorf("renting %s is %s (%v), want %s", rentingID, state, err, want)
	}
}

func (b *booking) renterData(t *testing.T, renterID int64) *renterv1.RenterData {
	t.Helper()
	renter, err := b.renters.GetRenter(context.Background(), &renterv1.GetRenterRequest{RenterId: renterID})
	if err != nil {
		t.Fatal(err)
	}
	return renter.GetData()
}

// outbox lists the subjects of the renting service's events written so far, in order.
func (b *booking) outbox(t *testing.T) []string {
	t.Helper()
	var subjects []string
	if err := b.renting.Pool.QueryRow(context.Background(), "SELECT coalesce(array_agg(subject ORDER BY seq), '{}') FROM outbox").Scan(&subjects); err != nil {
		t.Fatal(err)
	}
	return subjects
}

func (b *booking) count(t *testing.T, query string) int {
	t.Helper()
	var n int
	if err := b.renting.Pool.QueryRow(context.Background(), query).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestBookingSaga_withTheRealRenterAndDocumentServices_requestThenConfirm(t *testing.T) {
	t.Parallel()
	b := newBooking(t)
	id := b.mustRequest(t, b.form(t, 11, "ada@example.org"))
	token := b.renter.IssueEmailToken(t, b.renterOf(t, id), id)
	for range 2 { // the second click on the link answers the same
		if page := b.openLink(t, "ada@example.org", token); page != "/booking/step3done?rentingId="+id {
			t.Fatalf("the link leads to %s", page)
		}
	}
	b.wantState(t, id, "APARTMENT_RESERVED")
	if page := b.openLink(t, "ada@example.org", "forged"); !strings.Contains(page, "reason=INVALID_TOKEN") {
		t.Errorf("a forged token leads to %s", page)
	}
}

func TestBookingSaga_withTheRealServices_brokenUploadLeavesNoRenterBehind(t *testing.T) {
	t.Parallel()
	b := newBooking(t)
	form := b.form(t, 11, "ada@example.org")
	form["identityCardFront"] = base64.StdEncoding.EncodeToString(picturetest.PNG(t, 100, 100))
	_, exception := b.request(t, form)
	wantException(t, exception, "identityCardFront", "INVALID_DIMENSION")

	resp, err := b.renters.RegisterRenter(context.Background(), &renterv1.RegisterRenterRequest{
		Data: &renterv1.RenterData{
			Email: "ada@example.org", FirstName: "Ada", LastName: "Lovelace", Street: "Hauptstraße 1", Zip: "69117", City: "Heidelberg",
			Country: "DEU", Birthday: "2004-05-06", Phone: "+49 170 1234567", Nationality: "de", Gender: renterv1.Gender_GENDER_FEMALE, Language: "de",
		},
		ReferenceDate: &commonv1.Date{Year: 2026, Month: 11, Day: 22},
	})
	if err != nil || !resp.GetCreated() {
		t.Errorf("the renter of the failed booking was kept: %v, %v", resp, err)
	}
	if n := b.count(t, "SELECT count(*) FROM renting"); n != 0 {
		t.Errorf("%d rentings", n)
	}
}

func TestBookingSaga_withTheRealServices_invalidRenterDataIsTheException(t *testing.T) {
	t.Parallel()
	b := newBooking(t)
	form := b.form(t, 11, "ada@example.org")
	form["zip"] = "1"
	_, exception := b.request(t, form)
	wantException(t, exception, "zip", "INVALID_ZIP")
}

func TestBookingSaga_requestForSomeoneElsesAddress_changesNothingOfTheirs(t *testing.T) {
	t.Parallel()
	b := newBooking(t)
	victims := b.mustRequest(t, b.form(t, 11, "ada@example.org"))
	victim := b.renterOf(t, victims)
	before := b.renterData(t, victim)

	forged := b.mustRequest(t, b.forged(t, 12, "ada@example.org"))

	if after := b.renterData(t, victim); !proto.Equal(after, before) {
		t.Errorf("the victim's data changed to %v, was %v", after, before)
	}
	b.wantState(t, victims, "APARTMENT_REQUESTED") // no cancellation, so no "cancelled" mail
	if got := b.outbox(t); !slices.Equal(got, []string{"renting.state.apartment_requested", "renting.state.apartment_requested"}) {
		t.Errorf("events %v, want only the two requests (each mails its link to the address)", got)
	}
	if entries := b.renter.AuditOfRenter(t, victim); len(entries) != 0 {
		t.Errorf("audit entries %+v before any confirmation", entries)
	}
	// Only the address owner's confirmation makes a request's data theirs.
	if !b.confirmWithRealToken(t, victims, "ada@example.org") {
		t.Fatal("the victim's confirmation failed")
	}
	if after := b.renterData(t, victim); !proto.Equal(after, before) {
		t.Errorf("after the victim confirmed their own request their data is %v, want %v", after, before)
	}
	b.wantState(t, forged, "CANCELED")
}

func TestBookingSaga_requestForAnAddressThatHoldsAnApartment_isAnsweredAsAnyOtherAndChangesNothing(t *testing.T) {
	t.Parallel()
	b := newBooking(t)
	victims := b.mustRequest(t, b.form(t, 11, "ada@example.org"))
	b.confirmWithRealToken(t, victims, "ada@example.org")
	victim := b.renterOf(t, victims)
	before, eventsBefore := b.renterData(t, victim), b.outbox(t)
	auditBefore := len(b.renter.AuditOfRenter(t, victim))

	id := b.mustRequest(t, b.forged(t, 12, "ADA@example.org"))

	if _, err := uuid.Parse(id); err != nil || id == victims {
		t.Errorf("answered %q, want a new id like any other", id)
	}
	if after := b.renterData(t, victim); !proto.Equal(after, before) {
		t.Errorf("the request changed the victim's data to %v, was %v", after, before)
	}
	if got := b.outbox(t); !slices.Equal(got, append(eventsBefore, "renting.reminder_due")) {
		t.Errorf("events %v, were %v: want only the notice to the holder (no confirmation link)", got, eventsBefore)
	}
	if n := b.count(t, "SELECT count(*) FROM renting"); n != 1 {
		t.Errorf("%d rentings, want the victim's only", n)
	}
	if n := len(b.renter.AuditOfRenter(t, victim)); n != auditBefore {
		t.Errorf("%d audit entries, were %d", n, auditBefore)
	}
	b.wantState(t, victims, "APARTMENT_RESERVED")
}

// anonymousAnswer sends one public operation that takes an address, as the booking site does,
// and returns its answer as JSON with the ids it generates replaced by "<id>", and how long the
// subgraph took to answer.
func (b *booking) anonymousAnswer(t *testing.T, query string, vars map[string]any) (string, time.Duration) {
	t.Helper()
	var data map[string]map[string]any
	start := time.Now()
	r := b.renting.Subgraph.Query(nil, query, vars, &data)
	took := time.Since(start)
	if len(r.Errors) > 0 {
		t.Fatalf("%s answered %+v", query, r.Errors)
	}
	for _, result := range data {
		if id, ok := result["uuid"].(string); ok {
			if _, err := uuid.Parse(id); err != nil {
				t.Errorf("uuid %q is none", id)
			}
			result["uuid"] = "<id>"
		}
	}
	answer, err := json.Marshal(data)
	if err != nil {
		t.Fatal(err)
	}
	return string(answer), took
}

// TestPublicOperationsWithAnAddress_answerAlikeInWhatAndHowFast is the oracle test of the
// renting subgraph's public operations that take an e-mail address (the renter subgraph's
// requestRenterPageLink has its own: renter graphql
// TestRequestRenterPageLink_answersAlikeInWhatAndHowFast): for the address of a renter who holds
// an apartment, an erased renter's placeholder (who held one), a renter without one and an address
// nobody used, each answers the same, and their median times differ by no more than the noise.
func TestPublicOperationsWithAnAddress_answerAlikeInWhatAndHowFast(t *testing.T) {
	// Not parallel: it measures times, so the package's other tests wait until it is done.
	b := newBooking(t)
	holding := b.mustRequest(t, b.form(t, 11, "ada@example.org"))
	b.confirmWithRealToken(t, holding, "ada@example.org")
	erasedHolding := b.mustRequest(t, b.form(t, 13, "eve@example.org"))
	b.confirmWithRealToken(t, erasedHolding, "eve@example.org")
	placeholder := b.renter.Erase(t, b.renterOf(t, erasedHolding))
	b.mustRequest(t, b.form(t, 12, "bob@example.org")) // a renter with an open request only
	fresh := 0
	kinds := []string{"holds an apartment", "erased placeholder", "renter without a stay", "address nobody used"}
	address := func(kind string) string {
		switch kind {
		case "holds an apartment":
			return "ada@example.org"
		case "erased placeholder":
			return placeholder
		case "renter without a stay":
			return "bob@example.org"
		}
		fresh++
		return fmt.Sprintf("new%d@example.org", fresh)
	}
	b.compareAnswers(t, "createRentingRequest", kinds, address, func(email string) (string, map[string]any) {
		return `mutation($c: CreateRentingRequest!) { createRentingRequest(create: $c) { uuid exception { path messageId params { key value } } } }`,
			map[string]any{"c": b.form(t, 14, email)}
	})
	b.fillHouse(t)
	b.compareAnswers(t, "joinWaitlist", kinds, address, func(email string) (string, map[string]any) {
		return `mutation($j: JoinWaitlist!) { joinWaitlist(join: $j) { exception { path messageId params { key value } } } }`,
			map[string]any{"j": map[string]any{"semesterId": b.semester, "email": email, "name": "Ada", "language": "de"}}
	})
}

// compareAnswers sends the operation for an address of each kind in every round (in a new order
// each round), runs rounds, and fails when the answers differ (ids aside) or when a kind takes
// longer or shorter than the first kind by more than a quarter of the first kind's median time
// (and 3 ms): the difference is taken within each round and its median over the rounds, so that a
// slow moment of the machine, which hits a whole round, cancels out.
func (b *booking) compareAnswers(t *testing.T, name string, kinds []string, address func(kind string) string, operation func(email string) (string, map[string]any)) {
	t.Helper()
	const runs = 21
	answers := map[string]string{}
	times := map[string][]time.Duration{}
	differences := map[string][]time.Duration{}
	order := slices.Clone(kinds)
	for round := range runs {
		rand.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, kind := range order {
			query, vars := operation(address(kind))
			answer, took := b.anonymousAnswer(t, query, vars)
			if first, ok := answers[kind]; ok && first != answer {
				t.Errorf("%s for %s answered %s, then %s", name, kind, first, answer)
			}
			answers[kind] = answer
			times[kind] = append(times[kind], took)
		}
		for _, kind := range kinds {
			differences[kind] = append(differences[kind], times[kind][round]-times[kinds[0]][round])
		}
	}
	baseline := median(times[kinds[0]])
	tolerance := max(baseline/4, 3*time.Millisecond)
	medians := map[string]time.Duration{}
	for _, kind := range kinds {
		if answers[kind] != answers[kinds[0]] {
			t.Errorf("%s for %s answers %s, for %s %s", name, kind, answers[kind], kinds[0], answers[kinds[0]])
		}
		medians[kind] = median(times[kind])
		if d := median(differences[kind]); d > tolerance || d < -tolerance {
			t.Errorf("%s for %s takes %v more than for %s (median of the rounds; tolerance %v): the time tells the kinds of address apart", name, kind, d, kinds[0], tolerance)
		}
	}
	t.Logf("%s: answer %s, median times %v", name, answers[kinds[0]], medians)
}

func median(durations []time.Duration) time.Duration {
	sorted := slices.Clone(durations)
	slices.Sort(sorted)
	return sorted[len(sorted)/2]
}

// fillHouse makes every apartment of the bookable semester unavailable (held ones stay, the
// others are blocked by an admin), so that the waitlist is open.
func (b *booking) fillHouse(t *testing.T) {
	t.Helper()
	admin := &identity.Identity{Subject: "admin", Role: identity.RoleAdmin}
	var data struct {
		AvailableApartments struct {
			ApartmentBookable []struct {
				ApartmentID int
				Free        bool
			}
		}
	}
	if r := b.renting.Subgraph.Query(nil, `{ availableApartments { apartmentBookable { apartmentId free } } }`, nil, &data); len(r.Errors) > 0 {
		t.Fatalf("availableApartments: %+v", r.Errors)
	}
	for _, a := range data.AvailableApartments.ApartmentBookable {
		if !a.Free {
			continue
		}
		var blocked struct {
			BlockApartment struct{ Exception *exception }
		}
		r := b.renting.Subgraph.Query(admin, `mutation($a: Int!, $s: Int!) { blockApartment(apartmentId: $a, semesterId: $s, reason: "voll") { exception { path messageId } } }`,
			map[string]any{"a": a.ApartmentID, "s": b.semester}, &blocked)
		if len(r.Errors) > 0 || blocked.BlockApartment.Exception != nil {
			t.Fatalf("block apartment %d: %+v %+v", a.ApartmentID, r.Errors, blocked.BlockApartment.Exception)
		}
	}
}

// TestBookingLimit_aFailingFieldBesideTheRequest_refundsNoMail is the refund trick: each mutation
// files a booking request for the victim's address and asks for a field that fails. The mails are
// counted where they are enqueued, so the failure beside them gives nothing back: three mails go
// out an hour, not seven.
func TestBookingLimit_aFailingFieldBesideTheRequest_refundsNoMail(t *testing.T) {
	t.Parallel()
	b := newBookingWith(t, rentingtest.WithMailLimit(3, time.Hour))
	for i := range 7 {
		r := b.renting.Subgraph.Query(nil, `mutation($c: CreateRentingRequest!) {
			createRentingRequest(create: $c) { uuid exception { path messageId } }
			declineRenewal(rentingId: "00000000-0000-4000-8000-000000000000", token: "forged") { exception { messageId } }
			approveIdentityCard(rentingId: "00000000-0000-4000-8000-000000000000")
		}`, map[string]any{"c": b.forged(t, 11+i%3, "Victim+"+strconv.Itoa(i)+"@example.org")}, nil)
		if len(r.Errors) == 0 {
			t.Fatalf("request %d: the field beside the booking did not fail: the test shows nothing", i)
		}
	}
	if got := b.outbox(t); len(got) != 3 || b.count(t, "SELECT count(*) FROM renting") != 3 {
		t.Errorf("events %v, %d rentings: want the three confirmation mails and their requests", got, b.count(t, "SELECT count(*) FROM renting"))
	}
	// The form's own request (no failing field) is refused alike, with its reason.
	_, refused := b.request(t, b.form(t, 14, "victim@example.org"))
	wantException(t, refused, "email", "TOO_MANY_MAILS")
}

func TestBookingSaga_confirmationAppliesTheRequestsDataAuditedAndSupersedesOlderRequests(t *testing.T) {
	t.Parallel()
	b := newBooking(t)
	older := b.mustRequest(t, b.form(t, 11, "ada@example.org"))
	renter := b.renterOf(t, older)
	moved := b.form(t, 12, "ada@example.org")
	moved["street"], moved["city"], moved["zip"] = "Neckarstaden 2", "Mannheim", "68159"
	newer := b.mustRequest(t, moved)
	if got := b.renterData(t, renter); got.GetStreet() != "Hauptstraße 1" {
		t.Fatalf("the data changed before the confirmation: %v", got)
	}

	if !b.confirmWithRealToken(t, newer, "ada@example.org") {
		t.Fatal("the confirmation failed")
	}

	if got := b.renterData(t, renter); got.GetStreet() != "Neckarstaden 2" || got.GetCity() != "Mannheim" || got.GetEmail() != "ada@example.org" {
		t.Errorf("after the confirmation the renter is %v, want the confirmed request's data", got)
	}
	entries := b.renter.AuditOfRenter(t, renter)
	if len(entries) != 1 || entries[0].Action != "applyPersonalData" || entries[0].Actor != "renter" {
		t.Errorf("audit log %+v, want the applied data", entries)
	}
	b.wantState(t, older, "CANCELED")
	b.wantState(t, newer, "APARTMENT_RESERVED")
	if n := b.count(t, "SELECT count(*) FROM booking_request_form"); n != 0 {
		t.Errorf("%d request forms kept after both requests moved on", n)
	}
}
