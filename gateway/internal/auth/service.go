package auth

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"math"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"semesterhaus/gateway/internal/clientaddr"
	"semesterhaus/gateway/internal/ratelimit"
	"semesterhaus/platform/identity"
)

// CookieName is the session cookie.
const CookieName = "semesterhaus_session"

const maxLoginBodyBytes = 4 << 10

// Options configure the sign-in service.
type Options struct {
	Accounts Accounts
	Store    Store
	// SessionTTL is how long a session lasts; the store forgets it then too.
	SessionTTL time.Duration
	// SecureCookie sets the cookie's Secure flag (production, behind HTTPS).
	SecureCookie bool
	// SSO turns on single sign-on with an OpenID Connect provider when its IssuerURL is set.
	SSO SSOOptions
	// Counters keep the failed sign-ins, shared by all replicas (see loginThrottle).
	Counters *ratelimit.Store
	// DeviceKey signs the cookies that mark the browsers an account signed in from (see
	// deviceCookies); the same on every replica. Without one a random key is used, and the
	// cookies are known until the process ends.
	DeviceKey []byte
	// FlowKey seals the single sign-on flow cookie (32 bytes, AES-256-GCM; see flowSeal); the same
	// on every replica, as the provider may send the browser back to another one. Without one a
	// random key is used, and only this process opens its flows.
	FlowKey []byte
	// ClientAddress tells which client sent a request (behind the trusted proxies).
	ClientAddress func(*http.Request) netip.Addr
	Logger        *slog.Logger
}

// Service signs admins in and out and identifies callers by their session cookie.
type Service struct {
	opts     Options
	throttle *loginThrottle
	devices  deviceCookies
	sso      *sso // nil without single sign-on
}

func NewService(opts Options) *Service {
	key := opts.DeviceKey
	if len(key) == 0 {
		key = make([]byte, 32)
		_, _ = rand.Read(key) // crypto/rand never fails (it panics instead)
	}
	s := &Service{
		opts:     opts,
		throttle: &loginThrottle{store: opts.Counters},
		devices:  deviceCookies{key: key, secure: opts.SecureCookie, now: time.Now},
	}
	if opts.SSO.Enabled() {
		flowKey := opts.FlowKey
		if len(flowKey) != 32 {
			flowKey = make([]byte, 32)
			_, _ = rand.Read(flowKey) // crypto/rand never fails (it panics instead)
		}
		s.sso = &sso{opts: opts.SSO, seal: newFlowSeal(flowKey), now: time.Now}
	}
	return s
}

// Identify returns who sends r: the session's admin, or Anonymous without a valid session. When
// the store cannot be asked it fails closed (Anonymous) and logs why.
func (s *Service) Identify(r *http.Request) identity.Identity {
	cookie, err := r.Cookie(CookieName)
	if err != nil || cookie.Value == "" {
		return identity.Anonymous
	}
	session, err := s.opts.Store.Get(r.Context(), storeKey(cookie.Value))
	if err != nil {
		if !errors.Is(err, ErrNoSession) {
			s.opts.Logger.Error("session lookup failed; treating the caller as anonymous", "error", err)
		}
		return identity.Anonymous
	}
	return session.identity()
}

type credentials struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

// Login handles POST /api/auth/login with {"username","password"}: 204 and a session cookie, 401
// with an empty body for wrong credentials, 429 with Retry-After while earlier failures of the
// user name or the client address make it wait (see loginThrottle). When the failures cannot be
// read it answers 503 (fail closed): a sign-in needs the same NATS for its session anyway.
func (s *Service) Login(w http.ResponseWriter, r *http.Request) {
	var creds credentials
	if err := json.NewDecoder(io.LimitReader(r.Body, maxLoginBodyBytes)).Decode(&creds); err != nil {
		http.Error(w, "want a JSON body with username and password", http.StatusBadRequest)
		return
	}
	keys := []throttleKey{s.accountKey(r, creds.Username), {addressRule, clientaddr.LimitKey(s.opts.ClientAddress(r))}}
	wait, err := s.throttle.attempt(r.Context(), keys)
	if err != nil {
		s.unavailable(w, "cannot count the sign-in attempt", err)
		return
	}
	if wait > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
		w.WriteHeader(http.StatusTooManyRequests)
		return
	}
	if !s.opts.Accounts.Verify(creds.Username, creds.Password) {
		w.WriteHeader(http.StatusUnauthorized) // counted already, by the attempt
		return
	}
	if err := s.throttle.succeed(r.Context(), keys); err != nil {
		s.opts.Logger.Warn("cannot forget failed sign-ins after a sign-in", "error", err)
	}
	// A fresh id on every sign-in; the session the browser had before must not linger.
	if err := s.endSession(r); err != nil {
		s.opts.Logger.Warn("cannot end the previous session at sign-in", "error", err)
	}
	if err := s.startSession(r.Context(), w, creds.Username); err != nil {
		s.unavailable(w, "cannot start session", err)
		return
	}
	s.devices.issue(w, creds.Username)
	w.WriteHeader(http.StatusNoContent)
}

// accountKey is where an attempt at username is counted: for a browser that signed in as
// username before, its own count; for any other, the user name's.
func (s *Service) accountKey(r *http.Request, username string) throttleKey {
	if device, known := s.devices.recognise(r, username); known {
		return throttleKey{deviceRule, device}
	}
	return throttleKey{userRule, strings.ToLower(username)}
}

// unavailable answers 503; the cause goes to the log only.
func (s *Service) unavailable(w http.ResponseWriter, what string, err error) {
	s.opts.Logger.Error(what, "error", err)
	http.Error(w, "service temporarily unavailable", http.StatusServiceUnavailable)
}

func (s *Service) startSession(ctx context.Context, w http.ResponseWriter, username string) error {
	id, err := newSessionID()
	if err != nil {
		return err
	}
	session := Session{Subject: username, Role: identity.RoleAdmin}
	if err := s.opts.Store.Create(ctx, storeKey(id), session); err != nil {
		return err
	}
	http.SetCookie(w, s.cookie(id, int(s.opts.SessionTTL.Seconds())))
	return nil
}

// Logout handles POST /api/auth/logout: the session is deleted server-side and the cookie cleared.
func (s *Service) Logout(w http.ResponseWriter, r *http.Request) {
	if err := s.endSession(r); err != nil {
		s.opts.Logger.Error("cannot end session", "error", err)
		http.Error(w, "service temporarily unavailable", http.StatusServiceUnavailable)
		return
	}
	http.SetCookie(w, s.cookie("", -1))
	w.WriteHeader(http.StatusNoContent)
}

func (s *Service) endSession(r *http.Request) error {
	cookie, err := r.Cookie(CookieName)
	if err != nil || cookie.Value == "" {
		return nil
	}
	return s.opts.Store.Delete(r.Context(), storeKey(cookie.Value))
}

// WhoAmI handles GET /api/whoami: "admin" or "anonymous" as plain text.
func (s *Service) WhoAmI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = io.WriteString(w, string(s.Identify(r).Role))
}

// cookie is the session cookie: not readable by scripts, not sent by other sites' requests, and
// only over HTTPS in production. maxAge -1 deletes it.
func (s *Service) cookie(value string, maxAge int) *http.Cookie {
	return &http.Cookie{
		Name:     CookieName,
		Value:    value,
		Path:     "/",
		MaxAge:   maxAge,
		HttpOnly: true,
		Secure:   s.opts.SecureCookie,
		SameSite: http.SameSiteStrictMode,
	}
}
