package graphql_test

import "testing"

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
