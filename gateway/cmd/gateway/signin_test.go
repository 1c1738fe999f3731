package main

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"semesterhaus/gateway/internal/auth"
	"semesterhaus/gateway/internal/config"
	"semesterhaus/platform/logging"
)

func TestWhoAmI_signInThenOut_switchesRoleAndEndsSessionServerSide(t *testing.T) {
	gw := startGateway(t)
	client := browser(t)

	if got := gw.whoami(t, client); got != "anonymous" {
		t.Fatalf("whoami before sign-in = %q, want anonymous", got)
	}
	res := gw.login(t, client, "admin", adminPassword)
	if res.StatusCode != http.StatusNoContent {
		t.Fatalf("login status = %d, want 204", res.StatusCode)
	}
	session := cookieNamed(res.Cookies(), auth.CookieName)
	if session == nil || !session.HttpOnly || session.SameSite != http.SameSiteStrictMode || session.Path != "/" {
		t.Fatalf("session cookie = %+v, want HttpOnly, SameSite=Strict, Path=/", session)
	}
	if session.Secure {
		t.Error("session cookie is Secure outside production; browsers would drop it on plain HTTP")
	}
	if got := gw.whoami(t, client); got != "admin" {
		t.Fatalf("whoami after sign-in = %q, want admin", got)
	}

	logout, err := client.Post(gw.url+"/api/auth/logout", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	logout.Body.Close()
	if logout.StatusCode != http.StatusNoContent {
		t.Fatalf("logout status = %d, want 204", logout.StatusCode)
	}
	if got := gw.whoami(t, client); got != "anonymous" {
		t.Errorf("whoami after sign-out = %q, want anonymous", got)
	}
	// A copy of the old cookie is worthless: the session is gone on the server, not only in the browser.
	replay := browser(t)
	replay.Jar.SetCookies(mustParseURL(t, gw.url), []*http.Cookie{{Name: auth.CookieName, Value: session.Value}})
	if got := gw.whoami(t, replay); got != "anonymous" {
		t.Errorf("whoami with the signed-out session's cookie = %q, want anonymous", got)
	}
}

func TestLogin_productionMode_marksCookieSecure(t *testing.T) {
	gw := startGateway(t, inProduction())
	res := gw.login(t, browser(t), "admin", adminPassword)
	session := cookieNamed(res.Cookies(), auth.CookieName)
	if session == nil || !session.Secure {
		t.Fatalf("session cookie in production = %+v, want Secure", session)
	}
}

func TestLogin_wrongPasswordOrUnknownUser_401WithEmptyBody(t *testing.T) {
	gw := startGateway(t)
	for _, creds := range [][2]string{{"admin", "wrong"}, {"nobody", adminPassword}} {
		client := browser(t)
		res := gw.login(t, client, creds[0], creds[1])
		body := readAll(t, res.Body)
		if res.StatusCode != http.StatusUnauthorized || len(body) != 0 || len(res.Cookies()) != 0 {
			t.Errorf("login(%q) = %d %q cookies %v, want 401, empty body, no cookie", creds[0], res.StatusCode, body, res.Cookies())
		}
		if got := gw.whoami(t, client); got != "anonymous" {
			t.Errorf("whoami after failed login = %q, want anonymous", got)
		}
	}
}

func TestLogin_afterFiveFailuresForOneUser_evenTheCorrectPasswordWaitsThenSucceeds(t *testing.T) {
	gw := startGateway(t)
	client := browser(t)
	for range 5 {
		if res := gw.login(t, client, "admin", "guess"); res.StatusCode != http.StatusUnauthorized {
			t.Fatalf("failed login status = %d, want 401", res.StatusCode)
		}
	}
	// Waiting now, even with the right password: a guess during the wait is not even checked.
	res := gw.login(t, client, "admin", adminPassword)
	if res.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("login right after 5 failures = %d, want 429", res.StatusCode)
	}
	// Once the wait is over the correct password signs in.
	waitRetryAfter(t, res)
	if res := gw.login(t, client, "admin", adminPassword); res.StatusCode != http.StatusNoContent {
		t.Fatalf("login after Retry-After = %d, want 204", res.StatusCode)
	}
}

// waitRetryAfter sleeps for the Retry-After of res, which must be a positive number of seconds.
func waitRetryAfter(t *testing.T, res *http.Response) {
	t.Helper()
	seconds, err := strconv.Atoi(res.Header.Get("Retry-After"))
	if err != nil || seconds <= 0 || seconds > 60 {
		t.Fatalf("Retry-After = %q, want 1 to 60 seconds", res.Header.Get("Retry-After"))
	}
	time.Sleep(time.Duration(seconds) * time.Second)
}

