package auth

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"
)

// Single sign-on with an OpenID Connect provider: the authorization code flow with PKCE. The gateway is
// the client (a confidential one when a client secret is set); the browser only ever holds the usual
// session cookie.
//
//	GET /api/auth/sso                 {"enabled": true|false}: whether the sign-in page offers SSO
//	GET /api/auth/sso/login?return=/admin/overview   redirects to the provider
//	GET /api/auth/sso/callback        the provider's redirect back: a session, then the return path
//
// Failures land on /admin/login?error=sso; the reason is logged, not shown.

// SSOOptions configure single sign-on; an empty IssuerURL turns it off.
type SSOOptions struct {
	IssuerURL    string
	ClientID     string
	ClientSecret string
	// RedirectURL is this gateway's callback as the provider knows it, e.g.
	// https://wohnen.example/api/auth/sso/callback.
	RedirectURL string
	Scopes      []string
	// RoleClaim names the ID token claim that holds the user's roles or groups (a string or a list of
	// strings), AdminRole the value that makes an admin.
	RoleClaim string
	AdminRole string
	// HTTPClient talks to the provider (nil: http.DefaultClient).
	HTTPClient *http.Client
}

// Enabled reports whether single sign-on is configured.
func (o SSOOptions) Enabled() bool { return o.IssuerURL != "" }

const (
	ssoFlowCookie   = "semesterhaus_sso"
	ssoFlowLifetime = 10 * time.Minute
	ssoFailurePath  = "/admin/login?error=sso"
	ssoDefaultPath  = "/admin/overview"
)

// ssoFlow is what the gateway remembers between sending the browser to the provider and its return,
// in a short-lived cookie that only the gateway reads: sealed (flowSeal), so the browser, or
// whoever sets a cookie on the site, can neither read nor change it.
type ssoFlow struct {
	State    string `json:"s"`
	Nonce    string `json:"n"`
	Verifier string `json:"v"` // the PKCE code verifier
	Return   string `json:"r"`
	Started  int64  `json:"t"` // Unix seconds: the flow ends ssoFlowLifetime later, whatever the cookie's Max-Age
}

// flowSeal encrypts and authenticates the flow cookie with AES-256-GCM under a key the same on
// every replica (derived from the identity key), the cookie's name as additional data. A cookie
// changed in one bit, sealed with another key, or written by anybody but a gateway opens nothing.
type flowSeal struct{ aead cipher.AEAD }

func newFlowSeal(key []byte) flowSeal {
	block, err := aes.NewCipher(key)
	if err != nil {
		panic(fmt.Sprintf("sso flow key: %v", err)) // NewService passes 32 bytes
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		panic(fmt.Sprintf("sso flow key: %v", err))
	}
	return flowSeal{aead: aead}
}

func (f flowSeal) seal(flow ssoFlow) (string, error) {
	plain, err := json.Marshal(flow)
	if err != nil {
		return "", err
	}
	nonce := make([]byte, f.aead.NonceSize())
	_, _ = rand.Read(nonce) // never fails (crypto/rand)
	return base64.RawURLEncoding.EncodeToString(f.aead.Seal(nonce, nonce, plain, []byte(ssoFlowCookie))), nil
}

func (f flowSeal) open(value string) (ssoFlow, error) {
	sealed, err := base64.RawURLEncoding.DecodeString(value)
	if err != nil || len(sealed) < f.aead.NonceSize() {
		return ssoFlow{}, errors.New("flow cookie: not one this gateway sealed")
	}
	nonce, box := sealed[:f.aead.NonceSize()], sealed[f.aead.NonceSize():]
	plain, err := f.aead.Open(nil, nonce, box, []byte(ssoFlowCookie))
	if err != nil {
		return ssoFlow{}, errors.New("flow cookie: changed, forged or sealed with another key")
	}
	var flow ssoFlow
	if err := json.Unmarshal(plain, &flow); err != nil {
		return ssoFlow{}, fmt.Errorf("flow cookie: %w", err)
	}
	return flow, nil
}

// sso holds the provider, discovered on first use so that a provider that is down when the gateway
// starts does not stop the gateway.
type sso struct {
	opts SSOOptions
	seal flowSeal
	now  func() time.Time

	mu       sync.Mutex
	oauth    *oauth2.Config
	verifier *oidc.IDTokenVerifier
}

