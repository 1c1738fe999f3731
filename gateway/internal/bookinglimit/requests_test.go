package bookinglimit

import (
	"encoding/json"
	"slices"
	"testing"
)

func TestRequests_findsEveryBookingRequestAndItsAddress(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, query, operationName, variables string
		want                                  []string
	}{
		{"the booking form's mutation with variables",
			`mutation CreateRentingRequest($create: CreateRentingRequest!) { createRentingRequest(create: $create) { uuid } }`,
			"CreateRentingRequest", `{"create":{"email":" Victim@Example.org ","firstName":"A"}}`, []string{"victim@example.org"}},
		{"inline, aliased twice",
			`mutation { a: createRentingRequest(create: {email: "x@example.org"}) { uuid } b: createRentingRequest(create: {email: "y@example.org"}) { uuid } }`,
			"", `{}`, []string{"x@example.org", "y@example.org"}},
		{"the address as its own variable",
			`mutation M($e: String!) { createRentingRequest(create: {email: $e}) { uuid } }`, "", `{"e":"v@example.org"}`, []string{"v@example.org"}},
		{"hidden in fragments, each counted",
			`mutation { ...F ... on Mutation { createRentingRequest(create: {email: "z@example.org"}) { uuid } } } fragment F on Mutation { createRentingRequest(create: {email: "z@example.org"}) { uuid } }`,
			"", ``, []string{"z@example.org", "z@example.org"}},
		{"without a readable address it still counts", `mutation { createRentingRequest(create: $nope) { uuid } }`, "", `null`, []string{""}},
		{"the selected operation only",
			`mutation A { createRentingRequest(create: {email: "a@example.org"}) { uuid } } mutation B { freeApartment(apartmentId: 1, semesterId: 1) }`,
			"B", ``, nil},
		{"a new page link, by variable and inline, beside a booking",
			`mutation L($e: String!) { requestRenterPageLink(email: $e) { exception { messageId } } again: requestRenterPageLink(email: "B@example.org") { exception { messageId } } createRentingRequest(create: {email: "c@example.org"}) { uuid } }`,
			"L", `{"e":" A@Example.org"}`, []string{"a@example.org", "b@example.org", "c@example.org"}},
		{"joining the waitlist by variables, confirming an entry counts for the client only",
			`mutation J($join: JoinWaitlist!) { joinWaitlist(join: $join) { exception { messageId } } confirmWaitlistEntry(token: "t") { exception { messageId } } }`,
			"J", `{"join":{"email":" Lea@Example.org","name":"Lea"}}`, []string{"lea@example.org", ""}},
		{"a query is no booking request", `query { createRentingRequest { uuid } }`, "", ``, nil},
		{"an unparsable text", `mutation {`, "", ``, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := Requests(tt.query, tt.operationName, json.RawMessage(tt.variables))
			if !slices.Equal(got, tt.want) {
				t.Errorf("Requests = %q, want %q", got, tt.want)
			}
		})
	}
}
