package identity_test

import (
	"crypto/ed25519"
	"crypto/rand"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"semesterhaus/platform/identity"
)

func newKey(t *testing.T) (ed25519.PublicKey, ed25519.PrivateKey) {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return pub, priv
}

// craft signs arbitrary claims, to make the tokens a correct signer never would.
func craft(t *testing.T, method jwt.SigningMethod, key any, c jwt.MapClaims) string {
	t.Helper()
	s, err := jwt.NewWithClaims(method, c).SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// subgraph is the subgraph whose verifier these tests use.
const subgraph = "renting"

func validClaims() jwt.MapClaims {
	return jwt.MapClaims{
		"sub": "alice", "role": "admin", "iss": identity.Issuer, "aud": subgraph,
		"iat": time.Now().Unix(), "exp": time.Now().Add(time.Minute).Unix(),
	}
}

func with(key string, value any) jwt.MapClaims {
	c := validClaims()
	if value == nil {
		delete(c, key)
	} else {
		c[key] = value
	}
	return c
}

func TestVerify(t *testing.T) {
	t.Parallel()
	pub, priv := newKey(t)
	_, otherPriv := newKey(t)
	signer := identity.NewSigner(priv, time.Minute)
	admin, err := signer.Sign(identity.Identity{Subject: "alice", Role: identity.RoleAdmin}, subgraph)
	if err != nil {
		t.Fatal(err)
	}
	anon, err := signer.Sign(identity.Anonymous, subgraph)
	if err != nil {
		t.Fatal(err)
	}
	// Flip one character of the payload: the signature no longer matches.
	parts := strings.Split(admin, ".")
	parts[1] = parts[1][:len(parts[1])-2] + flip(parts[1][len(parts[1])-2])
	tampered := strings.Join(parts, ".")

	tests := []struct {
		name  string
		token string
		want  identity.Identity
		ok    bool
	}{
		{"admin token", admin, identity.Identity{Subject: "alice", Role: identity.RoleAdmin}, true},
		{"anonymous token", anon, identity.Anonymous, true},
		{"crafted valid token", craft(t, jwt.SigningMethodEdDSA, priv, validClaims()), identity.Identity{Subject: "alice", Role: identity.RoleAdmin}, true},
		{"empty", "", identity.Anonymous, false},
		{"garbage", "not.a.token", identity.Anonymous, false},
		{"tampered payload", tampered, identity.Anonymous, false},
		{"expired", craft(t, jwt.SigningMethodEdDSA, priv, with("exp", time.Now().Add(-time.Minute).Unix())), identity.Anonymous, false},
		{"without exp", craft(t, jwt.SigningMethodEdDSA, priv, with("exp", nil)), identity.Anonymous, false},
		{"without iat", craft(t, jwt.SigningMethodEdDSA, priv, with("iat", nil)), identity.Anonymous, false},
		{"lives two minutes", craft(t, jwt.SigningMethodEdDSA, priv, with("exp", time.Now().Add(2*time.Minute).Unix())), identity.Identity{Subject: "alice", Role: identity.RoleAdmin}, true},
		{"lives a second over two minutes", craft(t, jwt.SigningMethodEdDSA, priv, with("exp", time.Now().Add(2*time.Minute+time.Second).Unix())), identity.Anonymous, false},
		{"lives ten years, signed with the right key", craft(t, jwt.SigningMethodEdDSA, priv, with("exp", time.Now().AddDate(10, 0, 0).Unix())), identity.Anonymous, false},
		{"issued in a year for a minute", craft(t, jwt.SigningMethodEdDSA, priv, jwt.MapClaims{
			"sub": "alice", "role": "admin", "iss": identity.Issuer, "aud": subgraph,
			"iat": time.Now().AddDate(1, 0, 0).Unix(), "exp": time.Now().AddDate(1, 0, 0).Add(time.Minute).Unix(),
		}), identity.Anonymous, false},
		{"signed by another key", craft(t, jwt.SigningMethodEdDSA, otherPriv, validClaims()), identity.Anonymous, false},
		{"alg none", craft(t, jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, validClaims()), identity.Anonymous, false},
		{"HS256 keyed with the public key", craft(t, jwt.SigningMethodHS256, []byte(pub), validClaims()), identity.Anonymous, false},
		{"wrong issuer", craft(t, jwt.SigningMethodEdDSA, priv, with("iss", "someone-else")), identity.Anonymous, false},
		{"wrong audience", craft(t, jwt.SigningMethodEdDSA, priv, with("aud", "other-service")), identity.Anonymous, false},
		{"signed for another subgraph", craft(t, jwt.SigningMethodEdDSA, priv, with("aud", "catalog")), identity.Anonymous, false},
		{"for this and another subgraph", craft(t, jwt.SigningMethodEdDSA, priv, with("aud", []string{subgraph, "catalog"})), identity.Anonymous, false},
		{"unknown role", craft(t, jwt.SigningMethodEdDSA, priv, with("role", "root")), identity.Anonymous, false},
		{"no role", craft(t, jwt.SigningMethodEdDSA, priv, with("role", nil)), identity.Anonymous, false},
		{"no subject", craft(t, jwt.SigningMethodEdDSA, priv, with("sub", nil)), identity.Anonymous, false},
	}
	v := identity.NewVerifier(pub, subgraph)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			for attempt := range 2 { // the second time, a valid token is one the verifier remembers
				got, err := v.Verify(tt.token)
				if (err == nil) != tt.ok || got != tt.want {
					t.Fatalf("Verify (attempt %d) = %+v, %v; want %+v, ok=%v", attempt+1, got, err, tt.want, tt.ok)
				}
			}
		})
	}
}

