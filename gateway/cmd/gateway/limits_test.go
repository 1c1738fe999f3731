package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"semesterhaus/platform/natstest"
)

const bookingMutation = `mutation CreateRentingRequest($create: CreateRentingRequest!) {
  createRentingRequest(create: $create) { uuid exception { messageId } }
}`

// rentingStub stands in for the renting subgraph and counts the booking requests that reach it.
type rentingStub struct {
	booked atomic.Int32
}

func (s *rentingStub) route(t *testing.T, gw *testGateway) {
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		n := s.booked.Add(1)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"data":{"createRentingRequest":{"uuid":"renting-%d","exception":null}}}`, n)
	}))
	t.Cleanup(server.Close)
	t.Setenv("SUBGRAPH_URLS", "catalog="+gw.catalogURL+",renting="+server.URL+"/graphql")
}

// book posts the booking form's mutation for email with the given extra headers.
func (gw *testGateway) book(t *testing.T, email string, headers ...string) *http.Response {
	t.Helper()
	body, _ := json.Marshal(map[string]any{
		"query":         bookingMutation,
		"operationName": "CreateRentingRequest",
		"variables":     map[string]any{"create": bookingForm(email)},
	})
	return gw.send(t, http.DefaultClient, "/api/graphql", "application/json", body, headers...)
}

// bookingForm is what the booking form sends, for email.
func bookingForm(email string) map[string]any {
	form := map[string]any{"apartmentId": 1, "semesterId": 1, "email": email, "gender": "female"}
	for _, field := range []string{"birthday", "city", "country", "firstName", "lastName", "identityCardFront",
		"identityCardBack", "nationality", "phone", "street", "zip", "language", "immatriculation"} {
		form[field] = "x"
	}
	return form
}

// bookConcurrently sends n booking requests for email at once and counts the answers by status.
func bookConcurrently(t *testing.T, gateways []*testGateway, n int, email func(i int) string) map[int]int {
	t.Helper()
	var mu sync.Mutex
	statuses := map[int]int{}
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			res := gateways[i%len(gateways)].book(t, email(i))
			if res.StatusCode == http.StatusTooManyRequests {
				checkTooManyRequests(t, res)
			}
			mu.Lock()
			statuses[res.StatusCode]++
			mu.Unlock()
		})
	}
	wg.Wait()
	return statuses
}

func checkTooManyRequests(t *testing.T, res *http.Response) {
	t.Helper()
	answer := decodeGraphQL(t, res)
	if answer.errorCode() != "TOO_MANY_REQUESTS" || len(answer.Data) != 0 {
		t.Errorf("refused booking answered %s, want the error TOO_MANY_REQUESTS and no data", answer.raw)
	}
	if seconds, err := strconv.Atoi(res.Header.Get("Retry-After")); err != nil || seconds <= 0 {
		t.Errorf("Retry-After = %q, want a positive number of seconds", res.Header.Get("Retry-After"))
	}
}

// mailingStub stands in for the renting and renter subgraphs: it answers every booking request and
// page link as stored and mailed, and, when failing is set, an error beside them in the same
// answer, as a failing second field of the mutation makes the engine answer.
type mailingStub struct {
	booked, pageLinks atomic.Int32
	failing           bool
}

func (s *mailingStub) route(t *testing.T, gw *testGateway) {
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body := string(readAll(t, r.Body))
		w.Header().Set("Content-Type", "application/json")
		errs := ""
		if s.failing {
			errs = `,"errors":[{"message":"INVALID_ID","extensions":{"messageId":"INVALID_ID"}}]`
		}
		if strings.Contains(body, "requestRenterPageLink") {
			s.pageLinks.Add(1)
			fmt.Fprintf(w, `{"data":{"requestRenterPageLink":{"exception":null}}%s}`, errs)
			return
		}
		n := s.booked.Add(1)
		fmt.Fprintf(w, `{"data":{"createRentingRequest":{"uuid":"renting-%d","exception":null}}%s}`, n, errs)
	}))
	t.Cleanup(server.Close)
	t.Setenv("SUBGRAPH_URLS", "catalog="+gw.catalogURL+",renting="+server.URL+"/graphql,renter="+server.URL+"/graphql")
}

func TestBookingLimit_aFailingFieldBesideTheBooking_givesNoCountBack(t *testing.T) {
	stub := &mailingStub{failing: true}
	gw := startGateway(t, stub.route, withEnv("BOOKING_LIMIT_PER_IP", "3"))

	statuses := map[int]int{}
	for range 7 {
		res := gw.book(t, "victim@example.org")
		statuses[res.StatusCode]++
		if res.StatusCode == http.StatusOK && len(decodeGraphQL(t, res).Errors) == 0 {
			t.Fatal("the stub's error did not reach the answer: the test shows nothing")
		}
	}
	if statuses[http.StatusOK] != 3 || statuses[http.StatusTooManyRequests] != 4 || stub.booked.Load() != 3 {
		t.Errorf("answers by status %v, %d booked; want 3 × 200 and 4 × 429: an error beside a booking must not uncount it", statuses, stub.booked.Load())
	}
}

func TestBookingLimit_othersRequestsForAnAddress_doNotLockItsOwnerOut(t *testing.T) {
	stub := &mailingStub{}
	gw := startGateway(t, stub.route, withEnv("BOOKING_LIMIT_PER_IP", "100"), withEnv("TRUSTED_PROXIES", "127.0.0.0/8,::1"))
	pageLink := func(client string) *http.Response {
		body, _ := json.Marshal(map[string]any{
			"query":     `mutation L($e: String!) { requestRenterPageLink(email: $e) { exception { messageId } } }`,
			"variables": map[string]any{"e": "Victim@example.org"},
		})
		return gw.send(t, http.DefaultClient, "/api/graphql", "application/json", body, "X-Forwarded-For", client)
	}
	for range 10 { // page links, and booking requests, for the victim's address, from the attacker
		if res := pageLink("203.0.113.66"); res.StatusCode != http.StatusOK {
			t.Fatalf("page link = %d", res.StatusCode)
		}
	}
	for range 5 {
		if res := gw.book(t, "victim+tag@example.org", "X-Forwarded-For", "203.0.113.66"); res.StatusCode != http.StatusOK {
			t.Fatalf("attacker's booking = %d", res.StatusCode)
		}
	}
	if stub.pageLinks.Load() != 10 {
		t.Fatalf("%d page links reached the renter service, want 10", stub.pageLinks.Load())
	}
	// The services bound the mails to the address (each where it decides the mail); the gateway
	// counts the attacker's client only, so the owner's own requests still reach them.
	if res := gw.book(t, "victim@example.org", "X-Forwarded-For", "198.51.100.7"); res.StatusCode != http.StatusOK || stub.booked.Load() != 6 {
		t.Errorf("the owner's booking = %d (%d booked), want 200 and the request at the renting service", res.StatusCode, stub.booked.Load())
	}
	if res := pageLink("198.51.100.7"); res.StatusCode != http.StatusOK || stub.pageLinks.Load() != 11 {
		t.Errorf("the owner's page link = %d, want 200 and the request at the renter service", res.StatusCode)
	}
}

func TestBookingLimit_twoGatewayReplicas_shareTheCountPerClient(t *testing.T) {
	renting := &rentingStub{}
	shared := withEnv("RATE_LIMIT_BUCKET", natstest.Unique("gateway_limits"))
	first := startGateway(t, renting.route, shared, withEnv("BOOKING_LIMIT_PER_IP", "5"))
	second := startGateway(t, renting.route, shared, withEnv("BOOKING_LIMIT_PER_IP", "5"))

	statuses := bookConcurrently(t, []*testGateway{first, second}, 12, func(i int) string {
		return fmt.Sprintf("student%d@example.org", i)
	})

	if statuses[http.StatusOK] != 5 || statuses[http.StatusTooManyRequests] != 7 {
		t.Errorf("answers of two replicas by status = %v, want 5 × 200 and 7 × 429 (one count for both)", statuses)
	}
	if got := renting.booked.Load(); got != 5 {
		t.Errorf("%d booking requests reached the renting service, want 5", got)
	}
}

func TestBookingLimit_spoofedForwardedForFromAnUntrustedPeer_countsThePeer(t *testing.T) {
	renting := &rentingStub{}
	gw := startGateway(t, renting.route, withEnv("BOOKING_LIMIT_PER_IP", "2"))

	refused := 0
	for i := range 6 {
		// A new forged client address and e-mail address each time: only the TCP peer counts.
		res := gw.book(t, fmt.Sprintf("eve%d@example.org", i), "X-Forwarded-For", fmt.Sprintf("198.51.100.%d", i))
		if res.StatusCode == http.StatusTooManyRequests {
			refused++
		}
	}
	if refused != 4 || renting.booked.Load() != 2 {
		t.Errorf("refused %d of 6 with forged X-Forwarded-For, %d booked; want 4 refused, 2 booked", refused, renting.booked.Load())
	}
}

func TestBookingLimit_behindATrustedProxy_countsEachForwardedClient(t *testing.T) {
	renting := &rentingStub{}
	gw := startGateway(t, renting.route, withEnv("BOOKING_LIMIT_PER_IP", "2"), withEnv("TRUSTED_PROXIES", "127.0.0.0/8,::1"))

	for i := range 4 {
		client := fmt.Sprintf("198.51.100.%d", i)
		for range 2 {
			if res := gw.book(t, "s"+client+"@example.org", "X-Forwarded-For", client); res.StatusCode != http.StatusOK {
				t.Fatalf("client %s behind the proxy = %d, want 200: clients of one proxy must not share a count", client, res.StatusCode)
			}
		}
	}
	// What a client writes left of the proxy's entry does not make it someone else.
	if res := gw.book(t, "x@example.org", "X-Forwarded-For", "203.0.113.1, 198.51.100.0"); res.StatusCode != http.StatusTooManyRequests {
		t.Errorf("client 198.51.100.0 with a forged entry in front = %d, want 429", res.StatusCode)
	}
}

func TestAbuseLimits_countersUnreachable_bookingsFailOpenSignInFailsClosed(t *testing.T) {
	renting := &rentingStub{}
	bucket := natstest.Unique("gateway_limits")
	gw := startGateway(t, renting.route, withEnv("RATE_LIMIT_BUCKET", bucket))
	_, js := natstest.Connect(t)
	if err := js.DeleteKeyValue(t.Context(), bucket); err != nil {
		t.Fatal(err)
	}

	if res := gw.book(t, "student@example.org"); res.StatusCode != http.StatusOK || renting.booked.Load() != 1 {
		t.Errorf("booking without counters = %d (%d booked), want 200: it fails open", res.StatusCode, renting.booked.Load())
	}
	if !strings.Contains(gw.logs.String(), "booking limit unavailable") {
		t.Error("the open booking limit is not logged")
	}
	if res := gw.login(t, browser(t), "admin", adminPassword); res.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("sign-in without counters = %d, want 503: it fails closed", res.StatusCode)
	}
}
