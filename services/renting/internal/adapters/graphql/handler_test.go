package graphql_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"log/slog"
	"net/http"
	"testing"

	"semesterhaus/platform/graphqlx/graphqltest"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/pgtest"
	"semesterhaus/services/renting/internal/adapters/graphql"
	"semesterhaus/services/renting/internal/domain"
	"semesterhaus/services/renting/internal/testenv"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

type subgraph struct {
	graphqltest.Subgraph
	t   *testing.T
	env *testenv.Env
}

func newSubgraph(t *testing.T) subgraph {
	t.Helper()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	s := graphqltest.Serve(t, "renting", func(v *identity.Verifier) http.Handler {
		return graphql.NewHandler(env.UseCases, v, slog.New(slog.DiscardHandler))
	})
	return subgraph{Subgraph: s, t: t, env: env}
}

var admin = &identity.Identity{Subject: "admin", Role: identity.RoleAdmin}

const createRequest = `mutation($c: CreateRentingRequest!) { createRentingRequest(create: $c) { uuid exception { path messageId params { key value } } } }`

func (s subgraph) book(apartmentID int, email, front string) (uuid *string, exception map[string]any) {
	s.t.Helper()
	var data struct {
		CreateRentingRequest struct {
			UUID      *string
			Exception map[string]any
		}
	}
	r := s.Query(nil, createRequest, map[string]any{"c": map[string]any{
		"apartmentId": apartmentID, "semesterId": s.bookable(), "birthday": "2004-05-06", "city": "Heidelberg",
		"country": "DEU", "email": email, "firstName": "Ada", "lastName": "Lovelace", "gender": "female",
		"identityCardFront": front, "identityCardBack": "aGVsbG8=", "nationality": "de", "phone": "+49 170 1234567",
		"street": "Hauptstraße 1", "zip": "69117", "language": "de", "immatriculation": "aGVsbG8=",
	}}, &data)
	if len(r.Errors) > 0 {
		s.t.Fatalf("errors: %+v", r.Errors)
	}
	return data.CreateRentingRequest.UUID, data.CreateRentingRequest.Exception
}

func (s subgraph) bookable() int {
	s.t.Helper()
	var data struct {
		AvailableApartments struct{ BookableSemester struct{ ID int } }
	}
	if r := s.Query(nil, `{ availableApartments { bookableSemester { id } } }`, nil, &data); len(r.Errors) > 0 {
		s.t.Fatalf("errors: %+v", r.Errors)
	}
	return data.AvailableApartments.BookableSemester.ID
}

func TestCreateRentingRequest_answersTheRentingIdOrTheException(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	uuid, exception := s.book(11, "ada@example.org", "aGVsbG8=")
	if uuid == nil || len(*uuid) != 36 || exception != nil {
		t.Fatalf("uuid %v, exception %v", uuid, exception)
	}
	uuid, exception = s.book(11, "bob@example.org", "no base64")
	if uuid != nil || exception["path"] != "identityCardFront" || exception["messageId"] != "invalid" {
		t.Errorf("uuid %v, exception %v", uuid, exception)
	}
}

func TestCreateRentingRequest_largeUploadsArriveIntact(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	scan := make([]byte, 300<<10) // base64 far above the size the handler lifts out of the request
	for i := range scan {
		scan[i] = byte(i * 7)
	}
	uuid, exception := s.book(12, "ada@example.org", base64.StdEncoding.EncodeToString(scan))
	if uuid == nil || exception != nil {
		t.Fatalf("uuid %v, exception %v", uuid, exception)
	}
	uploads := s.env.Documents.LastUploads()
	if len(uploads) != 3 {
		t.Fatalf("the document service got %d uploads, want 3", len(uploads))
	}
	if !bytes.Equal(uploads[0].Content, scan) || string(uploads[1].Content) != "hello" {
		t.Errorf("the front has %d bytes, the back %q; want the scan of %d bytes and hello", len(uploads[0].Content), uploads[1].Content, len(scan))
	}
}

