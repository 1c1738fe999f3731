package peer

import (
	"crypto/ed25519"
	"crypto/rand"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthv1 "google.golang.org/grpc/health/grpc_health_v1"
)

func TestSigner_reusesATokenForHalfItsLifeThenSignsANewOne(t *testing.T) {
	t.Parallel()
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	signer := newSigner("renting", key, time.Minute, func() time.Time { return now })
	first, _ := signer.Token("catalog")
	again, _ := signer.Token("catalog")
	other, _ := signer.Token("renter")
	if first != again || first == other {
		t.Fatalf("same audience: a new token (%v); another audience: the same token (%v)", first != again, first == other)
	}
	now = now.Add(31 * time.Second)
	if renewed, _ := signer.Token("catalog"); renewed == first {
		t.Error("a token with less than half its life left was reused")
	}
}

func TestAuthenticate_namesTheSignerOnlyForItsAudience(t *testing.T) {
	t.Parallel()
	public, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	signer := NewSigner("renting", key)
	forCatalog, _ := signer.Token("catalog")
	if caller, err := NewAuthenticator("catalog", Keys{"renting": public}).Authenticate(forCatalog); err != nil || caller != "renting" {
		t.Errorf("catalog: %q, %v; want renting", caller, err)
	}
	if _, err := NewAuthenticator("renter", Keys{"renting": public}).Authenticate(forCatalog); err == nil {
		t.Error("renter took a token meant for catalog")
	}
	if _, err := NewAuthenticator("catalog", Keys{"payment": public}).Authenticate(forCatalog); err == nil {
		t.Error("a token was taken from a service whose key is not renting's")
	}
}

// A token signed with the caller's right key is still refused when it lives longer than two
// minutes, says no time of issue or expiry, or was issued ahead of the clock; a signer set to such
// a lifetime signs nothing.
func TestAuthenticate_longLivedTokenSignedWithTheRightKey_refused(t *testing.T) {
	t.Parallel()
	public, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	at := func(d time.Duration) *jwt.NumericDate { return jwt.NewNumericDate(now.Add(d)) }
	claims := func(issued, expires *jwt.NumericDate) jwt.RegisteredClaims {
		return jwt.RegisteredClaims{Issuer: "renting", Subject: "renting", Audience: jwt.ClaimStrings{"catalog"}, IssuedAt: issued, ExpiresAt: expires}
	}
	for name, tc := range map[string]struct {
		claims jwt.RegisteredClaims
		ok     bool
	}{
		"a minute":                 {claims(at(0), at(time.Minute)), true},
		"two minutes":              {claims(at(0), at(2*time.Minute)), true},
		"two minutes and a second": {claims(at(0), at(2*time.Minute+time.Second)), false},
		"ten years":                {claims(at(0), jwt.NewNumericDate(now.AddDate(10, 0, 0))), false},
		"without a time of issue":  {claims(nil, at(time.Minute)), false},
		"without an expiry":        {claims(at(0), nil), false},
		"issued in an hour":        {claims(at(time.Hour), at(time.Hour+time.Minute)), false},
	} {
		token, err := jwt.NewWithClaims(jwt.SigningMethodEdDSA, tc.claims).SignedString(key)
		if err != nil {
			t.Fatal(err)
		}
		authenticator := NewAuthenticator("catalog", Keys{"renting": public})
		for attempt := range 2 { // the second time, an admitted token is one the authenticator remembers
			caller, err := authenticator.Authenticate(token)
			if (err == nil) != tc.ok || tc.ok && caller != "renting" {
				t.Errorf("%s (attempt %d): %q, %v; want admitted %v", name, attempt+1, caller, err, tc.ok)
			}
		}
	}
	if _, err := newSigner("renting", key, 10*365*24*time.Hour, time.Now).Token("catalog"); err == nil {
		t.Error("a signer set to ten years signed a token")
	}
}

func TestRulesCheck_namesTheMethodsWithoutARule(t *testing.T) {
	t.Parallel()
	server := grpc.NewServer()
	healthv1.RegisterHealthServer(server, health.NewServer())
	if err := HealthRules.Check(server); err != nil {
		t.Errorf("all methods have rules: %v", err)
	}
	err := Rules{healthv1.Health_Check_FullMethodName: {Public: true}}.Check(server)
	if err == nil || !strings.Contains(err.Error(), healthv1.Health_Watch_FullMethodName) {
		t.Errorf("Check = %v; want Watch named", err)
	}
}
