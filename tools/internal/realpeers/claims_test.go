package realpeers

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"sort"
	"strings"
	"testing"
	"time"
)

// TestOIDCProvider_theIDTokenOfTheCodeFlowNamesTheUserOnlyBySubject pins down why the gateway maps
// admins by sub (README.md): the provider's ID token carries no groups, e-mail or user name.
func TestOIDCProvider_theIDTokenOfTheCodeFlowNamesTheUserOnlyBySubject(t *testing.T) {
	t.Parallel()
	bin, err := PeerBinary("oidc-provider")
	if err != nil {
		t.Fatal(err)
	}
	const callback = "http://127.0.0.1:1/callback" // never reached: the redirect is read, not followed
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	provider, err := StartOIDCProvider(ctx, OIDCProviderOptions{Binary: bin, RedirectURIs: []string{callback}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(provider.Stop)

	var endpoints struct {
		Authorization string `json:"authorization_endpoint"`
		Token         string `json:"token_endpoint"`
	}
	resp, err := http.Get(provider.Issuer() + ".well-known/openid-configuration")
	if err != nil {
		t.Fatal(err)
	}
	err = json.NewDecoder(resp.Body).Decode(&endpoints)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}

	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Jar: jar, Timeout: 10 * time.Second, CheckRedirect: func(req *http.Request, _ []*http.Request) error {
		if strings.HasPrefix(req.URL.String(), callback) {
			return http.ErrUseLastResponse
		}
		return nil
	}}
	auth := endpoints.Authorization + "?" + url.Values{
		"client_id": {OIDCClientID}, "redirect_uri": {callback}, "response_type": {"code"},
		"scope": {"openid profile email groups"}, "state": {"s"}, "nonce": {"n"},
	}.Encode()
	resp, err = browser.Get(auth)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	m := loginFormID.FindSubmatch(page)
	if m == nil {
		t.Fatalf("no login form at %s:\n%s", resp.Request.URL, page)
	}
	resp, err = browser.PostForm(provider.Issuer()+"login/username",
		url.Values{"id": {string(m[1])}, "username": {provider.AdminUsername()}, "password": {OIDCPassword}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	back, err := url.Parse(resp.Header.Get("Location"))
	if err != nil || back.Query().Get("code") == "" {
		t.Fatalf("redirect back %q, want a code", resp.Header.Get("Location"))
	}

	req, _ := http.NewRequest(http.MethodPost, endpoints.Token, strings.NewReader(url.Values{
		"grant_type": {"authorization_code"}, "code": {back.Query().Get("code")}, "redirect_uri": {callback},
	}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(OIDCClientID, OIDCClientSecret)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var tokens struct {
		IDToken string `json:"id_token"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&tokens); err != nil || tokens.IDToken == "" {
		t.Fatalf("token response %d: %v", resp.StatusCode, err)
	}
	parts := strings.Split(tokens.IDToken, ".")
	payload, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	var claims map[string]any
	if err := json.Unmarshal(payload, &claims); err != nil {
		t.Fatal(err)
	}
	names := make([]string, 0, len(claims))
	for k := range claims {
		names = append(names, k)
	}
	sort.Strings(names)
	t.Logf("ID token claims: %s", strings.Join(names, ", "))
	if claims["sub"] != OIDCAdminSubject {
		t.Errorf("sub = %v, want %s", claims["sub"], OIDCAdminSubject)
	}
	for _, absent := range []string{"groups", "roles", "email", "preferred_username"} {
		if v, ok := claims[absent]; ok {
			t.Errorf("the ID token carries %s = %v: the gateway could map admins by it (README.md)", absent, v)
		}
	}
}