func TestAdminFields_refusedWithoutAdminIdentity(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	operations := []string{
		`mutation { approveIdentityCard(rentingId: "5f0e1c1e-0000-4000-8000-000000000000") }`,
		`mutation { freeApartment(apartmentId: 11, semesterId: 1) }`,
		`mutation { blockApartment(apartmentId: 11, semesterId: 2, reason: "Angriff") { exception { messageId } } }`,
		`mutation { unblockApartment(apartmentId: 11, semesterId: 2) { exception { messageId } } }`,
		`{ officeTasks { kind rentingId } }`,
		`{ semesterStatistics { held rentExpected } }`,
		`{ renterApartments { renterId apartments { id } } }`,
		`mutation { acceptRenewalForRenter(rentingId: "5f0e1c1e-0000-4000-8000-000000000000") { exception { messageId } } }`,
		`mutation { declineRenewalForRenter(rentingId: "5f0e1c1e-0000-4000-8000-000000000000") { exception { messageId } } }`,
		`{ _entities(representations: [{__typename: "SemesterApartment", id: 11, semesterId: 1}]) { ... on SemesterApartment { blockReason } } }`,
		`mutation { offerRenewal(rentingId: "5f0e1c1e-0000-4000-8000-000000000000") { uuid } }`,
		`{ renterCurrentRentingInfo(apartmentId: 11, semesterId: 1) { rentingId } }`,
		`{ waitlist(semesterId: 3) { id email name } }`,
		`mutation { removeWaitlistEntry(id: "5f0e1c1e-0000-4000-8000-000000000000") { exception { messageId } } }`,
		`{ _entities(representations: [{__typename: "Renter", id: 1}]) { ... on Renter { bookings { rentingId } } } }`,
		`{ _entities(representations: [{__typename: "SemesterApartment", id: 11, semesterId: 1}]) { ... on SemesterApartment { adminStatus } } }`,
		`{ handoverForm(rentingId: "5f0e1c1e-0000-4000-8000-000000000000") { meters depositCents } }`,
		`mutation { recordHandover(handover: {rentingId: "5f0e1c1e-0000-4000-8000-000000000000", date: "2026-11-22", meterReadings: [], damages: [{description: "Wand", amountCents: 100, photos: ["aGVsbG8="]}]}) { exception { messageId } } }`,
		`mutation { settleDeposit(rentingId: "5f0e1c1e-0000-4000-8000-000000000000", method: REFUND, waived: [0]) { exception { messageId } } }`,
	}
	for _, op := range operations {
		for name, as := range map[string]*identity.Identity{"no token": nil, "anonymous token": &identity.Anonymous} {
			r := s.Query(as, op, nil, nil)
			if len(r.Errors) == 0 || r.Errors[0].Message != "forbidden" {
				t.Errorf("%s, %s: got %+v, want forbidden", op, name, r)
			}
		}
	}
}

func TestBlockApartment_asAdminShowsBlockedWithItsReasonAndRefusesAHeldApartment(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	var result struct {
		BlockApartment struct {
			Exception *struct {
				Path, MessageID string
				Params          []struct{ Key, Value string }
			}
		}
	}
	if r := s.Query(admin, `mutation { blockApartment(apartmentId: 11, semesterId: 3, reason: "Renovierung") { exception { path messageId params { key value } } } }`, nil, &result); len(r.Errors) > 0 || result.BlockApartment.Exception != nil {
		t.Fatalf("block: %+v %+v", r.Errors, result)
	}
	var entities struct {
		Entities []struct {
			AdminStatus string
			BlockReason *string
		} `json:"_entities"`
	}
	r := s.Query(admin, `{ _entities(representations: [{__typename: "SemesterApartment", id: 11, semesterId: 3}, {__typename: "SemesterApartment", id: 12, semesterId: 3}]) { ... on SemesterApartment { adminStatus blockReason } } }`, nil, &entities)
	if len(r.Errors) > 0 || len(entities.Entities) != 2 || entities.Entities[0].AdminStatus != "APARTMENT_BLOCKED" || entities.Entities[0].BlockReason == nil ||
		*entities.Entities[0].BlockReason != "Renovierung" || entities.Entities[1].BlockReason != nil {
		t.Errorf("occupancy after the block: %+v %+v", r.Errors, entities)
	}
	s.Query(admin, `mutation { blockApartment(apartmentId: 12, semesterId: 3, reason: "") { exception { path messageId params { key value } } } }`, nil, &result)
	if e := result.BlockApartment.Exception; e == nil || e.Path != "reason" || e.MessageID != "NOT_NULL" {
		t.Errorf("a block without a reason: %+v", e)
	}
}