func flip(c byte) string {
	if c == 'A' {
		return "B"
	}
	return "A"
}

func TestVerify_withoutKey_everyTokenInvalid(t *testing.T) {
	t.Parallel()
	_, priv := newKey(t)
	token, err := identity.NewSigner(priv, time.Minute).Sign(identity.Identity{Subject: "alice", Role: identity.RoleAdmin}, subgraph)
	if err != nil {
		t.Fatal(err)
	}
	if id, err := identity.NewVerifier(nil, subgraph).Verify(token); err == nil || id != identity.Anonymous {
		t.Fatalf("Verify without key = %+v, %v; want anonymous and an error", id, err)
	}
}

func TestSign_refusesInvalidIdentity(t *testing.T) {
	t.Parallel()
	_, priv := newKey(t)
	tests := []struct {
		name   string
		signer *identity.Signer
		id     identity.Identity
	}{
		{"unknown role", identity.NewSigner(priv, time.Minute), identity.Identity{Subject: "x", Role: "root"}},
		{"empty subject", identity.NewSigner(priv, time.Minute), identity.Identity{Role: identity.RoleAdmin}},
		{"no key", identity.NewSigner(nil, time.Minute), identity.Anonymous},
		{"a lifetime over two minutes", identity.NewSigner(priv, identity.MaxTokenLifetime+time.Second), identity.Anonymous},
		{"a lifetime of ten years", identity.NewSigner(priv, 10*365*24*time.Hour), identity.Anonymous},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if _, err := tt.signer.Sign(tt.id, subgraph); err == nil {
				t.Fatal("Sign succeeded")
			}
		})
	}
}

func TestKeys_generatedPairParsesAndRoundTrips(t *testing.T) {
	t.Parallel()
	pubB64, privB64, err := identity.GenerateKeyPair()
	if err != nil {
		t.Fatal(err)
	}
	pub, err := identity.ParsePublicKey(pubB64)
	if err != nil {
		t.Fatal(err)
	}
	priv, err := identity.ParsePrivateKey(" " + privB64 + "\n") // as pasted into an env file
	if err != nil {
		t.Fatal(err)
	}
	token, err := identity.NewSigner(priv, time.Minute).Sign(identity.Identity{Subject: "bob", Role: identity.RoleAdmin}, subgraph)
	if err != nil {
		t.Fatal(err)
	}
	if id, err := identity.NewVerifier(pub, subgraph).Verify(token); err != nil || !id.IsAdmin() {
		t.Fatalf("Verify = %+v, %v", id, err)
	}
}

func TestParseKeys_refusesMalformed(t *testing.T) {
	t.Parallel()
	pubB64, privB64, err := identity.GenerateKeyPair()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		parse func(string) error
		in    string
	}{
		{"public: not base64", parsePub, "%%%"},
		{"public: too short", parsePub, "AAAA"},
		{"public: empty", parsePub, ""},
		{"private: not base64", parsePriv, "%%%"},
		{"private: 64-byte key instead of seed", parsePriv, pubB64 + pubB64},
		{"private: empty", parsePriv, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if err := tt.parse(tt.in); err == nil {
				t.Fatalf("parsed %q", tt.in)
			}
		})
	}
	if err := parsePriv(privB64); err != nil {
		t.Fatal(err)
	}
}

func parsePub(s string) error  { _, err := identity.ParsePublicKey(s); return err }
func parsePriv(s string) error { _, err := identity.ParsePrivateKey(s); return err }

func TestVerifierFromConfig(t *testing.T) {
	t.Parallel()
	quiet := slog.New(slog.DiscardHandler)
	public, private, err := identity.GenerateKeyPair()
	if err != nil {
		t.Fatal(err)
	}
	key, _ := identity.ParsePrivateKey(private)
	token, _ := identity.NewSigner(key, time.Minute).Sign(identity.Identity{Subject: "admin", Role: identity.RoleAdmin}, subgraph)

	configured, err := identity.VerifierFromConfig(public, subgraph, quiet)
	if err != nil {
		t.Fatal(err)
	}
	if id, err := configured.Verify(token); err != nil || !id.IsAdmin() {
		t.Errorf("configured verifier: %v, %v", id, err)
	}
	unconfigured, err := identity.VerifierFromConfig("", subgraph, quiet)
	if err != nil {
		t.Fatal(err)
	}
	if id, _ := unconfigured.Verify(token); id.IsAdmin() {
		t.Error("a verifier without a key accepted an admin token")
	}
	if _, err := identity.VerifierFromConfig("not base64!", subgraph, quiet); err == nil {
		t.Error("a malformed key was accepted")
	}
}
