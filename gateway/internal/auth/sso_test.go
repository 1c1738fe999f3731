package auth

import (
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/oauth2-proxy/mockoidc"
)

// ssoSite is the gateway's sign-in routes in front of a local OpenID provider, and a browser.
type ssoSite struct {
	provider *mockoidc.MockOIDC
	server   *httptest.Server
	browser  *http.Client
	service  *Service
}

func newSSOSite(t *testing.T) *ssoSite {
	t.Helper()
	provider, err := mockoidc.Run()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = provider.Shutdown() })
	site := &ssoSite{provider: provider}
	mux := http.NewServeMux()
	site.server = httptest.NewServer(mux)
	t.Cleanup(site.server.Close)
	cfg := provider.Config()
	site.service = NewService(Options{
		Store: newTestStore(t, time.Hour), SessionTTL: time.Hour, Logger: slog.New(slog.DiscardHandler),
		SSO: SSOOptions{
			IssuerURL: cfg.Issuer, ClientID: cfg.ClientID, ClientSecret: cfg.ClientSecret,
			RedirectURL: site.server.URL + "/api/auth/sso/callback",
			Scopes:      []string{"openid", "profile", "email", "groups"},
			RoleClaim:   "groups", AdminRole: "semesterhaus-admin",
		},
	})
	mux.HandleFunc("GET /api/auth/sso", site.service.SSOStatus)
	mux.HandleFunc("GET /api/auth/sso/login", site.service.SSOLogin)
	mux.HandleFunc("GET /api/auth/sso/callback", site.service.SSOCallback)
	mux.HandleFunc("GET /api/whoami", site.service.WhoAmI)
	mux.HandleFunc("GET /admin/", func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "admin app") })
	jar, _ := cookiejar.New(nil)
	site.browser = &http.Client{Jar: jar, Timeout: 10 * time.Second}
	return site
}

// signIn starts single sign-on as the browser does and returns where the browser lands.
func (s *ssoSite) signIn(t *testing.T, returnPath string) *url.URL {
	t.Helper()
	resp, err := s.browser.Get(s.server.URL + "/api/auth/sso/login?return=" + url.QueryEscape(returnPath))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.Request.URL
}

func (s *ssoSite) whoami(t *testing.T) string {
	t.Helper()
	resp, err := s.browser.Get(s.server.URL + "/api/whoami")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return string(body)
}

func TestSSO_anAdminOfTheProviderIsSignedIn(t *testing.T) {
	t.Parallel()
	site := newSSOSite(t)
	site.provider.QueueUser(&mockoidc.MockUser{Subject: "u-1", PreferredUsername: "hausmeisterin", Groups: []string{"staff", "semesterhaus-admin"}})

	landed := site.signIn(t, "/admin/renter/7")

	if landed.Path != "/admin/renter/7" {
		t.Fatalf("landed on %s, want the return path", landed)
	}
	if who := site.whoami(t); who != "admin" {
		t.Errorf("whoami = %q, want admin", who)
	}
}

// authorizationRequest starts sign-in and returns where the gateway sends the browser, without going there.
func (s *ssoSite) authorizationRequest(t *testing.T) *url.URL {
	t.Helper()
	noRedirects := &http.Client{Jar: s.browser.Jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noRedirects.Get(s.server.URL + "/api/auth/sso/login")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	target, err := url.Parse(resp.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	return target
}

func TestSSO_theUserDeclinesAtTheProvider(t *testing.T) {
	t.Parallel()
	site := newSSOSite(t)
	state := site.authorizationRequest(t).Query().Get("state")
	resp, err := site.browser.Get(site.server.URL + "/api/auth/sso/callback?error=access_denied&state=" + url.QueryEscape(state))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Request.URL.Path != "/admin/login" || resp.Request.URL.Query().Get("error") != "sso" || site.whoami(t) != "anonymous" {
		t.Errorf("landed on %s as %s, want /admin/login?error=sso, anonymous", resp.Request.URL, site.whoami(t))
	}
}

func TestSSO_usedPKCE(t *testing.T) {
	t.Parallel()
	site := newSSOSite(t)
	target := site.authorizationRequest(t)
	q := target.Query()
	if q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "" || q.Get("nonce") == "" || q.Get("state") == "" {
		t.Errorf("authorization request %s: want state, nonce and an S256 code challenge", target)
	}
}

func TestSSO_refused(t *testing.T) {
	t.Parallel()
	cases := map[string]func(*ssoSite){
		"a user without the admin role": func(s *ssoSite) {
			s.provider.QueueUser(&mockoidc.MockUser{Subject: "u-2", PreferredUsername: "student", Groups: []string{"students"}})
		},
		"the provider cannot be discovered": func(s *ssoSite) {
			s.provider.QueueError(&mockoidc.ServerError{Code: http.StatusServiceUnavailable, Error: "temporarily_unavailable"})
		},
	}
	for name, arrange := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			site := newSSOSite(t)
			arrange(site)
			landed := site.signIn(t, "/admin/overview")
			if landed.Path != "/admin/login" || landed.Query().Get("error") != "sso" {
				t.Errorf("landed on %s, want /admin/login?error=sso", landed)
			}
			if who := site.whoami(t); who != "anonymous" {
				t.Errorf("whoami = %q, want anonymous", who)
			}
		})
	}
}