func TestApproveIdentityCard_missingRentingIsNotPresent(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	r := s.Query(admin, `mutation { approveIdentityCard(rentingId: "5f0e1c1e-0000-4000-8000-000000000000") }`, nil, nil)
	if len(r.Errors) != 1 || r.Errors[0].Message != "rentingId was not present" {
		t.Errorf("got %+v", r)
	}
}

func TestSemesterApartmentEntities_oneStatusPerRepresentationInOrder(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	semester := s.bookable()
	uuid, _ := s.book(12, "ada@example.org", "aGVsbG8=")

	var data struct {
		Entities []struct {
			ID          int
			SemesterID  int
			AdminStatus string
			Renter      *struct{ ID int }
		} `json:"_entities"`
	}
	r := s.Query(admin, `query($r: [_Any!]!) { _entities(representations: $r) { ... on SemesterApartment { id semesterId adminStatus renter { id } } } }`,
		map[string]any{"r": []map[string]any{
			{"__typename": "SemesterApartment", "id": 13, "semesterId": semester},
			{"__typename": "SemesterApartment", "id": 12, "semesterId": semester},
			{"__typename": "SemesterApartment", "id": 11, "semesterId": semester},
		}}, &data)
	if len(r.Errors) > 0 || len(data.Entities) != 3 {
		t.Fatalf("%+v, %s", r.Errors, r.Data)
	}
	want := []struct {
		id     int
		status string
	}{{13, "AVAILABLE"}, {12, "APARTMENT_REQUESTED"}, {11, "AVAILABLE"}}
	for i, w := range want {
		e := data.Entities[i]
		if e.ID != w.id || e.SemesterID != semester || e.AdminStatus != w.status || (e.Renter != nil) != (w.id == 12) {
			t.Errorf("entity %d: %+v, want %+v", i, e, w)
		}
	}

	var info struct {
		RenterCurrentRentingInfo struct {
			RentingID string
			State     string
		}
	}
	s.Query(admin, `query($s: Int!) { renterCurrentRentingInfo(apartmentId: 12, semesterId: $s) { rentingId state } }`, map[string]any{"s": semester}, &info)
	if info.RenterCurrentRentingInfo.RentingID != *uuid || info.RenterCurrentRentingInfo.State != "APARTMENT_REQUESTED" {
		t.Errorf("current renting info %+v", info)
	}
}

func TestPublicRenewalQueries_withoutTheRenewalToken_answerTheBusinessExceptionAndNoData(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	uuid, _ := s.book(11, "ada@example.org", "aGVsbG8=")
	var data struct {
		ExtendBookingQuery *struct{ Renter struct{ Email string } }
		RenterByRentingID  *struct{ Email string }
	}
	r := s.Query(nil, `query($id: ID!, $token: String!) { extendBookingQuery(rentingId: $id, token: $token) { renter { email } } renterByRentingId(rentingId: $id, token: $token) { email } }`,
		map[string]any{"id": *uuid, "token": "guessed"}, &data)
	if data.ExtendBookingQuery != nil || data.RenterByRentingID != nil || len(r.Errors) != 2 {
		t.Fatalf("a renting id without its renewal token showed %+v, %+v", data, r.Errors)
	}
	for _, e := range r.Errors {
		if e.Extensions["messageId"] != domain.MsgRenewalLinkInvalid || e.Extensions["path"] != "token" {
			t.Errorf("error %+v, want the business exception %s on token", e, domain.MsgRenewalLinkInvalid)
		}
	}
}

