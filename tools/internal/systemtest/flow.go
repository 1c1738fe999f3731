package systemtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"path"
	"regexp"
	"strings"
	"time"
)

// Site drives the running system through its gateway as the booking pages, the sandboxes and an
// administrator do, and reads the mails in the mail catcher (MailDev's HTTP API) or another mailbox.
type Site struct {
	Gateway string // e.g. http://127.0.0.1:8080
	Mail    string // the mail catcher's HTTP API, e.g. http://127.0.0.1:8025; empty with another mailbox
	client  *http.Client
	mailbox Mailbox
}

// Mailbox is where a site reads the mails the system sent.
type Mailbox interface {
	// MailsTo lists the mails to address (as the system writes it: in lower case).
	MailsTo(ctx context.Context, address string) ([]CaughtMail, error)
}

// NewSite returns a site client with its own cookies (an administrator's session after SignIn)
// that reads the mails in the mail catcher at mail.
func NewSite(gateway, mail string) *Site {
	s := NewSiteWith(gateway, http.DefaultTransport, nil)
	s.Mail, s.mailbox = mail, catcher{s}
	return s
}

// NewSiteWith returns a site client that reaches the gateway through transport (one that trusts a
// CA of the run, say) and reads the mails in mailbox.
func NewSiteWith(gateway string, transport http.RoundTripper, mailbox Mailbox) *Site {
	jar, _ := cookiejar.New(nil)
	return &Site{Gateway: gateway, mailbox: mailbox, client: &http.Client{
		Jar: jar, Timeout: time.Minute, Transport: transport,
		// The confirmation link, the signing and the checkout answer with a redirect: its target is the result.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// Client is the site's HTTP client: its cookies, its transport, redirects not followed.
func (s *Site) Client() *http.Client { return s.client }

// GraphQL posts an operation to the gateway with the site's cookies.
func (s *Site) GraphQL(ctx context.Context, query string, variables map[string]any, out any) error {
	return graphQL(ctx, s.client, s.Gateway+"/api/graphql", query, variables, out)
}

// Book sends the booking form; a business exception comes back as *Exception.
func (s *Site) Book(ctx context.Context, b Booking) (string, error) {
	return s.BookWith(ctx, b.Input())
}

// BookWith sends the booking form with the given input (Booking.Input with other uploads, say).
func (s *Site) BookWith(ctx context.Context, input map[string]any) (string, error) {
	return rentingResult(ctx, s.client, s.Gateway+"/api/graphql", "createRentingRequest", CreateRentingRequest, map[string]any{"c": input})
}

// rentingResult runs a mutation whose result (field) is a RentingResult: the renting's id, or the
// business exception as *Exception.
func rentingResult(ctx context.Context, client *http.Client, endpoint, field, query string, variables map[string]any) (string, error) {
	var out map[string]struct {
		UUID      *string
		Exception *Exception
	}
	if err := graphQL(ctx, client, endpoint, query, variables, &out); err != nil {
		return "", err
	}
	result := out[field]
	if result.Exception != nil {
		return "", result.Exception
	}
	if result.UUID == nil {
		return "", fmt.Errorf("%s answered neither a renting nor an exception", field)
	}
	return *result.UUID, nil
}

// Exception is a business exception of a mutation's result.
type Exception struct{ MessageID, Path string }

func (e *Exception) Error() string { return fmt.Sprintf("exception %s at %s", e.MessageID, e.Path) }

// SignIn signs the site in as an administrator.
func (s *Site) SignIn(ctx context.Context, user, password string) error {
	body, _ := json.Marshal(map[string]string{"username": user, "password": password})
	resp, err := s.do(ctx, http.MethodPost, s.Gateway+"/api/auth/login", "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusNoContent {
		return fmt.Errorf("admin sign-in answered HTTP %d", resp.StatusCode)
	}
	return nil
}

// Cookie is the Cookie header the site sends to the gateway (an administrator's session after
// SignIn), for load generators that send requests of their own.
func (s *Site) Cookie() string {
	gateway, err := url.Parse(s.Gateway)
	if err != nil {
		return ""
	}
	var pairs []string
	for _, c := range s.client.Jar.Cookies(gateway) {
		pairs = append(pairs, c.Name+"="+c.Value)
	}
	return strings.Join(pairs, "; ")
}

// ApproveIdentityCard is the administrator's approval of a renting's identity card.
func (s *Site) ApproveIdentityCard(ctx context.Context, rentingID string) error {
	var out struct{ ApproveIdentityCard bool }
	if err := s.GraphQL(ctx, `mutation($r: ID!) { approveIdentityCard(rentingId: $r) }`, map[string]any{"r": rentingID}, &out); err != nil {
		return err
	}
	if !out.ApproveIdentityCard {
		return errors.New("approveIdentityCard answered false")
	}
	return nil
}

// OfferRenewal is the administrator's offer of the next semester to the renter of a PAYED renting;
// it returns the new RENEWAL_REQUEST renting.
func (s *Site) OfferRenewal(ctx context.Context, rentingID string) (string, error) {
	return rentingResult(ctx, s.client, s.Gateway+"/api/graphql", "offerRenewal",
		`mutation($r: ID!) { offerRenewal(rentingId: $r) { uuid exception { messageId path } } }`, map[string]any{"r": rentingID})
}

// ApproveRenewal accepts the renewal behind the renewal mail's link (/booking/extend?rentingId=…&token=…)
// with the booking's data and a new enrollment certificate, as the extend page does.
func (s *Site) ApproveRenewal(ctx context.Context, extend *url.URL, b Booking) error {
	in := b.Input()
	renewal := map[string]any{"immatriculation": in["immatriculation"]}
	for _, field := range []string{"birthday", "city", "country", "firstName", "lastName", "gender", "phone", "street", "zip", "language", "nationality"} {
		renewal[field] = in[field]
	}
	q := extend.Query()
	_, err := rentingResult(ctx, s.client, s.Gateway+"/api/graphql", "approveRenewal",
		`mutation($r: ID!, $t: String!, $n: RentingRenewal!) { approveRenewal(rentingId: $r, token: $t, rentingRenewal: $n) { uuid exception { messageId path } } }`,
		map[string]any{"r": q.Get("rentingId"), "t": q.Get("token"), "n": renewal})
	return err
}

// JoinWaitlist puts the address on the semester's waitlist (joinWaitlist); a business exception
// (WAITLIST_NOT_NEEDED while an apartment is free) comes back as *Exception.
func (s *Site) JoinWaitlist(ctx context.Context, semesterID int, email, name string) error {
	return s.update(ctx, "joinWaitlist", `mutation($j: JoinWaitlist!) { joinWaitlist(join: $j) { exception { messageId path } } }`,
		map[string]any{"j": map[string]any{"semesterId": semesterID, "email": email, "name": name, "language": "de"}})
}

// ConfirmWaitlistEntry confirms a waitlist entry with the token of its confirmation mail's link
// (/booking/waitlist-confirm?token=…), as the page's button does.
func (s *Site) ConfirmWaitlistEntry(ctx context.Context, link *url.URL) error {
	return s.update(ctx, "confirmWaitlistEntry", `mutation($t: String!) { confirmWaitlistEntry(token: $t) { exception { messageId path } } }`,
		map[string]any{"t": link.Query().Get("token")})
}

// BlockApartment is the administrator's block of an apartment in a semester.
func (s *Site) BlockApartment(ctx context.Context, apartmentID, semesterID int, reason string) error {
	return s.update(ctx, "blockApartment", `mutation($a: Int!, $s: Int!, $r: String!) { blockApartment(apartmentId: $a, semesterId: $s, reason: $r) { exception { messageId path } } }`,
		map[string]any{"a": apartmentID, "s": semesterID, "r": reason})
}

// UnblockApartment is the administrator's lifting of a block; the waitlist's first in line is
// offered the apartment at once.
func (s *Site) UnblockApartment(ctx context.Context, apartmentID, semesterID int) error {
	return s.update(ctx, "unblockApartment", `mutation($a: Int!, $s: Int!) { unblockApartment(apartmentId: $a, semesterId: $s) { exception { messageId path } } }`,
		map[string]any{"a": apartmentID, "s": semesterID})
}

// RequestErasure asks, with the token of the renter's page link (/booking/my-booking?token=…), to
// erase the renter's data, as the page's button does.
func (s *Site) RequestErasure(ctx context.Context, page *url.URL) error {
	return s.update(ctx, "requestErasure", `mutation($t: String!) { requestErasure(token: $t) { exception { messageId path } } }`,
		map[string]any{"t": page.Query().Get("token")})
}

// ErasureRequest is a renter who asked for erasure, as the back office lists them.
type ErasureRequest struct {
	ID       int64
	Email    string
	ErasedAt *time.Time
}

// ErasureRequests is the administrator's list of erasure requests, executed or not.
func (s *Site) ErasureRequests(ctx context.Context) ([]ErasureRequest, error) {
	var out struct{ ErasureRequests []ErasureRequest }
	err := s.GraphQL(ctx, `{ erasureRequests { id email erasedAt } }`, nil, &out)
	return out.ErasureRequests, err
}

// ExecuteErasure is the administrator's execution of a renter's erasure request.
func (s *Site) ExecuteErasure(ctx context.Context, renterID int64) error {
	return s.update(ctx, "executeErasure", `mutation($r: Int!) { executeErasure(renterId: $r) { exception { messageId path } } }`,
		map[string]any{"r": renterID})
}

// update runs a mutation whose result (field) is an UpdateResult; its business exception comes back
// as *Exception.
func (s *Site) update(ctx context.Context, field, query string, variables map[string]any) error {
	var out map[string]struct{ Exception *Exception }
	if err := s.GraphQL(ctx, query, variables, &out); err != nil {
		return err
	}
	if e := out[field].Exception; e != nil {
		return e
	}
	return nil
}

// State is the renting's state as its booking pages see it (bookingProgress).
func (s *Site) State(ctx context.Context, rentingID string) (string, error) {
	var out struct{ BookingProgress *struct{ State string } }
	if err := s.GraphQL(ctx, `query($r: ID!) { bookingProgress(rentingId: $r) { state } }`, map[string]any{"r": rentingID}, &out); err != nil {
		return "", err
	}
	if out.BookingProgress == nil {
		return "", fmt.Errorf("no renting %s", rentingID)
	}
	return out.BookingProgress.State, nil
}

// MailLink waits until a mail to address holds a link to the site path (e.g. /booking/step3) and
// returns the link.
func (s *Site) MailLink(ctx context.Context, address, path string, timeout time.Duration) (*url.URL, error) {
	return s.MailLinkIn(ctx, address, "", path, timeout)
}

// MailLinkIn is MailLink among the mails whose subject contains subject (all when it is empty), e.g.
// a reminder's.
func (s *Site) MailLinkIn(ctx context.Context, address, subject, path string, timeout time.Duration) (*url.URL, error) {
	pattern := regexp.MustCompile(`https?://[^\s"'<>]+` + regexp.QuoteMeta(path) + `\?[^\s"'<>]+`)
	deadline := time.Now().Add(timeout)
	for {
		mails, err := s.MailsTo(ctx, address)
		if err == nil {
			for _, m := range mails {
				if !strings.Contains(m.Subject, subject) {
					continue
				}
				if link := pattern.FindString(m.Text); link != "" {
					return url.Parse(strings.ReplaceAll(link, "&amp;", "&"))
				}
			}
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("no mail to %s with a link to %s within %s (last error: %v)", address, path, timeout, err)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
}

// CaughtMail is a mail as the mail catcher lists it.
type CaughtMail struct {
	Subject string
	Text    string
	To      []struct{ Address string }
}

// Mails lists every mail in the mail catcher.
func (s *Site) Mails(ctx context.Context) ([]CaughtMail, error) {
	return s.mails(ctx, "")
}

// MailsTo lists the mails to address (as the system writes it: in lower case) in the site's mailbox.
func (s *Site) MailsTo(ctx context.Context, address string) ([]CaughtMail, error) {
	return s.mailbox.MailsTo(ctx, address)
}

// catcher is the mail catcher as a site's mailbox.
type catcher struct{ site *Site }

func (c catcher) MailsTo(ctx context.Context, address string) ([]CaughtMail, error) {
	return c.site.mails(ctx, "?"+url.Values{"to.address": {address}}.Encode())
}

// mails asks the mail catcher for its mails, all or those the query filters (MailDev's filters).
func (s *Site) mails(ctx context.Context, query string) ([]CaughtMail, error) {
	resp, err := s.do(ctx, http.MethodGet, s.Mail+"/email"+query, "", nil)
	if err != nil {
		return nil, fmt.Errorf("mail catcher: %w", err)
	}
	var mails []CaughtMail
	if err := json.Unmarshal(resp.body, &mails); err != nil {
		return nil, fmt.Errorf("mail catcher: %w", err)
	}
	return mails, nil
}

// Confirm opens the confirmation link of a step3 mail link (through the gateway's /api/verify) and
// returns the page it leads to.
func (s *Site) Confirm(ctx context.Context, step3 *url.URL) (string, error) {
	resp, err := s.do(ctx, http.MethodGet, s.Gateway+"/api/verify?"+step3.RawQuery, "", nil)
	if err != nil {
		return "", err
	}
	if resp.StatusCode != http.StatusSeeOther && resp.StatusCode != http.StatusFound {
		return "", fmt.Errorf("the confirmation link answered HTTP %d", resp.StatusCode)
	}
	return resp.location, nil
}

// providerLink asks the booking step's provider link (fetchSigningLink, fetchPaymentLink) until it exists.
func (s *Site) providerLink(ctx context.Context, field, rentingID string) (string, error) {
	var out map[string]*string
	if err := s.GraphQL(ctx, `query($r: ID!) { `+field+`(rentingId: $r) }`, map[string]any{"r": rentingID}, &out); err != nil {
		return "", err
	}
	if out[field] == nil {
		return "", fmt.Errorf("no %s for %s yet", field, rentingID)
	}
	return *out[field], nil
}

// SigningLink is the renting's signing link, as the booking's step4 page asks for it.
func (s *Site) SigningLink(ctx context.Context, rentingID string) (string, error) {
	return s.providerLink(ctx, "fetchSigningLink", rentingID)
}

// PaymentLink is the renting's payment link, as the booking's step5 page asks for it.
func (s *Site) PaymentLink(ctx context.Context, rentingID string) (string, error) {
	return s.providerLink(ctx, "fetchPaymentLink", rentingID)
}

// Sign signs the renting's contract in the signing sandbox with the renter's full name.
func (s *Site) Sign(ctx context.Context, rentingID, fullName string) error {
	link, err := s.SigningLink(ctx, rentingID)
	if err != nil {
		return err
	}
	return s.submit(ctx, link, url.Values{"name": {fullName}, "confirm": {"on"}}, "/booking/step4done")
}

// Pay pays the renting's rent in the payment sandbox, where the payment link sends the renter; the
// sandbox reports it on the webhook.
func (s *Site) Pay(ctx context.Context, rentingID string) error {
	link, err := s.PaymentLink(ctx, rentingID)
	if err != nil {
		return err
	}
	u, err := url.Parse(link)
	if err != nil {
		return err
	}
	// The link names the public address; the page is the gateway's.
	resp, err := s.do(ctx, http.MethodGet, s.Gateway+u.RequestURI(), "", nil)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusSeeOther {
		return fmt.Errorf("the payment link %s answered HTTP %d, not the way to the checkout", u.Path, resp.StatusCode)
	}
	checkout := resp.location
	if strings.Contains(checkout, "/booking/step5done") {
		// Paid: the link leads to the done page. The sandbox's checkout page still takes the payment
		// again and reports it anew, as a provider retrying its report would.
		checkout = s.Gateway + "/api/checkout/" + path.Base(u.Path)
	}
	return s.submit(ctx, checkout, url.Values{"outcome": {"pay"}}, "/booking/step5done")
}

// submit posts a sandbox page's form and wants a redirect to the done page.
func (s *Site) submit(ctx context.Context, link string, form url.Values, done string) error {
	u, err := url.Parse(link)
	if err != nil {
		return err
	}
	// The link names the public address; the page is the gateway's.
	resp, err := s.do(ctx, http.MethodPost, s.Gateway+u.RequestURI(), "application/x-www-form-urlencoded", strings.NewReader(form.Encode()))
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 3 || !strings.Contains(resp.location, done) {
		return fmt.Errorf("%s answered HTTP %d to %q", u.Path, resp.StatusCode, resp.location)
	}
	return nil
}

type response struct {
	StatusCode int
	location   string
	body       []byte
}

func (s *Site) do(ctx context.Context, method, target, contentType string, body io.Reader) (response, error) {
	req, err := http.NewRequestWithContext(ctx, method, target, body)
	if err != nil {
		return response{}, err
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return response{}, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return response{}, err
	}
	if resp.StatusCode >= 500 {
		return response{}, fmt.Errorf("%s %s answered HTTP %d", method, req.URL.Path, resp.StatusCode)
	}
	return response{StatusCode: resp.StatusCode, location: resp.Header.Get("Location"), body: b}, nil
}
