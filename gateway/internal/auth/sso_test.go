package auth

import (
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
	} {
		if got := safeReturnPath(in); got != want {
			t.Errorf("safeReturnPath(%q) = %q, want %q", in, got, want)
		}
	}
	if !strings.HasPrefix(ssoFailurePath, "/admin/login") {
		t.Error("failures must land on the sign-in page")
	}
}
