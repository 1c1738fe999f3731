package graphql_test

import (
	"context"
	"testing"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	paymentv1 "semesterhaus/proto/gen/payment/v1"
	"semesterhaus/services/renting/internal/domain"
	"semesterhaus/services/renting/internal/testenv"
)

const pageBookings = `query($r: [_Any!]!) { _entities(representations: $r) { ... on RenterPage { token bookings { rentingId state } } } }`

func TestRenterPage_theTokensRenterSeesTheirBookingsAndNobodyElses_anUnknownTokenNone(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	ada, _ := s.book(11, "ada@example.org", "aGVsbG8=")
	if bob, _ := s.book(12, "bob@example.org", "aGVsbG8="); ada == nil || bob == nil {
		t.Fatal("booking failed")
	}
	s.env.Renters.IssuePageToken("page-of-ada", 1) // ada registered first

	var data struct {
		Entities []*struct {
			Token    string
			Bookings []struct{ RentingID, State string }
		} `json:"_entities"`
	}
	reps := []map[string]any{{"__typename": "RenterPage", "token": "page-of-ada"}, {"__typename": "RenterPage", "token": "guessed"}}
	r := s.Query(nil, pageBookings, map[string]any{"r": reps}, &data)
	e := data.Entities
	if len(r.Errors) > 0 || len(e) != 2 || e[0] == nil || e[1] != nil {
		t.Fatalf("entities %s %+v", r.Data, r.Errors)
	}
	if b := e[0].Bookings; len(b) != 1 || b[0].RentingID != *ada || b[0].State != "APARTMENT_REQUESTED" {
		t.Errorf("ada's page shows %+v, want her one request %s", b, *ada)
	}
}

const pagePayments = `query($r: [_Any!]!) { _entities(representations: $r) { ... on RenterPage {
  payments { rentingId amount currency status createdAt paidAt receiptNumber } } } }`

func TestRenterPage_theTokensRenterSeesThePaymentsOfTheirRentingsOnly(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	ada, _ := s.book(11, "ada@example.org", "aGVsbG8=")
	bob, _ := s.book(12, "bob@example.org", "aGVsbG8=")
	if ada == nil || bob == nil {
		t.Fatal("booking failed")
	}
	s.env.Renters.IssuePageToken("page-of-ada", 1)
	s.env.Renters.IssuePageToken("page-of-bob", 2)
	s.env.Renters.IssuePageToken("page-of-cleo", 3) // a renter without rentings
	created, paid := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC), time.Date(2026, 11, 21, 15, 30, 0, 0, time.UTC)
	s.env.Payments.Add(&paymentv1.Payment{PaymentId: "pay-ada", RentingId: *ada, AmountCents: 1440_00, Currency: "EUR", Status: "PAID",
		PaymentLink: "https://checkout.test/pay-ada", CreatedAt: timestamppb.New(created), PaidAt: timestamppb.New(paid), ReceiptNumber: 7})
	s.env.Payments.Add(&paymentv1.Payment{PaymentId: "pay-bob", RentingId: *bob, AmountCents: 1490_00, Currency: "EUR", Status: "OPEN",
		PaymentLink: "https://checkout.test/pay-bob", CreatedAt: timestamppb.New(created)})

	type payment struct {
		RentingID, Currency, Status, CreatedAt string
		Amount                                 float64
		PaidAt                                 *string
		ReceiptNumber                          *int
	}
	var data struct {
		Entities []*struct{ Payments []payment } `json:"_entities"`
	}
	reps := []map[string]any{}
	for _, token := range []string{"page-of-ada", "page-of-bob", "page-of-cleo", "guessed"} {
		reps = append(reps, map[string]any{"__typename": "RenterPage", "token": token})
	}
	r := s.Query(nil, pagePayments, map[string]any{"r": reps}, &data)
	e := data.Entities
	if len(r.Errors) > 0 || len(e) != 4 || e[0] == nil || e[1] == nil || e[2] == nil || e[3] != nil {
		t.Fatalf("entities %s %+v", r.Data, r.Errors)
	}
	if p := e[0].Payments; len(p) != 1 || p[0].RentingID != *ada || p[0].Amount != 1440 || p[0].Currency != "EUR" || p[0].Status != "PAID" ||
		p[0].CreatedAt != "2026-11-20T09:00:00Z" || p[0].PaidAt == nil || *p[0].PaidAt != "2026-11-21T15:30:00Z" || p[0].ReceiptNumber == nil || *p[0].ReceiptNumber != 7 {
		t.Errorf("ada's page shows the payments %+v, want her paid 1440 EUR with receipt 7", p)
	}
	if p := e[1].Payments; len(p) != 1 || p[0].RentingID != *bob || p[0].Status != "OPEN" || p[0].PaidAt != nil || p[0].ReceiptNumber != nil {
		t.Errorf("bob's page shows the payments %+v, want his open one without time paid or receipt", p)
	}
	if p := e[2].Payments; len(p) != 0 {
		t.Errorf("cleo, who rents nothing, sees the payments %+v", p)
	}
}

func (s subgraph) withdraw(token, rentingID string) string {
	s.t.Helper()
	var data struct {
		WithdrawRentingRequest struct{ Exception *struct{ MessageID string } }
	}
	r := s.Query(nil, `mutation($t: String!, $r: ID!) { withdrawRentingRequest(token: $t, rentingId: $r) { exception { messageId } } }`,
		map[string]any{"t": token, "r": rentingID}, &data)
	if len(r.Errors) > 0 {
		s.t.Fatalf("withdrawRentingRequest: %+v", r.Errors)
	}
	if e := data.WithdrawRentingRequest.Exception; e != nil {
		return e.MessageID
	}
	return ""
}