func (s *sso) provider(ctx context.Context) (*oauth2.Config, *oidc.IDTokenVerifier, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.oauth != nil {
		return s.oauth, s.verifier, nil
	}
	provider, err := oidc.NewProvider(s.context(ctx), s.opts.IssuerURL)
	if err != nil {
		return nil, nil, fmt.Errorf("discover the OpenID provider %s: %w", s.opts.IssuerURL, err)
	}
	s.oauth = &oauth2.Config{
		ClientID: s.opts.ClientID, ClientSecret: s.opts.ClientSecret, RedirectURL: s.opts.RedirectURL,
		Endpoint: provider.Endpoint(), Scopes: s.opts.Scopes,
	}
	s.verifier = provider.Verifier(&oidc.Config{ClientID: s.opts.ClientID})
	return s.oauth, s.verifier, nil
}

// context makes the oauth2 and oidc packages use the configured HTTP client.
func (s *sso) context(ctx context.Context) context.Context {
	if s.opts.HTTPClient == nil {
		return ctx
	}
	return oidc.ClientContext(ctx, s.opts.HTTPClient)
}

// SSOStatus handles GET /api/auth/sso.
func (s *Service) SSOStatus(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(map[string]bool{"enabled": s.sso != nil})
}

// SSOLogin handles GET /api/auth/sso/login: it remembers state, nonce and PKCE verifier and sends the
// browser to the provider.
func (s *Service) SSOLogin(w http.ResponseWriter, r *http.Request) {
	if s.sso == nil {
		http.NotFound(w, r)
		return
	}
	oauth, _, err := s.sso.provider(r.Context())
	if err != nil {
		s.ssoFailed(w, r, err)
		return
	}
	flow := ssoFlow{
		State: randomToken(), Nonce: randomToken(), Verifier: oauth2.GenerateVerifier(),
		Return: safeReturnPath(r.URL.Query().Get("return")), Started: s.sso.now().Unix(),
	}
	value, err := s.sso.seal.seal(flow)
	if err != nil {
		s.ssoFailed(w, r, err)
		return
	}
	http.SetCookie(w, s.flowCookie(value, int(ssoFlowLifetime.Seconds())))
	target := oauth.AuthCodeURL(flow.State, oidc.Nonce(flow.Nonce), oauth2.S256ChallengeOption(flow.Verifier))
	http.Redirect(w, r, target, http.StatusFound)
}

// SSOCallback handles GET /api/auth/sso/callback: it checks the state, redeems the code with the PKCE
// verifier, verifies the ID token and its nonce, and signs in whoever has the admin role.
func (s *Service) SSOCallback(w http.ResponseWriter, r *http.Request) {
	if s.sso == nil {
		http.NotFound(w, r)
		return
	}
	http.SetCookie(w, s.flowCookie("", -1)) // one attempt per flow, whatever happens
	flow, err := s.sso.readFlow(r)
	if err != nil {
		s.ssoFailed(w, r, err)
		return
	}
	query := r.URL.Query()
	if e := query.Get("error"); e != "" {
		s.ssoFailed(w, r, fmt.Errorf("the provider answered %s: %s", e, query.Get("error_description")))
		return
	}
	if query.Get("state") == "" || query.Get("state") != flow.State {
		s.ssoFailed(w, r, errors.New("the state does not match the one sent"))
		return
	}
	subject, err := s.sso.admin(r.Context(), query.Get("code"), flow)
	if err != nil {
		s.ssoFailed(w, r, err)
		return
	}
	if err := s.endSession(r); err != nil {
		s.opts.Logger.Warn("cannot end the previous session at sign-in", "error", err)
	}
	if err := s.startSession(r.Context(), w, subject); err != nil {
		s.ssoFailed(w, r, err)
		return
	}
	s.opts.Logger.Info("signed in with single sign-on", "user", subject)
	http.Redirect(w, r, flow.Return, http.StatusFound)
}