func TestDeclineRenewal_anonymousWithTheRentingIDAlone_answersTheExceptionAndChangesNothing(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	uuid, _ := s.book(11, "ada@example.org", "aGVsbG8=")
	var data struct {
		DeclineRenewal struct {
			UUID      *string
			Exception *struct{ Path, MessageID string }
		}
	}
	r := s.Query(nil, `mutation($id: ID!) { declineRenewal(rentingId: $id, token: "") { uuid exception { path messageId } } }`,
		map[string]any{"id": *uuid}, &data)
	if len(r.Errors) > 0 || data.DeclineRenewal.UUID != nil || data.DeclineRenewal.Exception == nil ||
		data.DeclineRenewal.Exception.MessageID != domain.MsgRenewalLinkInvalid {
		t.Fatalf("decline without the token: %+v, %+v", data, r.Errors)
	}
	if r, err := s.env.Queries.Renting(context.Background(), *uuid); err != nil || r.State != domain.ApartmentRequested {
		t.Errorf("renting %+v, %v after a refused decline", r, err)
	}
}

func TestBookApartment_pricesANewBooking(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	var data struct {
		BookApartment struct {
			Apartment        struct{ ID int }
			PriceCalculation struct {
				Items []struct{ Qty int }
				Total float64
			}
		}
	}
	q := `query($a: Int!, $s: Int!) { bookApartment(aid: $a, sid: $s) { apartment { id } priceCalculation { items { qty } total } } }`
	s.Query(nil, q, map[string]any{"a": 11, "s": s.bookable()}, &data)
	if data.BookApartment.Apartment.ID != 11 || len(data.BookApartment.PriceCalculation.Items) != 3 || data.BookApartment.PriceCalculation.Total <= 0 {
		t.Errorf("%+v", data)
	}
	r := s.Query(nil, q, map[string]any{"a": 999, "s": s.bookable()}, nil)
	if len(r.Errors) != 1 || r.Errors[0].Message != "No Apartment found with id 999." ||
		r.Errors[0].Extensions["messageId"] != "NO_APARTMENT" || fmt.Sprint(r.Errors[0].Extensions["params"]) != "map[id:999]" {
		t.Errorf("unknown apartment: %+v", r.Errors)
	}
	r = s.Query(nil, q, map[string]any{"a": 11, "s": 9999}, nil)
	if len(r.Errors) != 1 || r.Errors[0].Message != "No Semester found." {
		t.Errorf("unknown semester: %+v", r.Errors)
	}
}

func TestBookingProgress_anonymousWithTheRentingID_answersStateApartmentSemesterAndTotal(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	uuid, exception := s.book(11, "ada@example.org", "aGVsbG8=")
	if uuid == nil || exception != nil {
		t.Fatalf("uuid %v, exception %v", uuid, exception)
	}
	var data struct {
		BookingProgress *struct {
			RentingID        string
			State            string
			Apartment        struct{ ID int }
			Semester         struct{ ID int }
			PriceCalculation struct {
				Items []struct{ Qty int }
				Total float64
			}
		}
	}
	q := `query($r: ID!) { bookingProgress(rentingId: $r) { rentingId state apartment { id } semester { id } priceCalculation { items { qty } total } } }`
	if r := s.Query(nil, q, map[string]any{"r": *uuid}, &data); len(r.Errors) > 0 {
		t.Fatalf("errors: %+v", r.Errors)
	}
	p := data.BookingProgress
	if p == nil || p.RentingID != *uuid || p.State != "APARTMENT_REQUESTED" || p.Apartment.ID != 11 || p.Semester.ID != s.bookable() ||
		len(p.PriceCalculation.Items) != 3 || p.PriceCalculation.Total <= 0 {
		t.Errorf("progress %+v", p)
	}
	data.BookingProgress = nil
	if r := s.Query(nil, q, map[string]any{"r": "00000000-0000-0000-0000-000000000000"}, &data); len(r.Errors) > 0 || data.BookingProgress != nil {
		t.Errorf("unknown renting: errors %+v, progress %+v", r.Errors, data.BookingProgress)
	}
	// An id that is no UUID is refused before anything looks for it (graphqlx): INVALID_ID on rentingId.
	if r := s.Query(nil, q, map[string]any{"r": "not-a-uuid"}, &data); len(r.Errors) != 1 || r.Errors[0].Extensions["messageId"] != "INVALID_ID" ||
		r.Errors[0].Extensions["path"] != "rentingId" {
		t.Errorf("not-a-uuid: errors %+v, want INVALID_ID at rentingId", r.Errors)
	}
}
