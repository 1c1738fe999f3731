package graphql_test

import (
	"context"
	"fmt"
	"maps"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"semesterhaus/platform/postgres"
	pgadapter "semesterhaus/services/renter/internal/adapters/postgres"
	"semesterhaus/services/renter/internal/app"
)

var pageSettings = app.MailSettings{
	PublicURL: "https://wohnen.example", NoticeWindow: time.Hour, PageLinkValidity: 30 * 24 * time.Hour, PageLinkWindow: 10 * time.Minute,
}

// pageLinks are the links to the renter's own page in the mails stored for the address, oldest first.
func (s subgraph) pageLinks(email string) []string {
	s.t.Helper()
	rows, err := s.pool.Query(context.Background(), `SELECT text_body FROM outgoing_mail WHERE recipient = $1 ORDER BY seq`, email)
	if err != nil {
		s.t.Fatal(err)
	}
	defer rows.Close()
	link := regexp.MustCompile(`https://wohnen\.example/booking/my-booking\?token=\S+`)
	var links []string
	for rows.Next() {
		var text string
		if err := rows.Scan(&text); err != nil {
			s.t.Fatal(err)
		}
		links = append(links, link.FindString(text))
	}
	return links
}

func (s subgraph) requestLink(email string) (exception string) {
	s.t.Helper()
	var data struct {
		RequestRenterPageLink struct {
			Exception *struct{ MessageID string }
		}
	}
	r := s.Query(nil, `mutation($e: String!) { requestRenterPageLink(email: $e) { exception { messageId } } }`, map[string]any{"e": email}, &data)
	s.pages.Wait() // the link is written after the answer
	if len(r.Errors) > 0 {
		s.t.Fatalf("requestRenterPageLink: %+v", r.Errors)
	}
	if e := data.RequestRenterPageLink.Exception; e != nil {
		return e.MessageID
	}
	return ""
}

type page struct {
	FirstName, Email, Language, Street, Birthday string
	LinkExpiresAt                                time.Time
}

func (s subgraph) openPage(token string) *page {
	s.t.Helper()
	var data struct{ RenterPage *page }
	r := s.Query(nil, `query($t: String!) { renterPage(token: $t) { firstName email language street birthday linkExpiresAt } }`, map[string]any{"t": token}, &data)
	if len(r.Errors) > 0 {
		s.t.Fatalf("renterPage: %+v", r.Errors)
	}
	return data.RenterPage
}

func TestRequestRenterPageLink_sameAnswerForAnyAddress_theKnownOneGetsAWorkingLinkUntilItExpires(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	s.add("Anna", "Schmidt", "anna@example.org")

	for _, email := range []string{"nobody@example.org", "ANNA@example.org", "anna@example.org"} {
		if e := s.requestLink(email); e != "" {
			t.Fatalf("%s: exception %s, want none", email, e)
		}
	}
	if links := s.pageLinks("nobody@example.org"); len(links) != 0 {
		t.Errorf("an unknown address was mailed %v", links)
	}
	links := s.pageLinks("anna@example.org")
	if len(links) != 1 || links[0] == "" {
		t.Fatalf("links %v; want one (the second request fell in the window)", links)
	}
	parsed, _ := url.Parse(links[0])
	token := parsed.Query().Get("token")
	p := s.openPage(token)
	if p == nil || p.FirstName != "Anna" || p.Email != "anna@example.org" || p.Language != "en" || p.Street != "Hauptstraße 1" || p.Birthday == "" ||
		s.clock.now.Add(pageSettings.PageLinkValidity).Sub(p.LinkExpiresAt).Abs() > time.Minute {
		t.Fatalf("page %+v", p)
	}
	if s.openPage("x"+token) != nil {
		t.Error("a wrong token opened a page")
	}

	s.clock.now = s.clock.now.Add(pageSettings.PageLinkWindow + time.Second)
	if s.requestLink("anna@example.org"); len(s.pageLinks("anna@example.org")) != 2 {
		t.Error("no new link after the window")
	}
	s.clock.now = s.clock.now.Add(pageSettings.PageLinkValidity)
	if s.openPage(token) != nil {
		t.Error("an expired link opened the page")
	}
}

func TestRequestRenterPageLink_malformedAddressIsAnException(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	for email, want := range map[string]string{"": "missing", "anna@localhost": "INVALID_EMAIL", "Anna <anna@example.org>": "INVALID_EMAIL"} {
		if got := s.requestLink(email); got != want {
			t.Errorf("%q: exception %q, want %q", email, got, want)
		}
	}
}

