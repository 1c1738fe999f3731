package httpapi

import (
	"crypto/ed25519"
	"testing"
	"time"

	"semesterhaus/platform/identity"
)

// countingSigner is the real signer, counted.
type countingSigner struct {
	signer *identity.Signer
	calls  int
}

func (s *countingSigner) Sign(id identity.Identity, audience string) (string, error) {
	s.calls++
	return s.signer.Sign(id, audience)
}

func TestTokenCache_signsOncePerIdentityAndSecond(t *testing.T) {
	t.Parallel()
	_, seed, err := identity.GenerateKeyPair()
	if err != nil {
		t.Fatal(err)
	}
	key, err := identity.ParsePrivateKey(seed)
	if err != nil {
		t.Fatal(err)
	}
	signer := &countingSigner{signer: identity.NewSigner(key, time.Minute)}
	now := time.Unix(1_800_000_000, 0)
	cache := NewTokenCache(signer)
	cache.now = func() time.Time { return now }
	admin := identity.Identity{Subject: "admin", Role: identity.RoleAdmin}

	anonymous, _ := cache.Sign(identity.Anonymous, "catalog")
	now = now.Add(900 * time.Millisecond)
	anonymousAgain, _ := cache.Sign(identity.Anonymous, "catalog")
	forAdmin, _ := cache.Sign(admin, "catalog")
	forRenting, _ := cache.Sign(admin, "renting")
	now = now.Add(200 * time.Millisecond) // the next second
	_, _ = cache.Sign(identity.Anonymous, "catalog")

	if anonymousAgain != anonymous || forRenting == forAdmin || signer.calls != 4 {
		t.Errorf("signed %d times, want 4: anonymous, admin for catalog and for renting, anonymous in the next second", signer.calls)
	}
	verifier := identity.NewVerifier(key.Public().(ed25519.PublicKey), "catalog")
	if caller, err := verifier.Verify(forAdmin); err != nil || caller != admin {
		t.Errorf("admin's token verifies as %+v (%v)", caller, err)
	}
	if caller, err := verifier.Verify(anonymous); err != nil || caller != identity.Anonymous {
		t.Errorf("anonymous token verifies as %+v (%v)", caller, err)
	}
}
