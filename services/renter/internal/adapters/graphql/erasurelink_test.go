package graphql_test

import (
	"context"
	"net/url"
	"regexp"
	"testing"
	"time"

	"semesterhaus/services/renter/internal/domain"
)

// erasureLinkSubject is the subject of the mail with a fresh link to ask for erasure (English: the
// renters of these tests chose en).
const erasureLinkSubject = "Your link to ask for the erasure of your data"

// tokensOfMails are the page tokens of the mails to the address with the subject, oldest first.
func (s subgraph) tokensOfMails(email, subject string) []string {
	s.t.Helper()
	rows, err := s.pool.Query(context.Background(), `SELECT text_body FROM outgoing_mail WHERE recipient = $1 AND subject = $2 ORDER BY seq`, email, subject)
	if err != nil {
		s.t.Fatal(err)
	}
	defer rows.Close()
	link := regexp.MustCompile(`https://wohnen\.example/booking/my-booking\?token=\S+`)
	var tokens []string
	for rows.Next() {
		var text string
		if err := rows.Scan(&text); err != nil {
			s.t.Fatal(err)
		}
		u, err := url.Parse(link.FindString(text))
		if err != nil {
			s.t.Fatal(err)
		}
		tokens = append(tokens, u.Query().Get("token"))
	}
	return tokens
}

func TestRenterPage_anOlderLinkEndsAnHourAfterANewerOneIsMailed_theNewestKeepsWorking(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	s.add("Anna", "Schmidt", "anna@example.org")
	s.add("Bob", "Weber", "bob@example.org")
	older := s.pageToken("anna@example.org")
	bobs := s.pageToken("bob@example.org")

	s.clock.now = s.clock.now.Add(pageSettings.PageLinkWindow + time.Second)
	newer := s.pageToken("anna@example.org")
	if older == newer || s.openPage(older) == nil || s.openPage(newer) == nil {
		t.Fatal("right after the newer mail, the link of the mail just read must still open the page")
	}
	if p := s.openPage(older); p.LinkExpiresAt.Sub(s.clock.now.Add(domain.SupersededPageLinkGrace)).Abs() > time.Second {
		t.Errorf("the older link says it works until %s, want an hour from now", p.LinkExpiresAt)
	}

	s.clock.now = s.clock.now.Add(domain.SupersededPageLinkGrace + time.Second)
	if s.openPage(older) != nil {
		t.Error("the older link still opens the page an hour after a newer one was mailed")
	}
	if e := s.requestErasure(older); e != "PAGE_LINK_INVALID" {
		t.Errorf("the older link asks for erasure: exception %q, want PAGE_LINK_INVALID", e)
	}
	if s.openPage(newer) == nil || s.openPage(bobs) == nil {
		t.Error("the newest link, or another renter's, stopped working")
	}
}

func TestRequestErasure_withALinkFromAnOlderMail_recordsNothingAndMailsAFreshLinkThatDoes(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	anna := s.add("Anna", "Schmidt", "anna@example.org")
	stale := s.pageToken("anna@example.org")
	s.clock.now = s.clock.now.Add(domain.ErasureLinkFreshness + time.Minute)

	recorded := func() int {
		return s.count(`SELECT count(*) FROM audit_log WHERE action = 'requestErasure' AND concerns = $1`, "renter/"+itoa(anna)) +
			s.count(`SELECT count(*) FROM renter WHERE id = $1 AND erasure_requested_at IS NOT NULL`, anna) +
			s.count(`SELECT count(*) FROM outgoing_mail WHERE recipient = 'anna@example.org' AND subject = 'We have received your request for erasure'`)
	}
	for attempt := range 3 { // asking again with the stale link mails no second fresh one
		if e := s.requestErasure(stale); e != domain.MsgErasureLinkMailed {
			t.Fatalf("attempt %d with a link mailed over an hour ago: exception %q, want %s", attempt+1, e, domain.MsgErasureLinkMailed)
		}
	}
	if n := recorded(); n != 0 {
		t.Fatalf("the stale link recorded something (%d rows, audit entries or mails)", n)
	}
	if requests, _ := s.erasureRequests(admin); len(requests) != 0 {
		t.Fatalf("the office lists %+v", requests)
	}
	fresh := s.tokensOfMails("anna@example.org", erasureLinkSubject)
	if len(fresh) != 1 || fresh[0] == "" || fresh[0] == stale {
		t.Fatalf("fresh links mailed: %q, want one new one", fresh)
	}

	s.clock.now = s.clock.now.Add(10 * time.Minute)
	if e := s.requestErasure(fresh[0]); e != "" {
		t.Fatalf("the fresh link: exception %q", e)
	}
	if n := s.count(`SELECT count(*) FROM audit_log WHERE action = 'requestErasure' AND concerns = $1`, "renter/"+itoa(anna)); n != 1 {
		t.Errorf("%d audit entries of the request, want one", n)
	}
	if requests, _ := s.erasureRequests(admin); len(requests) != 1 || requests[0].ID != anna {
		t.Errorf("the office lists %+v, want Anna's request", requests)
	}
	// once asked, the stale link is the same request: nothing changes, nothing is mailed
	mails := s.count(`SELECT count(*) FROM outgoing_mail WHERE recipient = 'anna@example.org'`)
	if e := s.requestErasure(stale); e != "" && e != "PAGE_LINK_INVALID" {
		t.Errorf("the stale link after the request: exception %q", e)
	}
	if n := s.count(`SELECT count(*) FROM outgoing_mail WHERE recipient = 'anna@example.org'`); n != mails {
		t.Errorf("%d mails after asking again, want %d", n, mails)
	}
}
