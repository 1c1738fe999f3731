package main

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"semesterhaus/platform/identity"
)

func TestHeaders_eachAdministratorCarriesATokenPerSubgraphThatOnlyThatSubgraphTakes(t *testing.T) {
	t.Parallel()
	public, private, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	minter := &tokenMinter{key: private, subgraphs: []string{"catalog", "renting"}}
	lines, err := minter.headers([]string{"bench-admin-01", "bench-admin-02"}, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 2 {
		t.Fatalf("%d lines for 2 administrators", len(lines))
	}
	seen := map[string]bool{}
	for i, admin := range []string{"bench-admin-01", "bench-admin-02"} {
		headers := parseHeaders(lines[i])
		for _, subgraph := range minter.subgraphs {
			token := headers.Get(tokenHeader(subgraph))
			if token == "" || seen[token] {
				t.Fatalf("%s at %s: token %q is missing or not its own (headers %v)", admin, subgraph, token, headers)
			}
			seen[token] = true
			id, err := identity.NewVerifier(public, subgraph).Verify(token)
			if err != nil || id != (identity.Identity{Subject: admin, Role: identity.RoleAdmin}) {
				t.Errorf("%s at %s: %+v, %v", admin, subgraph, id, err)
			}
		}
		if _, err := identity.NewVerifier(public, "renting").Verify(headers.Get(tokenHeader("catalog"))); err == nil {
			t.Errorf("%s: renting took the token signed for the catalog", admin)
		}
	}
}

func TestHeaders_validForTheirLifetimeOnly(t *testing.T) {
	t.Parallel()
	public, private, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	// Expired beyond the verifiers' leeway (5 s) when signed.
	lines, err := (&tokenMinter{key: private, subgraphs: []string{"catalog"}}).headers([]string{"bench-admin-01"}, -10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := identity.NewVerifier(public, "catalog").Verify(parseHeaders(lines[0]).Get("X-Identity-Token-Catalog")); err == nil {
		t.Error("an expired token was taken")
	}
}

func TestNewTokenMinter_readsDevstacksKeyAndTheComposedConfigsSubgraphs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	public, private, err := identity.GenerateKeyPair()
	if err != nil {
		t.Fatal(err)
	}
	keyFile, config := filepath.Join(dir, "ed25519.seed"), filepath.Join(dir, "config.json")
	if err := os.WriteFile(keyFile, []byte(private+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(config, []byte(`{"engineConfig":{},"subgraphs":[{"id":"0","name":"catalog"},{"id":"1","name":"renting"}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	minter, err := newTokenMinter(keyFile, config)
	if err != nil {
		t.Fatal(err)
	}
	if got := minter.subgraphs; len(got) != 2 || got[0] != "catalog" || got[1] != "renting" {
		t.Errorf("subgraphs %v, want [catalog renting]", got)
	}
	if got := base64.StdEncoding.EncodeToString(minter.key.Public().(ed25519.PublicKey)); got != public {
		t.Errorf("the key's public half is %s, want %s", got, public)
	}
	if _, err := newTokenMinter(filepath.Join(dir, "missing"), config); err == nil {
		t.Error("a missing key file gave no error")
	}
}

func TestSubgraphNames_ofTheCommittedConfig(t *testing.T) {
	t.Parallel()
	names, err := subgraphNames("../../../gateway/schema/config.json")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(names, "catalog") || !slices.Contains(names, "renting") {
		t.Errorf("subgraphs %v, want the catalog and renting among them", names)
	}
}