func TestLogin_passwordGuessingRun_doesNotStopTheOwnerSigningIn(t *testing.T) {
	// Behind the Ingress (trusted), attacker and owner are two clients.
	gw := startGateway(t, withEnv("TRUSTED_PROXIES", "127.0.0.0/8,::1"))
	attacker, owner := browser(t), browser(t)
	guesses, delayed := 0, 0
	for i := range 40 {
		res := gw.loginFrom(t, attacker, "203.0.113.66", "admin", "guess"+strconv.Itoa(i))
		switch res.StatusCode {
		case http.StatusUnauthorized:
			guesses++
		case http.StatusTooManyRequests:
			delayed++
		default:
			t.Fatalf("guess %d = %d, want 401 or 429", i, res.StatusCode)
		}
	}
	if guesses > 6 || delayed == 0 {
		t.Errorf("40 rapid guesses: %d checked, %d told to wait; want at most 6 checked", guesses, delayed)
	}

	res := gw.loginFrom(t, owner, "198.51.100.10", "admin", adminPassword)
	if res.StatusCode == http.StatusTooManyRequests {
		waitRetryAfter(t, res)
		res = gw.loginFrom(t, owner, "198.51.100.10", "admin", adminPassword)
	}
	if res.StatusCode != http.StatusNoContent || gw.whoami(t, owner) != "admin" {
		t.Fatalf("the owner's correct password after the guessing run = %d, want 204 and signed in", res.StatusCode)
	}
	// The owner's sign-in ended the user name's delay: the next guess is checked (and wrong) at once.
	if res := gw.loginFrom(t, attacker, "203.0.113.66", "admin", "one more"); res.StatusCode != http.StatusUnauthorized {
		t.Errorf("guess after the owner signed in = %d, want 401", res.StatusCode)
	}
}

func TestLogin_forgedForwardedForFromAnUntrustedPeer_doesNotEscapeTheDelay(t *testing.T) {
	gw := startGateway(t)
	client := browser(t)
	statuses := map[int]int{}
	for i := range 30 {
		// A new user name and a new forged address each time: only the TCP peer counts.
		res := gw.loginFrom(t, client, "198.51.100."+strconv.Itoa(i), "guess"+strconv.Itoa(i), "guess")
		statuses[res.StatusCode]++
	}
	if statuses[http.StatusUnauthorized] != 20 || statuses[http.StatusTooManyRequests] != 10 {
		t.Errorf("30 guesses with forged X-Forwarded-For = %v, want 20 × 401 (the address's free ones) and 10 × 429", statuses)
	}
}

func (gw *testGateway) loginFrom(t *testing.T, client *http.Client, forwardedFor, username, password string) *http.Response {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"username": username, "password": password})
	req, err := http.NewRequest(http.MethodPost, gw.url+"/api/auth/login", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", forwardedFor)
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = res.Body.Close() })
	return res
}

func TestAdminAccounts_unsetLocally_adminAdminWithAWarning(t *testing.T) {
	var logs logging.Buffer
	accounts, err := adminAccounts(config.Config{}, slog.New(slog.NewJSONHandler(&logs, nil)))
	if err != nil {
		t.Fatal(err)
	}
	if !accounts.Verify("admin", "admin") {
		t.Error("the local default account admin/admin is missing")
	}
	if !strings.Contains(logs.String(), `"level":"WARN"`) || !strings.Contains(logs.String(), "admin/admin") {
		t.Errorf("no warning about the default account: %s", logs.String())
	}
}

func TestLogin_manyFailuresFromOneAddress_waitEvenForOtherNames(t *testing.T) {
	gw := startGateway(t)
	client := browser(t)
	for i := range 20 {
		if res := gw.login(t, client, "guess"+strconv.Itoa(i), "guess"); res.StatusCode != http.StatusUnauthorized {
			t.Fatalf("failed login %d status = %d, want 401", i, res.StatusCode)
		}
	}
	res := gw.login(t, client, "admin", adminPassword)
	if res.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("login after 20 failures from one address = %d, want 429", res.StatusCode)
	}
	waitRetryAfter(t, res)
	if res := gw.login(t, client, "admin", adminPassword); res.StatusCode != http.StatusNoContent {
		t.Errorf("login after Retry-After = %d, want 204", res.StatusCode)
	}
}

func TestLogin_guessingGoesOn_theOwnersUsualBrowserSignsInAtOnce(t *testing.T) {
	gw := startGateway(t, withEnv("TRUSTED_PROXIES", "127.0.0.0/8,::1"))
	owner := browser(t)
	if res := gw.loginFrom(t, owner, "198.51.100.10", "admin", adminPassword); res.StatusCode != http.StatusNoContent {
		t.Fatalf("the owner's first sign-in = %d, want 204", res.StatusCode)
	}
	if cookieNamed(owner.Jar.Cookies(mustParseURL(t, gw.url+"/api/auth/login")), auth.DeviceCookieName) == nil {
		t.Fatal("no device cookie after signing in")
	}

	// An attacker keeps the user name waiting, from their own browser and with a forged device cookie.
	attacker := browser(t)
	attacker.Jar.SetCookies(mustParseURL(t, gw.url+"/api/auth/login"), []*http.Cookie{{Name: auth.DeviceCookieName, Value: "1790000000.forged"}})
	for i := range 20 {
		gw.loginFrom(t, attacker, "203.0.113.66", "admin", "guess"+strconv.Itoa(i))
	}
	if res := gw.loginFrom(t, attacker, "203.0.113.66", "admin", adminPassword); res.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("the attacker's next attempt = %d, want 429", res.StatusCode)
	}
	if res := gw.loginFrom(t, browser(t), "198.51.100.11", "admin", adminPassword); res.StatusCode != http.StatusTooManyRequests {
		t.Errorf("a browser that never signed in, during the guessing = %d, want 429 (the user name's wait)", res.StatusCode)
	}
	if res := gw.loginFrom(t, owner, "198.51.100.10", "admin", adminPassword); res.StatusCode != http.StatusNoContent {
		t.Errorf("the owner's usual browser during the guessing = %d, want 204 at once", res.StatusCode)
	}
}