func TestSSO_aCallbackWithoutItsFlowIsRefused(t *testing.T) {
	t.Parallel()
	site := newSSOSite(t)
	resp, err := site.browser.Get(site.server.URL + "/api/auth/sso/callback?code=stolen&state=guessed")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Request.URL.Path != "/admin/login" || site.whoami(t) != "anonymous" {
		t.Errorf("landed on %s as %s, want the sign-in page, anonymous", resp.Request.URL, site.whoami(t))
	}
}

func TestSSOStatus(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		opts SSOOptions
		want bool
	}{
		"configured":     {SSOOptions{IssuerURL: "https://id.example", ClientID: "c", RedirectURL: "https://x/cb"}, true},
		"not configured": {SSOOptions{}, false},
	} {
		rec := httptest.NewRecorder()
		NewService(Options{SSO: tc.opts}).SSOStatus(rec, httptest.NewRequest(http.MethodGet, "/api/auth/sso", nil))
		var got struct{ Enabled bool }
		if err := json.NewDecoder(rec.Body).Decode(&got); err != nil || got.Enabled != tc.want {
			t.Errorf("%s: %s (%v), want enabled=%v", name, rec.Body, err, tc.want)
		}
	}
}

func TestSafeReturnPath(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"/admin/renter/3":         "/admin/renter/3",
		"":                        "/admin/overview",
		"https://evil.example/x":  "/admin/overview",
		"//evil.example/x":        "/admin/overview",
		`/\evil.example`:          "/admin/overview",
		"admin/overview":          "/admin/overview",
		"/admin/overview?tab=a#b": "/admin/overview?tab=a#b",
		"/\t/evil.example":        "/admin/overview",
		"/\n/evil.example":        "/admin/overview",
		"https:evil.example":      "/admin/overview",
	} {
		if got := safeReturnPath(in); got != want {
			t.Errorf("safeReturnPath(%q) = %q, want %q", in, got, want)
		}
	}
	if !strings.HasPrefix(ssoFailurePath, "/admin/login") {
		t.Error("failures must land on the sign-in page")
	}
}

// startFlow starts sign-in without following the redirect: the flow cookie the gateway set and
// where it sends the browser (the provider's authorization endpoint).
func (s *ssoSite) startFlow(t *testing.T, returnPath string) (*http.Cookie, *url.URL) {
	t.Helper()
	noRedirects := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noRedirects.Get(s.server.URL + "/api/auth/sso/login?return=" + url.QueryEscape(returnPath))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	var flow *http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == ssoFlowCookie {
			flow = c
		}
	}
	target, err := url.Parse(resp.Header.Get("Location"))
	if flow == nil || err != nil {
		t.Fatalf("no flow cookie (%v) or no redirect (%v)", resp.Cookies(), err)
	}
	return flow, target
}

