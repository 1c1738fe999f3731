package peer

import (
	"crypto/ed25519"
	"crypto/rand"
	"strings"
	"testing"
	"time"

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
