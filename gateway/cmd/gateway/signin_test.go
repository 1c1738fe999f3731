package main

import (
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"semesterhaus/gateway/internal/auth"
	"semesterhaus/gateway/internal/config"
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
	gw := startGateway(t, withEnv("PRODUCTION", "true"))
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

func TestLogin_repeatedFailuresForOneUser_429WithRetryAfter(t *testing.T) {
	gw := startGateway(t)
	client := browser(t)
	for range 5 {
		if res := gw.login(t, client, "admin", "guess"); res.StatusCode != http.StatusUnauthorized {
			t.Fatalf("failed login status = %d, want 401", res.StatusCode)
		}
	}
	// Blocked now, even with the right password: guessing must not go on until it hits.
	res := gw.login(t, client, "admin", adminPassword)
	if res.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("login after 5 failures = %d, want 429", res.StatusCode)
	}
	if seconds, err := strconv.Atoi(res.Header.Get("Retry-After")); err != nil || seconds <= 0 {
		t.Errorf("Retry-After = %q, want a positive number of seconds", res.Header.Get("Retry-After"))
	}
}

func TestAdminAccounts_unsetLocally_adminAdminWithAWarning(t *testing.T) {
	var logs syncBuffer
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

func TestLogin_manyFailuresFromOneAddress_429EvenForOtherNames(t *testing.T) {
	gw := startGateway(t)
	client := browser(t)
	for i := range 20 {
		if res := gw.login(t, client, "guess"+strconv.Itoa(i), "guess"); res.StatusCode != http.StatusUnauthorized {
			t.Fatalf("failed login %d status = %d, want 401", i, res.StatusCode)
		}
	}
	if res := gw.login(t, client, "admin", adminPassword); res.StatusCode != http.StatusTooManyRequests {
		t.Errorf("login after 20 failures from one address = %d, want 429", res.StatusCode)
	}
}
