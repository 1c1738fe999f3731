package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"time"

	"semesterhaus/tools/internal/systemtest"
)

type client struct {
	baseURL, mailURL string
	http             *http.Client
}

func newClient(baseURL, mailURL string) *client {
	jar, _ := cookiejar.New(nil)
	transport := &http.Transport{MaxIdleConnsPerHost: 1024, MaxConnsPerHost: 0}
	return &client{baseURL: baseURL, mailURL: mailURL, http: &http.Client{
		Jar: jar, Transport: transport, Timeout: 2 * time.Minute,
		// The verify link answers with a redirect: its target is the result.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

type graphResponse struct {
	Data   json.RawMessage `json:"data"`
	Errors []struct {
		Message string `json:"message"`
	} `json:"errors"`
}

func (c *client) graphql(ctx context.Context, query string, variables map[string]any, out any) error {
	body, err := json.Marshal(map[string]any{"query": query, "variables": variables})
	if err != nil {
		return err
	}
	return c.post(ctx, out, body)
}

// post sends a GraphQL request body, given in parts that are sent one after the other without being
// joined, and decodes the response's data into out.
func (c *client) post(ctx context.Context, out any, body ...[]byte) error {
	parts := make([]io.Reader, len(body))
	size := 0
	for i, b := range body {
		parts[i] = bytes.NewReader(b)
		size += len(b)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/api/graphql", io.MultiReader(parts...))
	if err != nil {
		return err
	}
	req.ContentLength = int64(size)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var r graphResponse
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		return fmt.Errorf("HTTP %d: %w", resp.StatusCode, err)
	}
	if len(r.Errors) > 0 {
		return fmt.Errorf("graphql: %s", r.Errors[0].Message)
	}
	return json.Unmarshal(r.Data, out)
}

type target struct {
	semesterID int
	apartments [2]int // one for the booking requests, one for the confirmation race
}

// bookingTarget picks the last two free apartments of the bookable semester.
func (c *client) bookingTarget(ctx context.Context) (target, error) {
	var data struct {
		AvailableApartments struct {
			BookableSemester  struct{ ID int }
			ApartmentBookable []struct {
				ApartmentID int
				Free        bool
			}
		}
	}
	q := `{ availableApartments { bookableSemester { id } apartmentBookable { apartmentId free } } }`
	if err := c.graphql(ctx, q, nil, &data); err != nil {
		return target{}, fmt.Errorf("available apartments: %w", err)
	}
	var free []int
	for _, a := range data.AvailableApartments.ApartmentBookable {
		if a.Free {
			free = append(free, a.ApartmentID)
		}
	}
	if len(free) < 2 {
		return target{}, fmt.Errorf("need two free apartments, found %d", len(free))
	}
	return target{semesterID: data.AvailableApartments.BookableSemester.ID, apartments: [2]int{free[len(free)-2], free[len(free)-1]}}, nil
}

const createRenting = `mutation($c: CreateRentingRequest!) { createRentingRequest(create: $c) { uuid exception { messageId path } } }`

// bookMany sends n booking requests for the apartment. With rate > 0 a request starts every 1/rate
// seconds whether or not the earlier ones have finished (an open loop, as independent students
// would send them); with rate 0, concurrency requests are in flight at any time.
func (c *client) bookMany(ctx context.Context, semesterID, apartmentID, n int, load load, run string, docs documents) (result, error) {
	res := result{latencies: make([]time.Duration, n), emails: make([]string, n)}
	template, err := bookingTemplate(semesterID, apartmentID, docs)
	if err != nil {
		return result{}, err
	}
	errs := make(chan error, n)
	book := func(i int) {
		email := fmt.Sprintf("bench-%s-%d@example.org", run, i)
		began := time.Now()
		err := c.book(ctx, template.before, []byte(email), template.after)
		res.latencies[i] = time.Since(began)
		res.emails[i] = email
		if err != nil {
			errs <- fmt.Errorf("booking %d: %w", i, err)
		}
	}
	start := time.Now()
	load.run(n, book)
	res.wall = time.Since(start)
	close(errs)
	if err := <-errs; err != nil {
		return result{}, err
	}
	return res, nil
}

// load is how requests are sent: rate requests/s (open loop) or, with rate 0, concurrency at a time.
type load struct {
	rate        float64
	concurrency int
}

func (l load) String() string {
	if l.rate > 0 {
		return fmt.Sprintf("%.0f started per second", l.rate)
	}
	return fmt.Sprintf("%d at a time", l.concurrency)
}

// run calls do for 0..n-1 as the load says and returns when all calls have returned.
func (l load) run(n int, do func(int)) {
	var wg sync.WaitGroup
	if l.rate > 0 {
		interval := time.Duration(float64(time.Second) / l.rate)
		start := time.Now()
		for i := range n {
			time.Sleep(time.Until(start.Add(time.Duration(i) * interval)))
			wg.Go(func() { do(i) })
		}
		wg.Wait()
		return
	}
	jobs := make(chan int)
	for range l.concurrency {
		wg.Go(func() {
			for i := range jobs {
				do(i)
			}
		})
	}
	for i := range n {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
}

const emailPlaceholder = "bench-email-placeholder@example.org"

// bodyTemplate is the request body of a booking without its e-mail: the parts before and after it.
// Each request sends the same multi-megabyte parts, so that the load generator spends its CPU on
// neither JSON nor copies.
type bodyTemplate struct{ before, after []byte }

func bookingTemplate(semesterID, apartmentID int, docs documents) (bodyTemplate, error) {
	body, err := json.Marshal(map[string]any{"query": createRenting, "variables": map[string]any{"c": map[string]any{
		"apartmentId": apartmentID, "semesterId": semesterID, "email": emailPlaceholder,
		"firstName": "Lena", "lastName": "Bench", "gender": "female", "birthday": "2003-05-17",
		"street": "Hauptstraße 1", "zip": "69117", "city": "Heidelberg", "country": "DEU", "nationality": "de",
		"phone": "+49 170 1234567", "language": "de",
		"identityCardFront": docs.front, "identityCardBack": docs.back, "immatriculation": docs.certificate,
	}}})
	if err != nil {
		return bodyTemplate{}, err
	}
	before, after, _ := bytes.Cut(body, []byte(emailPlaceholder))
	return bodyTemplate{before: before, after: after}, nil
}

func (c *client) book(ctx context.Context, body ...[]byte) error {
	var data struct {
		CreateRentingRequest struct {
			UUID      *string
			Exception *struct{ MessageID, Path string }
		}
	}
	if err := c.post(ctx, &data, body...); err != nil {
		return err
	}
	if e := data.CreateRentingRequest.Exception; e != nil {
		return fmt.Errorf("exception %s at %s", e.MessageID, e.Path)
	}
	return nil
}

var verifyLink = regexp.MustCompile(`/booking/step3\?email=([^&\s"]+)&(?:amp;)?token=([A-Za-z0-9_-]+)`)

// confirmationLinks reads the confirmation mails of the given renters from the mail catcher.
func (c *client) confirmationLinks(ctx context.Context, emails []string) (map[string]string, error) {
	want := make(map[string]bool, len(emails))
	for _, e := range emails {
		want[e] = true
	}
	deadline := time.Now().Add(2 * time.Minute)
	for {
		tokens, err := c.mailedTokens(ctx, want)
		if err != nil {
			return nil, err
		}
		if len(tokens) == len(want) {
			return tokens, nil
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("only %d of %d confirmation mails arrived", len(tokens), len(want))
		}
		time.Sleep(time.Second)
	}
}

func (c *client) mailedTokens(ctx context.Context, want map[string]bool) (map[string]string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.mailURL+"/email", nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("mail catcher: %w", err)
	}
	defer resp.Body.Close()
	var mails []struct {
		Text string `json:"text"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&mails); err != nil {
		return nil, fmt.Errorf("mail catcher: %w", err)
	}
	tokens := make(map[string]string)
	for _, m := range mails {
		match := verifyLink.FindStringSubmatch(m.Text)
		if match == nil {
			continue
		}
		if email, err := url.QueryUnescape(match[1]); err == nil && want[email] {
			tokens[email] = match[2]
		}
	}
	return tokens, nil
}

// confirmAtOnce opens every renter's verify link (with the tokens of their mails) at the same moment.
func (c *client) confirmAtOnce(ctx context.Context, emails []string, tokens map[string]string) (result, int, error) {
	res := result{latencies: make([]time.Duration, len(emails))}
	won := make([]bool, len(emails))
	errs := make([]error, len(emails))
	var ready, done sync.WaitGroup
	gate := make(chan struct{})
	for i, email := range emails {
		ready.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			link := fmt.Sprintf("%s/api/verify?email=%s&token=%s", c.baseURL, url.QueryEscape(email), tokens[email])
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, link, nil)
			ready.Done()
			<-gate
			began := time.Now()
			resp, err := c.http.Do(req)
			res.latencies[i] = time.Since(began)
			if err != nil {
				errs[i] = err
				return
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			location := resp.Header.Get("Location")
			won[i] = resp.StatusCode/100 == 3 && strings.Contains(location, "/booking/step3done")
			if resp.StatusCode/100 != 3 {
				errs[i] = fmt.Errorf("verify answered HTTP %d", resp.StatusCode)
			}
		}()
	}
	ready.Wait()
	start := time.Now()
	close(gate)
	done.Wait()
	res.wall = time.Since(start)
	winners := 0
	for i := range emails {
		if errs[i] != nil {
			return result{}, 0, errs[i]
		}
		if won[i] {
			winners++
		}
	}
	return res, winners, nil
}

// freeApartments signs in as admin and deletes the benchmark's rentings.
func (c *client) freeApartments(ctx context.Context, user, password string, t target) error {
	admin := systemtest.NewSite(c.baseURL, c.mailURL)
	if err := admin.SignIn(ctx, user, password); err != nil {
		return err
	}
	for _, apartmentID := range t.apartments {
		var out map[string]any
		q := `mutation($a: Int!, $s: Int!) { freeApartment(apartmentId: $a, semesterId: $s) }`
		if err := admin.GraphQL(ctx, q, map[string]any{"a": apartmentID, "s": t.semesterID}, &out); err != nil {
			return fmt.Errorf("free apartment %d: %w", apartmentID, err)
		}
	}
	return nil
}

func encode(b []byte) string { return base64.StdEncoding.EncodeToString(b) }
