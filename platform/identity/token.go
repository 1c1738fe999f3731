package identity

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"semesterhaus/platform/internal/tokencache"
	"semesterhaus/platform/internal/tokenlife"
)

// Issuer names who signs identity tokens: the gateway. A token's audience is the one subgraph it
// was signed for (its name, e.g. "renting"), so a token captured on its way to one subgraph is
// refused by every other.
const Issuer = "semesterhaus-gateway"

// leeway tolerates small clock differences between the gateway's and a subgraph's machines.
const leeway = 5 * time.Second

// MaxTokenLifetime is the longest lifetime (expiry minus time of issue) of a token a verifier takes
// and a signer makes; the gateway's tokens live 60 s.
const MaxTokenLifetime = tokenlife.Max

type claims struct {
	jwt.RegisteredClaims
	Role Role `json:"role"`
}

// Signer makes identity tokens; only the gateway has one.
type Signer struct {
	key ed25519.PrivateKey
	ttl time.Duration
}

// NewSigner returns a signer whose tokens expire ttl after signing (the contract says 60 s). A ttl
// over MaxTokenLifetime signs nothing: Sign refuses, as every verifier would refuse its tokens.
func NewSigner(priv ed25519.PrivateKey, ttl time.Duration) *Signer {
	return &Signer{key: priv, ttl: ttl}
}

// Sign returns a token for id, valid only at the subgraph named audience.
func (s *Signer) Sign(id Identity, audience string) (string, error) {
	if len(s.key) != ed25519.PrivateKeySize {
		return "", errors.New("identity: signer has no valid private key")
	}
	if err := tokenlife.CheckSigning(s.ttl); err != nil {
		return "", fmt.Errorf("identity: %w", err)
	}
	if id.Subject == "" || !id.Role.valid() || audience == "" {
		return "", fmt.Errorf("identity: cannot sign subject %q with role %q for audience %q", id.Subject, id.Role, audience)
	}
	now := time.Now()
	return jwt.NewWithClaims(jwt.SigningMethodEdDSA, claims{
		RegisteredClaims: jwt.RegisteredClaims{
			Subject:   id.Subject,
			Issuer:    Issuer,
			Audience:  jwt.ClaimStrings{audience},
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(s.ttl)),
		},
		Role: id.Role,
	}).SignedString(s.key)
}

// Verifier checks identity tokens; every subgraph has one, for its own name.
type Verifier struct {
	key      ed25519.PublicKey
	audience string
	// Only EdDSA: this refuses "none" and the HS256-with-the-public-key confusion attack.
	parser   *jwt.Parser
	verified *tokencache.Cache[verifiedToken]
}

// NewVerifier returns a verifier for the gateway's public key that takes the tokens signed for
// audience, the subgraph's name. With a nil (or malformed) key every token is invalid, so a
// subgraph without configuration treats every caller as anonymous.
func NewVerifier(pub ed25519.PublicKey, audience string) *Verifier {
	return &Verifier{
		key:      pub,
		audience: audience,
		parser: jwt.NewParser(
			jwt.WithValidMethods([]string{jwt.SigningMethodEdDSA.Alg()}),
			jwt.WithIssuer(Issuer),
			jwt.WithExpirationRequired(),
			jwt.WithIssuedAt(),
			jwt.WithLeeway(leeway),
		),
		verified: tokencache.New[verifiedToken](leeway),
	}
}

// Verify returns the identity in token, or Anonymous and an error when the token is not one the
// gateway signed, is expired, lives longer than MaxTokenLifetime (or does not say how long), or is
// meant for another subgraph.
func (v *Verifier) Verify(token string) (Identity, error) {
	return v.verifyFor(token, v.audience)
}

// verifyFor is Verify for the given audience: on a gRPC call, the calling service's name.
func (v *Verifier) verifyFor(token, audience string) (Identity, error) {
	if len(v.key) != ed25519.PublicKeySize {
		return Anonymous, errors.New("identity: no public key configured")
	}
	if known, ok := v.verified.Lookup(token, time.Now()); ok && known.audience == audience {
		return known.id, nil
	}
	var c claims
	if _, err := v.parser.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return v.key, nil }); err != nil {
		return Anonymous, fmt.Errorf("identity: %w", err)
	}
	if err := tokenlife.Check(c.RegisteredClaims); err != nil {
		return Anonymous, fmt.Errorf("identity: %w", err)
	}
	if !slices.Equal(c.Audience, jwt.ClaimStrings{audience}) {
		return Anonymous, fmt.Errorf("identity: token for %v, not for %q", c.Audience, audience)
	}
	if c.Subject == "" || !c.Role.valid() {
		return Anonymous, fmt.Errorf("identity: invalid subject %q or role %q", c.Subject, c.Role)
	}
	id := Identity{Subject: c.Subject, Role: c.Role}
	v.verified.Add(token, verifiedToken{id: id, audience: audience}, c.ExpiresAt.Time)
	return id, nil
}

// verifiedToken is what a token proved: an identity, for one subgraph.
type verifiedToken struct {
	id       Identity
	audience string
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

// VerifierFromConfig builds the verifier of the subgraph named audience from the configured
// IDENTITY_PUBLIC_KEY. Without a key every caller is anonymous, so admin operations are refused
// rather than opened; that is logged once, because it is almost always a deployment mistake.
func VerifierFromConfig(publicKeyB64, audience string, logger *slog.Logger) (*Verifier, error) {
	if publicKeyB64 == "" {
		logger.Warn("IDENTITY_PUBLIC_KEY is not set: every caller is anonymous and admin operations are refused")
		return NewVerifier(nil, audience), nil
	}
	key, err := ParsePublicKey(publicKeyB64)
	if err != nil {
		return nil, fmt.Errorf("IDENTITY_PUBLIC_KEY: %w", err)
	}
	return NewVerifier(key, audience), nil
}
