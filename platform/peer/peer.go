// Package peer proves on every gRPC call which service is calling, and lets the called service
// decide per method who may.
//
// Each service has an Ed25519 key of its own (SERVICE_KEY). On every call it sends a short-lived
// token (a JWT) that it signed, whose issuer is its name and whose audience is the one service it
// calls; the called service checks the signature against the caller's public key
// (SERVICE_PUBLIC_KEYS), the audience and the expiry, and then the method's Rule. A token taken
// from one call is good only at the service it was sent to, for a minute. Why tokens and not mTLS:
// docs/security.md, "Between the services".
package peer

import (
	"crypto/ed25519"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"semesterhaus/platform/identity"
	"semesterhaus/platform/internal/tokencache"
	"semesterhaus/platform/internal/tokenlife"
)

// MetadataKey is the gRPC metadata key that carries the caller's service token.
const MetadataKey = "x-service-token"

const (
	// tokenTTL is how long a service token is good for; a signer renews it when half has passed.
	tokenTTL = time.Minute
	// leeway tolerates small clock differences between the services' machines.
	leeway = 5 * time.Second
)

// Signer signs the tokens of one service, one per service it calls, and reuses each while it has
// more than half of its time left.
type Signer struct {
	name string
	key  ed25519.PrivateKey
	ttl  time.Duration
	now  func() time.Time

	mu     sync.Mutex
	tokens map[string]signedToken // by audience
}

type signedToken struct {
	token   string
	expires time.Time
}

// NewSigner returns the signer of the service called name.
func NewSigner(name string, key ed25519.PrivateKey) *Signer {
	return newSigner(name, key, tokenTTL, time.Now)
}

func newSigner(name string, key ed25519.PrivateKey, ttl time.Duration, now func() time.Time) *Signer {
	return &Signer{name: name, key: key, ttl: ttl, now: now, tokens: map[string]signedToken{}}
}

// Token returns a token that proves this service to the service named audience.
func (s *Signer) Token(audience string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	if t, ok := s.tokens[audience]; ok && t.expires.Sub(now) > s.ttl/2 {
		return t.token, nil
	}
	if !s.HasKey() {
		return "", fmt.Errorf("peer: %s has no valid SERVICE_KEY", s.name)
	}
	if err := tokenlife.CheckSigning(s.ttl); err != nil {
		return "", fmt.Errorf("peer: %w", err)
	}
	expires := now.Add(s.ttl)
	token, err := jwt.NewWithClaims(jwt.SigningMethodEdDSA, jwt.RegisteredClaims{
		Issuer:    s.name,
		Subject:   s.name,
		Audience:  jwt.ClaimStrings{audience},
		IssuedAt:  jwt.NewNumericDate(now),
		ExpiresAt: jwt.NewNumericDate(expires),
	}).SignedString(s.key)
	if err != nil {
		return "", fmt.Errorf("peer: sign: %w", err)
	}
	s.tokens[audience] = signedToken{token: token, expires: expires}
	return token, nil
}

// Keys are the public keys of the services, by name.
type Keys map[string]ed25519.PublicKey

// ParseKeys reads SERVICE_PUBLIC_KEYS: base64 Ed25519 public keys by service name.
func ParseKeys(encoded map[string]string) (Keys, error) {
	keys := make(Keys, len(encoded))
	for name, b64 := range encoded {
		key, err := identity.ParsePublicKey(b64)
		if err != nil {
			return nil, fmt.Errorf("SERVICE_PUBLIC_KEYS: %s: %w", name, err)
		}
		keys[name] = key
	}
	return keys, nil
}

// Authenticator checks the tokens sent to the service called self.
type Authenticator struct {
	self     string
	keys     Keys
	parser   *jwt.Parser
	verified *tokencache.Cache[string] // token -> caller
	now      func() time.Time
}

// NewAuthenticator returns the authenticator of the service called self, taking tokens signed by
// the keys of the services in keys.
func NewAuthenticator(self string, keys Keys) *Authenticator {
	return &Authenticator{
		self: self,
		keys: keys,
		// Only EdDSA: this refuses "none" and the HS256-with-the-public-key confusion attack.
		parser: jwt.NewParser(
			jwt.WithValidMethods([]string{jwt.SigningMethodEdDSA.Alg()}),
			jwt.WithAudience(self),
			jwt.WithExpirationRequired(),
			jwt.WithIssuedAt(),
			jwt.WithLeeway(leeway),
		),
		verified: tokencache.New[string](leeway),
		now:      time.Now,
	}
}

// ErrNoToken is the error of a call that came without a service token.
var ErrNoToken = errors.New("peer: no service token")

// Authenticate returns the name of the service that signed token for this one. A token without a
// time of issue and an expiry, or living longer than two minutes (tokenlife.Max), is refused
// however well it is signed: the signers make tokens of a minute.
func (a *Authenticator) Authenticate(token string) (string, error) {
	if token == "" {
		return "", ErrNoToken
	}
	if caller, ok := a.verified.Lookup(token, a.now()); ok {
		return caller, nil
	}
	var c jwt.RegisteredClaims
	_, err := a.parser.ParseWithClaims(token, &c, func(t *jwt.Token) (any, error) {
		issuer, err := t.Claims.GetIssuer()
		if err != nil {
			return nil, err
		}
		key, ok := a.keys[issuer]
		if !ok {
			return nil, fmt.Errorf("no public key for %q", issuer)
		}
		return key, nil
	})
	if err != nil {
		return "", fmt.Errorf("peer: %w", err)
	}
	if err := tokenlife.Check(c); err != nil {
		return "", fmt.Errorf("peer: %w", err)
	}
	if c.Subject != c.Issuer || len(c.Audience) != 1 {
		return "", fmt.Errorf("peer: token of %q for %v is not a service token", c.Subject, c.Audience)
	}
	a.verified.Add(token, c.Issuer, c.ExpiresAt.Time)
	return c.Issuer, nil
}

// HasKey reports whether the signer has a key to sign with.
func (s *Signer) HasKey() bool { return len(s.key) == ed25519.PrivateKeySize }