// admin redeems the code and returns the user name of an admin, or why the user is not signed in.
func (s *sso) admin(ctx context.Context, code string, flow ssoFlow) (string, error) {
	oauth, verifier, err := s.provider(ctx)
	if err != nil {
		return "", err
	}
	ctx = s.context(ctx)
	token, err := oauth.Exchange(ctx, code, oauth2.VerifierOption(flow.Verifier))
	if err != nil {
		return "", fmt.Errorf("redeem the authorization code: %w", err)
	}
	raw, ok := token.Extra("id_token").(string)
	if !ok {
		return "", errors.New("the token response has no id_token")
	}
	idToken, err := verifier.Verify(ctx, raw)
	if err != nil {
		return "", fmt.Errorf("verify the ID token: %w", err)
	}
	if idToken.Nonce != flow.Nonce {
		return "", errors.New("the ID token's nonce does not match the one sent")
	}
	var claims map[string]any
	if err := idToken.Claims(&claims); err != nil {
		return "", fmt.Errorf("read the ID token's claims: %w", err)
	}
	if !slices.Contains(claimValues(claims[s.opts.RoleClaim]), s.opts.AdminRole) {
		return "", fmt.Errorf("user %s lacks %s %q in the ID token", idToken.Subject, s.opts.RoleClaim, s.opts.AdminRole)
	}
	return userName(claims, idToken.Subject), nil
}

// claimValues reads a roles or groups claim: a list of strings or one string.
func claimValues(claim any) []string {
	switch v := claim.(type) {
	case string:
		return []string{v}
	case []any:
		values := make([]string, 0, len(v))
		for _, item := range v {
			if s, ok := item.(string); ok {
				values = append(values, s)
			}
		}
		return values
	}
	return nil
}

// userName is how the audit log names the admin: the preferred user name, else the e-mail, else the
// provider's subject.
func userName(claims map[string]any, subject string) string {
	for _, key := range []string{"preferred_username", "email"} {
		if v, ok := claims[key].(string); ok && v != "" {
			return v
		}
	}
	return subject
}

func (s *Service) ssoFailed(w http.ResponseWriter, r *http.Request, err error) {
	s.opts.Logger.Warn("single sign-on failed", "error", err)
	http.Redirect(w, r, ssoFailurePath, http.StatusFound)
}

// flowCookie carries the flow to the callback. SameSite Lax: the provider's redirect back is a
// cross-site top-level navigation, which Strict would strip the cookie from.
func (s *Service) flowCookie(value string, maxAge int) *http.Cookie {
	return &http.Cookie{
		Name: ssoFlowCookie, Value: value, Path: "/api/auth/sso/", MaxAge: maxAge,
		HttpOnly: true, Secure: s.opts.SecureCookie, SameSite: http.SameSiteLaxMode,
	}
}

// readFlow opens the flow cookie of the callback: sealed by a gateway, started at most
// ssoFlowLifetime ago, and its return path checked again by the rule of the start (a sealed
// cookie holds what SSOLogin checked, but the callback does not rely on that alone).
func (s *sso) readFlow(r *http.Request) (ssoFlow, error) {
	cookie, err := r.Cookie(ssoFlowCookie)
	if err != nil {
		return ssoFlow{}, errors.New("no sign-in in progress (the flow cookie is missing or expired)")
	}
	flow, err := s.seal.open(cookie.Value)
	if err != nil {
		return ssoFlow{}, err
	}
	if age := s.now().Sub(time.Unix(flow.Started, 0)); age > ssoFlowLifetime || age < -time.Minute {
		return ssoFlow{}, fmt.Errorf("flow cookie: the sign-in started %s ago, at most %s", age.Round(time.Second), ssoFlowLifetime)
	}
	flow.Return = safeReturnPath(flow.Return)
	return flow, nil
}

// safeReturnPath keeps the browser on this site: a local absolute path, or the overview. Browsers
// drop tabs and line breaks in a URL and read a backslash as a slash, so "/\t/evil.example" would
// be "//evil.example" to them: any control character or backslash is refused too (url.Parse
// refuses the control characters already).
func safeReturnPath(path string) string {
	u, err := url.Parse(path)
	if err != nil || u.Scheme != "" || u.Host != "" || !strings.HasPrefix(path, "/") ||
		strings.HasPrefix(path, "//") || strings.Contains(path, `\`) {
		return ssoDefaultPath
	}
	return path
}

func randomToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return base64.RawURLEncoding.EncodeToString(b)
}
