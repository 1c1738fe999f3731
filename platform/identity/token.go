package identity

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Issuer and Audience pin a token to its one use: the gateway speaking to a subgraph.
const (
	Issuer   = "semesterhaus-gateway"
	Audience = "semesterhaus-subgraph"
)

// leeway tolerates small clock differences between the gateway's and a subgraph's machines.
const leeway = 5 * time.Second

type claims struct {
	jwt.RegisteredClaims
	Role Role `json:"role"`
}

// Signer makes identity tokens; only the gateway has one.
type Signer struct {
	key ed25519.PrivateKey
	ttl time.Duration
}

// NewSigner returns a signer whose tokens expire ttl after signing (the contract says 60 s).
func NewSigner(priv ed25519.PrivateKey, ttl time.Duration) *Signer {
	return &Signer{key: priv, ttl: ttl}
}

// Sign returns a token for id.
func (s *Signer) Sign(id Identity) (string, error) {
	if len(s.key) != ed25519.PrivateKeySize {
		return "", errors.New("identity: signer has no valid private key")
	}
	if id.Subject == "" || !id.Role.valid() {
		return "", fmt.Errorf("identity: cannot sign subject %q with role %q", id.Subject, id.Role)
	}
	now := time.Now()
	return jwt.NewWithClaims(jwt.SigningMethodEdDSA, claims{
		RegisteredClaims: jwt.RegisteredClaims{
			Subject:   id.Subject,
			Issuer:    Issuer,
			Audience:  jwt.ClaimStrings{Audience},
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(s.ttl)),
		},
		Role: id.Role,
	}).SignedString(s.key)
}

// Verifier checks identity tokens; every subgraph has one.
type Verifier struct {
	key      ed25519.PublicKey
	parser   *jwt.Parser
	verified verifiedTokens
}

// NewVerifier returns a verifier for the gateway's public key. With a nil (or malformed) key every
// token is invalid, so a subgraph without configuration treats every caller as anonymous.
func NewVerifier(pub ed25519.PublicKey) *Verifier {
	return &Verifier{
		key: pub,
		// Only EdDSA: this refuses "none" and the HS256-with-the-public-key confusion attack.
		parser: jwt.NewParser(
			jwt.WithValidMethods([]string{jwt.SigningMethodEdDSA.Alg()}),
			jwt.WithIssuer(Issuer),
			jwt.WithAudience(Audience),
			jwt.WithExpirationRequired(),
			jwt.WithLeeway(leeway),
		),
		verified: verifiedTokens{byToken: map[string]verifiedToken{}},
	}
}

// Verify returns the identity in token, or Anonymous and an error when the token is not one the
// gateway signed, is expired, or is meant for something else.
func (v *Verifier) Verify(token string) (Identity, error) {
	if len(v.key) != ed25519.PublicKeySize {
		return Anonymous, errors.New("identity: no public key configured")
	}
	if id, ok := v.verified.lookup(token, time.Now()); ok {
		return id, nil
	}
	var c claims
	if _, err := v.parser.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return v.key, nil }); err != nil {
		return Anonymous, fmt.Errorf("identity: %w", err)
	}
	if c.Subject == "" || !c.Role.valid() {
		return Anonymous, fmt.Errorf("identity: invalid subject %q or role %q", c.Subject, c.Role)
	}
	id := Identity{Subject: c.Subject, Role: c.Role}
	v.verified.add(token, id, c.ExpiresAt.Time)
	return id, nil
}

// verifiedTokens remembers the tokens whose signature checked out, until they expire. The gateway
// signs one token per identity and second and reuses it, so a burst of requests brings the same
// token over and over; checking its Ed25519 signature once instead of on every request and every
// call between services saves a good part of a small request's CPU. Identical bytes verify
// identically, and a remembered token still expires on time.
type verifiedTokens struct {
	mu      sync.Mutex
	byToken map[string]verifiedToken
}

type verifiedToken struct {
	id      Identity
	expires time.Time
}

// maxVerifiedTokens bounds the memory: a few identities' tokens of the last minute fit many times.
const maxVerifiedTokens = 1024

func (t *verifiedTokens) lookup(token string, now time.Time) (Identity, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	known, ok := t.byToken[token]
	if !ok {
		return Anonymous, false
	}
	if now.After(known.expires.Add(leeway)) {
		delete(t.byToken, token)
		return Anonymous, false
	}
	return known.id, true
}

func (t *verifiedTokens) add(token string, id Identity, expires time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.byToken) >= maxVerifiedTokens {
		clear(t.byToken) // the tokens in use now come back within a second
	}
	t.byToken[token] = verifiedToken{id: id, expires: expires}
}

// ParsePublicKey decodes a standard-base64 32-byte Ed25519 public key (IDENTITY_PUBLIC_KEY).
func ParsePublicKey(b64 string) (ed25519.PublicKey, error) {
	b, err := decodeKey(b64, ed25519.PublicKeySize)
	if err != nil {
		return nil, fmt.Errorf("identity: public key: %w", err)
	}
	return ed25519.PublicKey(b), nil
}

// ParsePrivateKey decodes a standard-base64 32-byte Ed25519 seed (IDENTITY_PRIVATE_KEY).
func ParsePrivateKey(b64seed string) (ed25519.PrivateKey, error) {
	seed, err := decodeKey(b64seed, ed25519.SeedSize)
	if err != nil {
		return nil, fmt.Errorf("identity: private key: %w", err)
	}
	return ed25519.NewKeyFromSeed(seed), nil
}

// GenerateKeyPair returns a new key pair in the form the settings take: base64 of the public key
// and base64 of the private key's seed.
func GenerateKeyPair() (publicB64, privateB64 string, err error) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return "", "", fmt.Errorf("identity: %w", err)
	}
	enc := base64.StdEncoding
	return enc.EncodeToString(pub), enc.EncodeToString(priv.Seed()), nil
}

func decodeKey(b64 string, size int) ([]byte, error) {
	b, err := base64.StdEncoding.DecodeString(strings.TrimSpace(b64))
	if err != nil {
		return nil, err
	}
	if len(b) != size {
		return nil, fmt.Errorf("want %d bytes, got %d", size, len(b))
	}
	return b, nil
}

// VerifierFromConfig builds the verifier from the configured IDENTITY_PUBLIC_KEY. Without a key
// every caller is anonymous, so admin operations are refused rather than opened; that is logged
// once, because it is almost always a deployment mistake.
func VerifierFromConfig(publicKeyB64 string, logger *slog.Logger) (*Verifier, error) {
	if publicKeyB64 == "" {
		logger.Warn("IDENTITY_PUBLIC_KEY is not set: every caller is anonymous and admin operations are refused")
		return NewVerifier(nil), nil
	}
	key, err := ParsePublicKey(publicKeyB64)
	if err != nil {
		return nil, fmt.Errorf("IDENTITY_PUBLIC_KEY: %w", err)
	}
	return NewVerifier(key), nil
}
