package graphql_test

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	rentingv1 "semesterhaus/proto/gen/renting/v1"
)

func (s subgraph) resendConfirmation(token, rentingID string) (exception string) {
	s.t.Helper()
	var data struct {
		ResendConfirmationMail struct {
			Exception *struct{ MessageID, Path string }
		}
	}
	r := s.Query(nil, `mutation($t: String!, $r: ID!) { resendConfirmationMail(token: $t, rentingId: $r) { exception { messageId path } } }`,
		map[string]any{"t": token, "r": rentingID}, &data)
	if len(r.Errors) == 1 && r.Errors[0].Extensions["messageId"] != nil { // refused before the resolver ran (INVALID_ID)
		return fmt.Sprint(r.Errors[0].Extensions["path"], ":", r.Errors[0].Extensions["messageId"])
	}
	if len(r.Errors) > 0 {
		s.t.Fatalf("resendConfirmationMail: %+v", r.Errors)
	}
	if e := data.ResendConfirmationMail.Exception; e != nil {
		return e.Path + ":" + e.MessageID
	}
	return ""
}

// confirmationLinks are the step3 links in the mails stored for the address, oldest first.
func (s subgraph) confirmationLinks(email string) []string {
	s.t.Helper()
	rows, err := s.pool.Query(context.Background(), `SELECT text_body FROM outgoing_mail WHERE recipient = $1 ORDER BY seq`, email)
	if err != nil {
		s.t.Fatal(err)
	}
	defer rows.Close()
	link := regexp.MustCompile(`https://wohnen\.example/booking/step3\?\S+`)
	var links []string
	for rows.Next() {
		var text string
		if err := rows.Scan(&text); err != nil {
			s.t.Fatal(err)
		}
		if found := link.FindString(text); found != "" {
			links = append(links, found)
		}
	}
	return links
}

// pageToken mails the renter a page link and returns its token.
func (s subgraph) pageToken(email string) string {
	s.t.Helper()
	if e := s.requestLink(email); e != "" {
		s.t.Fatalf("requestRenterPageLink(%s): %s", email, e)
	}
	links := s.pageLinks(email)
	u, err := url.Parse(links[len(links)-1])
	if err != nil {
		s.t.Fatal(err)
	}
	return u.Query().Get("token")
}

func TestResendConfirmationMail_onlyTheTokensRenterGetsANewWorkingLinkForAnUnconfirmedRequestOncePerWindow(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	anna, bob := s.add("Anna", "Schmidt", "anna@example.org"), s.add("Bob", "Becker", "bob@example.org")
	annaToken, bobToken := s.pageToken("anna@example.org"), s.pageToken("bob@example.org")
	request, bobsRequest, confirmed := uuid.NewString(), uuid.NewString(), uuid.NewString()
	s.rentings.Add(&rentingv1.Renting{RentingId: request, RenterId: int64(anna), ApartmentId: 1, SemesterId: 1, State: "APARTMENT_REQUESTED"})
	s.rentings.Add(&rentingv1.Renting{RentingId: bobsRequest, RenterId: int64(bob), ApartmentId: 2, SemesterId: 1, State: "APARTMENT_REQUESTED"})
	s.rentings.Add(&rentingv1.Renting{RentingId: confirmed, RenterId: int64(anna), ApartmentId: 2, SemesterId: 1, State: "APARTMENT_RESERVED"})

	// Attacks and refusals: nothing is mailed to anybody.
	for name, tt := range map[string]struct{ token, renting, want string }{
		"forged token":                   {"forged", request, "rentingId:NO_RENTING"},
		"the renting id as token":        {request, request, "rentingId:NO_RENTING"},
		"another renter's token":         {bobToken, request, "rentingId:NO_RENTING"},
		"own token, another renter's":    {annaToken, bobsRequest, "rentingId:NO_RENTING"},
		"own token, an unknown renting":  {annaToken, uuid.NewString(), "rentingId:NO_RENTING"},
		"own token, no UUID":             {annaToken, "renting-1", "rentingId:INVALID_ID"},
		"own token, a confirmed request": {annaToken, confirmed, "rentingId:TRANSITION_NOT_ALLOWED"},
	} {
		if got := s.resendConfirmation(tt.token, tt.renting); got != tt.want {
			t.Errorf("%s: exception %q, want %q", name, got, tt.want)
		}
	}
	if links := append(s.confirmationLinks("anna@example.org"), s.confirmationLinks("bob@example.org")...); len(links) != 0 {
		t.Fatalf("refused requests mailed %v", links)
	}

	// The renter's own request: a new link that confirms it; again within the window: the same
	// answer and no mail; after the window: another one.
	if got := s.resendConfirmation(annaToken, request); got != "" {
		t.Fatalf("own request: exception %q", got)
	}
	links := s.confirmationLinks("anna@example.org")
	if len(links) != 1 || !strings.Contains(links[0], "email=anna%40example.org") {
		t.Fatalf("confirmation links %v, want one to anna@example.org", links)
	}
	u, _ := url.Parse(links[0])
	confirmation, err := s.renters.ConsumeEmailToken(context.Background(), "anna@example.org", u.Query().Get("token"))
	if err != nil || confirmation.RentingID != request {
		t.Errorf("the mailed token confirms %+v, %v; want renting %s", confirmation, err, request)
	}
	if got := s.resendConfirmation(annaToken, request); got != "" || len(s.confirmationLinks("anna@example.org")) != 1 {
		t.Errorf("again within the window: exception %q, links %v; want no exception and no new mail", got, s.confirmationLinks("anna@example.org"))
	}
	s.clock.now = s.clock.now.Add(11 * time.Minute)
	if got := s.resendConfirmation(annaToken, request); got != "" || len(s.confirmationLinks("anna@example.org")) != 2 {
		t.Errorf("after the window: exception %q, links %v; want a second mail", got, s.confirmationLinks("anna@example.org"))
	}
	if links := s.confirmationLinks("bob@example.org"); len(links) != 0 {
		t.Errorf("bob was mailed %v", links)
	}
}

func TestResendConfirmationMail_othersAskingForTheAddressesLinks_doNotThrottleTheOwner(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	anna := s.add("Anna", "Schmidt", "anna@example.org")
	token := s.pageToken("anna@example.org")
	request := uuid.NewString()
	s.rentings.Add(&rentingv1.Renting{RentingId: request, RenterId: int64(anna), ApartmentId: 1, SemesterId: 1, State: "APARTMENT_REQUESTED"})
	for _, email := range []string{"anna@example.org", "ANNA@example.org", "anna@example.org", "Anna@Example.org"} { // somebody else, over and over
		if e := s.requestLink(email); e != "" {
			t.Fatalf("requestRenterPageLink: %s", e)
		}
	}
	if got := len(s.pageLinks("anna@example.org")); got != 1 {
		t.Fatalf("%d page links mailed, want the owner's one: others' requests within the window mail nothing", got)
	}

	if e := s.resendConfirmation(token, request); e != "" {
		t.Fatalf("the owner's resendConfirmationMail: %s", e)
	}
	if links := s.confirmationLinks("anna@example.org"); len(links) != 1 {
		t.Errorf("confirmation links %v, want the one the owner asked for with their page token", links)
	}
}
