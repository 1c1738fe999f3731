package graphql_test

import (
	"context"
	"testing"

	"semesterhaus/services/renting/internal/domain"
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
	if r, _ := s.env.Rentings.Renting(context.Background(), *ada); r.State != domain.ApartmentRequested {
		t.Fatalf("ada's request is %s after the attacks, want it untouched", r.State)
	}
	if e := s.withdraw("page-of-ada", *ada); e != "" {
		t.Fatalf("ada withdrawing her request: exception %q", e)
	}
	if r, _ := s.env.Rentings.Renting(context.Background(), *ada); r.State != domain.Canceled {
		t.Errorf("ada's request is %s, want CANCELED", r.State)
	}
	if e := s.withdraw("page-of-ada", *ada); e != "TRANSITION_NOT_ALLOWED" {
		t.Errorf("withdrawing again: exception %q, want TRANSITION_NOT_ALLOWED", e)
	}
	if r, _ := s.env.Rentings.Renting(context.Background(), *bob); r.State != domain.ApartmentRequested {
		t.Errorf("bob's request is %s, want it untouched", r.State)
	}
}