// finish goes to the provider with the given flow cookie as the browser's, back to the callback,
// and returns where the callback sends the browser (without going there).
func (s *ssoSite) finish(t *testing.T, flowCookie string, authorize *url.URL) string {
	t.Helper()
	site, _ := url.Parse(s.server.URL)
	s.browser.Jar.SetCookies(site, []*http.Cookie{{Name: ssoFlowCookie, Value: flowCookie, Path: "/api/auth/sso/"}})
	noRedirects := &http.Client{Jar: s.browser.Jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noRedirects.Get(authorize.String())
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	callback := resp.Header.Get("Location")
	if !strings.HasPrefix(callback, s.server.URL+"/api/auth/sso/callback") {
		t.Fatalf("the provider sent the browser to %q, want the callback", callback)
	}
	resp, err = noRedirects.Get(callback)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.Header.Get("Location")
}

func TestSSO_aTamperedForgedOrStaleFlowCookieSignsNobodyIn(t *testing.T) {
	t.Parallel()
	otherKey := make([]byte, 32)
	otherKey[0] = 1
	cases := map[string]func(site *ssoSite, sealed string, authorize *url.URL) string{
		"one character changed": func(_ *ssoSite, sealed string, _ *url.URL) string {
			b := []byte(sealed)
			b[len(b)/2] ^= 'A' ^ 'B'
			if b[len(b)/2] == sealed[len(b)/2] {
				b[len(b)/2] = 'C'
			}
			return string(b)
		},
		"the old unsealed form, with the real state and nonce": func(_ *ssoSite, _ string, authorize *url.URL) string {
			q := authorize.Query()
			plain, _ := json.Marshal(map[string]string{"s": q.Get("state"), "n": q.Get("nonce"), "v": "attacker-verifier", "r": "/admin/overview"})
			return base64.RawURLEncoding.EncodeToString(plain)
		},
		"sealed with another key": func(site *ssoSite, sealed string, _ *url.URL) string {
			flow, err := site.service.sso.seal.open(sealed)
			if err != nil {
				t.Fatal(err)
			}
			value, _ := newFlowSeal(otherKey).seal(flow)
			return value
		},
		"started eleven minutes ago": func(site *ssoSite, sealed string, _ *url.URL) string {
			flow, err := site.service.sso.seal.open(sealed)
			if err != nil {
				t.Fatal(err)
			}
			flow.Started = time.Now().Add(-11 * time.Minute).Unix()
			value, _ := site.service.sso.seal.seal(flow)
			return value
		},
	}
	for name, forge := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			site := newSSOSite(t)
			site.provider.QueueUser(&mockoidc.MockUser{Subject: "u-1", PreferredUsername: "hausmeisterin", Groups: []string{"semesterhaus-admin"}})
			flow, authorize := site.startFlow(t, "/admin/renter/7")
			if landed := site.finish(t, forge(site, flow.Value, authorize), authorize); landed != ssoFailurePath {
				t.Errorf("landed on %q, want %q", landed, ssoFailurePath)
			}
			if who := site.whoami(t); who != "anonymous" {
				t.Errorf("whoami = %q, want anonymous", who)
			}
		})
	}
}

// A flow cookie that holds a return path off the site (as if the check at the start had missed it,
// or the key had leaked) still lands on the site: the callback checks the path again.
func TestSSO_aFlowWhoseReturnPathLeavesTheSite_landsOnTheOverview(t *testing.T) {
	t.Parallel()
	for _, evil := range []string{"//evil.example", "https://evil.example", "https://evil.example/admin/overview", `/\evil.example`, "/\t/evil.example", "//evil.example/%2e%2e"} {
		t.Run(evil, func(t *testing.T) {
			t.Parallel()
			site := newSSOSite(t)
			site.provider.QueueUser(&mockoidc.MockUser{Subject: "u-1", PreferredUsername: "hausmeisterin", Groups: []string{"semesterhaus-admin"}})
			cookie, authorize := site.startFlow(t, "/admin/renter/7")
			flow, err := site.service.sso.seal.open(cookie.Value)
			if err != nil || flow.Return != "/admin/renter/7" {
				t.Fatalf("flow %+v, %v", flow, err)
			}
			flow.Return = evil
			sealed, err := site.service.sso.seal.seal(flow)
			if err != nil {
				t.Fatal(err)
			}
			if landed := site.finish(t, sealed, authorize); landed != ssoDefaultPath {
				t.Errorf("landed on %q, want %q", landed, ssoDefaultPath)
			}
			if who := site.whoami(t); who != "admin" {
				t.Errorf("whoami = %q, want admin (the flow itself was the gateway's)", who)
			}
		})
	}
}

func TestSSO_theFlowCookieIsSealed_theBrowserReadsNeitherStateNorVerifier(t *testing.T) {
	t.Parallel()
	site := newSSOSite(t)
	cookie, authorize := site.startFlow(t, "/admin/renter/7")
	raw, err := base64.RawURLEncoding.DecodeString(cookie.Value)
	if err != nil {
		t.Fatal(err)
	}
	if state := authorize.Query().Get("state"); state == "" || strings.Contains(string(raw), state) || strings.Contains(string(raw), "/admin/renter/7") {
		t.Errorf("the flow cookie shows its content: %q", raw)
	}
}
