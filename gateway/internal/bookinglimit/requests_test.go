package bookinglimit

import "testing"

func TestRequests_countsEveryMailingOrTokenTryingFieldOfTheSelectedMutation(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, query, operationName string
		want                       int
	}{
		{"the booking form's mutation",
			`mutation CreateRentingRequest($create: CreateRentingRequest!) { createRentingRequest(create: $create) { uuid } }`,
			"CreateRentingRequest", 1},
		{"aliased twice", `mutation { a: createRentingRequest(create: {email: "x@example.org"}) { uuid } b: createRentingRequest(create: {email: "y@example.org"}) { uuid } }`, "", 2},
		{"hidden in fragments, each counted",
			`mutation { ...F ... on Mutation { createRentingRequest(create: {email: "z@example.org"}) { uuid } } } fragment F on Mutation { createRentingRequest(create: {email: "z@example.org"}) { uuid } }`,
			"", 2},
		{"a fragment spread twice counts once per definition", `mutation { ...F ...F } fragment F on Mutation { joinWaitlist(join: $j) { exception { messageId } } }`, "", 1},
		{"beside a field that fails, still counted",
			`mutation { createRentingRequest(create: {email: "v@example.org"}) { uuid } declineRenewal(rentingId: "nope", token: "x") { exception { messageId } } }`, "", 1},
		{"the selected operation only",
			`mutation A { createRentingRequest(create: {email: "a@example.org"}) { uuid } } mutation B { freeApartment(apartmentId: 1, semesterId: 1) }`,
			"B", 0},
		{"page links, waitlist joins and confirmations",
			`mutation L($e: String!) { requestRenterPageLink(email: $e) { exception { messageId } } joinWaitlist(join: $j) { exception { messageId } } confirmWaitlistEntry(token: "t") { exception { messageId } } }`,
			"L", 3},
		{"operations of the renter's own page are not counted",
			`mutation { resendConfirmationMail(token: "t", rentingId: "r") { exception { messageId } } requestErasure(token: "t") { exception { messageId } } }`, "", 0},
		{"a query is no booking request", `query { createRentingRequest { uuid } }`, "", 0},
		{"an unparsable text", `mutation {`, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := Requests(tt.query, tt.operationName); got != tt.want {
				t.Errorf("Requests = %d, want %d", got, tt.want)
			}
		})
	}
}