func TestWithdrawRentingRequest_onlyTheTokensRenterWithdrawsOnlyAnUnconfirmedRequest(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	ada, _ := s.book(11, "ada@example.org", "aGVsbG8=")
	bob, _ := s.book(12, "bob@example.org", "aGVsbG8=")
	s.env.Renters.IssuePageToken("page-of-ada", 1)
	s.env.Renters.IssuePageToken("page-of-bob", 2)

	for _, attack := range []struct{ token, renting string }{{"guessed", *ada}, {"page-of-bob", *ada}} {
		if e := s.withdraw(attack.token, attack.renting); e != "NO_RENTING" {
			t.Errorf("token %s on ada's request: exception %q, want NO_RENTING", attack.token, e)
		}
	}
	if r, _ := s.env.Queries.Renting(context.Background(), *ada); r.State != domain.ApartmentRequested {
		t.Fatalf("ada's request is %s after the attacks, want it untouched", r.State)
	}
	if e := s.withdraw("page-of-ada", *ada); e != "" {
		t.Fatalf("ada withdrawing her request: exception %q", e)
	}
	if r, _ := s.env.Queries.Renting(context.Background(), *ada); r.State != domain.Canceled {
		t.Errorf("ada's request is %s, want CANCELED", r.State)
	}
	if e := s.withdraw("page-of-ada", *ada); e != "TRANSITION_NOT_ALLOWED" {
		t.Errorf("withdrawing again: exception %q, want TRANSITION_NOT_ALLOWED", e)
	}
	if r, _ := s.env.Queries.Renting(context.Background(), *bob); r.State != domain.ApartmentRequested {
		t.Errorf("bob's request is %s, want it untouched", r.State)
	}
}

func TestHandover_theOfficeRecordsIt_theRenterSeesAndDisputesItOnTheirPage(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	id := s.env.PaidWithContract(t, domain.NewRenting(1, 11, 2, s.env.Clock.Now()), testenv.DepositContract)
	s.env.Renters.IssuePageToken("page", 1)
	record := `mutation($h: HandoverInput!) { recordHandover(handover: $h) { exception { path messageId } } }`
	handover := func(photos ...string) map[string]any {
		photos = append([]string{}, photos...) // a list, never null
		return map[string]any{"rentingId": id, "date": "2026-11-22",
			"meterReadings": []map[string]any{{"meter": "Strom", "value": "100 kWh"}, {"meter": "Wasser", "value": "7 m³"}},
			"damages":       []map[string]any{{"description": "Wand", "amountCents": 150_00, "photos": photos}}}
	}
	var data struct {
		RecordHandover struct {
			Exception *struct{ Path, MessageID string }
		}
	}
	if s.Query(admin, record, map[string]any{"h": handover("kein base64!")}, &data); data.RecordHandover.Exception == nil ||
		data.RecordHandover.Exception.Path != "damages.0.photos.0" || data.RecordHandover.Exception.MessageID != domain.MsgInvalid {
		t.Fatalf("a photo that is no base64: %+v", data.RecordHandover.Exception)
	}
	if r := s.Query(admin, record, map[string]any{"h": handover()}, &data); len(r.Errors) > 0 || data.RecordHandover.Exception != nil {
		t.Fatalf("record: %+v %+v", r.Errors, data.RecordHandover.Exception)
	}
	dispute := `mutation($r: ID!) { disputeHandover(token: "page", rentingId: $r, reason: "Das war schon so.") { exception { messageId } } }`
	if r := s.Query(nil, dispute, map[string]any{"r": id}, nil); len(r.Errors) > 0 || string(r.Data) != `{"disputeHandover":{"exception":null}}` {
		t.Fatalf("dispute: %s %+v", r.Data, r.Errors)
	}
	page := `{ _entities(representations: [{__typename: "RenterPage", token: "page"}]) { ... on RenterPage {
	  handovers { rentingId date depositCents deductionsCents refundCents status answerDeadline disputeReason meterReadings { meter value } }
	  bookings { handover { status } } } } }`
	r := s.Query(nil, page, nil, nil)
	want := `{"_entities":[{"handovers":[{"rentingId":"` + id + `","date":"2026-11-22","depositCents":80000,"deductionsCents":15000,` +
		`"refundCents":65000,"status":"DISPUTED","answerDeadline":"2026-12-06","disputeReason":"Das war schon so.",` +
		`"meterReadings":[{"meter":"Strom","value":"100 kWh"},{"meter":"Wasser","value":"7 m³"}]}],"bookings":[{"handover":{"status":"DISPUTED"}}]}]}`
	if len(r.Errors) > 0 || string(r.Data) != want {
		t.Errorf("page:\n%s\nwant\n%s\n%+v", r.Data, want, r.Errors)
	}
	// the office's card asks for the form once and finds the handover in it
	form := s.Query(admin, `query($r: ID!) { handoverForm(rentingId: $r) { refusal { messageId } handover { status refundCents } } }`,
		map[string]any{"r": id}, nil)
	if want := `{"handoverForm":{"refusal":{"messageId":"HANDOVER_EXISTS"},"handover":{"status":"DISPUTED","refundCents":65000}}}`; len(form.Errors) > 0 || string(form.Data) != want {
		t.Errorf("form: %s %+v, want %s", form.Data, form.Errors, want)
	}
}