func TestRenterPageMails_theTokensRentersMailsOnly(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	s.add("Anna", "Schmidt", "anna@example.org")
	s.add("Bob", "Weber", "bob@example.org")
	s.requestLink("bob@example.org")
	token := s.pageToken("anna@example.org")

	var data struct {
		RenterPage struct {
			Mails []struct {
				Subject, Text, WrittenAt string
				SentAt                   *string
			}
		}
	}
	r := s.Query(nil, `query($t: String!) { renterPage(token: $t) { mails { subject text writtenAt sentAt } } }`, map[string]any{"t": token}, &data)
	if len(r.Errors) > 0 {
		t.Fatal(r.Errors)
	}
	mails := data.RenterPage.Mails
	if len(mails) != 1 || mails[0].Subject != `Your link to "My booking"` || !strings.Contains(mails[0].Text, "Hello Anna Schmidt") ||
		mails[0].WrittenAt == "" || mails[0].SentAt != nil {
		t.Errorf("Anna's mails %+v, want her one page link mail, not yet sent", mails)
	}
	if strings.Contains(mails[0].Text, token) || !strings.Contains(mails[0].Text, "/booking/my-booking?token=…") {
		t.Errorf("the download's mail keeps the link's token: %s", mails[0].Text)
	}
	var none struct {
		RenterPage *struct{ Mails []struct{ Subject string } }
	}
	s.Query(nil, `query($t: String!) { renterPage(token: $t) { mails { subject } } }`, map[string]any{"t": "x" + token}, &none)
	if none.RenterPage != nil {
		t.Errorf("a wrong token got %+v", none.RenterPage)
	}
}

// TestRequestRenterPageLink_answersAlikeInWhatAndHowFast is requestRenterPageLink's oracle test:
// for a renter's address (mailed each time: the clock passes the window between the rounds), an
// erased renter's placeholder and an address nobody used, the answer is the same and the median
// times differ by no more than the noise.
func TestRequestRenterPageLink_answersAlikeInWhatAndHowFast(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	s.add("Anna", "Schmidt", "anna@example.org")
	eve := s.add("Eve", "Muster", "eve@example.org")
	placeholder := s.erase(eve)
	kinds := map[string]func(round int) string{
		"renter":             func(int) string { return "anna@example.org" },
		"erased placeholder": func(int) string { return placeholder },
		"address nobody used": func(round int) string {
			return fmt.Sprintf("new%d@example.org", round)
		},
	}
	const runs = 21
	times := map[string][]time.Duration{}
	for round := range runs {
		s.clock.now = s.clock.now.Add(pageSettings.PageLinkWindow + time.Second)
		for kind, address := range kinds {
			var data struct {
				RequestRenterPageLink struct{ Exception *struct{ MessageID string } }
			}
			start := time.Now()
			r := s.Query(nil, `mutation($e: String!) { requestRenterPageLink(email: $e) { exception { messageId } } }`, map[string]any{"e": address(round)}, &data)
			times[kind] = append(times[kind], time.Since(start))
			s.pages.Wait() // the mail is written apart from the answer, as while others ask at the same time
			if len(r.Errors) > 0 || data.RequestRenterPageLink.Exception != nil {
				t.Fatalf("%s: answered %+v %+v, want no exception", kind, r.Errors, data.RequestRenterPageLink.Exception)
			}
		}
	}
	if got := len(s.pageLinks("anna@example.org")); got != runs {
		t.Fatalf("%d page links to the renter, want %d: the test measured no mail", got, runs)
	}
	medians := map[string]time.Duration{}
	for kind := range kinds {
		slices.Sort(times[kind])
		medians[kind] = times[kind][runs/2]
	}
	fastest, slowest := slices.Min(slices.Collect(maps.Values(medians))), slices.Max(slices.Collect(maps.Values(medians)))
	t.Logf("median times %v", medians)
	if slowest-fastest > max(fastest/4, 500*time.Microsecond) {
		t.Errorf("the median times %v differ by %v: the time tells the kinds of address apart", medians, slowest-fastest)
	}
}

// erase does what an erasure request and its execution do, and returns the renter's placeholder
// address.
func (s subgraph) erase(renterID int) string {
	s.t.Helper()
	ctx := context.Background()
	var email string
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		store := pgadapter.MailStoreIn(tx)
		renter, err := store.LockRenter(ctx, int64(renterID))
		if err != nil {
			return err
		}
		renter.RequestErasure(s.clock.now)
		if err := store.RecordErasureRequest(ctx, renter); err != nil {
			return err
		}
		if _, err := renter.Erase(s.clock.now); err != nil {
			return err
		}
		email = renter.Data.Email
		return store.StoreErased(ctx, renter, "admin")
	})
	if err != nil {
		s.t.Fatalf("erase renter %d: %v", renterID, err)
	}
	return email
}
