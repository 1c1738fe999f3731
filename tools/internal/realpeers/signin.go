package realpeers

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
)

// loginFormID is the auth request's id in the example provider's login form.
var loginFormID = regexp.MustCompile(`name="id" value="([^"]+)"`)

// SignIn drives the authorization code flow as a browser does: the gateway's sign-in sends it to
// the provider's login page, the form is posted with the user's credentials, and the redirects lead
// back through the gateway's callback to where the browser lands, which it returns. The browser's
// cookies (its jar) and transport are used; redirects are followed whatever its own policy.
func (p *OIDCProvider) SignIn(ctx context.Context, browser *http.Client, gateway, username, password string) (*url.URL, error) {
	following := &http.Client{Jar: browser.Jar, Transport: browser.Transport, Timeout: browser.Timeout}
	resp, err := get(ctx, following, gateway+"/api/auth/sso/login?return=/admin/overview")
	if err != nil {
		return nil, err
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	login := resp.Request.URL
	if !strings.HasPrefix(login.String(), p.Issuer()+"login/username") {
		return nil, fmt.Errorf("sign-in led to %s (HTTP %d), not to the provider's login page", login, resp.StatusCode)
	}
	m := loginFormID.FindSubmatch(page)
	if m == nil {
		return nil, fmt.Errorf("the provider's login page has no auth request id:\n%s", page)
	}
	form := url.Values{"id": {string(m[1])}, "username": {username}, "password": {password}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, login.ResolveReference(&url.URL{Path: "/login/username"}).String(), strings.NewReader(form.Encode()))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if resp, err = following.Do(req); err != nil {
		return nil, err
	}
	resp.Body.Close()
	return resp.Request.URL, nil
}

func get(ctx context.Context, client *http.Client, target string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		return nil, err
	}
	return client.Do(req)
}
