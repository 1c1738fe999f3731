package main

import (
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"semesterhaus/platform/identity"
)

// A router without our sign-in (one compared with -compare) cannot turn a session into the identity
// tokens the subgraphs check. Its administrators therefore send the tokens the gateway would have
// signed for them, one per subgraph, each in a header of its own (tokenHeader); the router's header
// rules forward each to its subgraph as the header the subgraphs read (identity.Header).

// tokenHeader is the request header that carries the identity token for the named subgraph, e.g.
// X-Identity-Token-Catalog: the names the gateway uses inside for the same purpose.
func tokenHeader(subgraph string) string {
	return http.CanonicalHeaderKey(identity.Header + "-" + subgraph)
}

// tokenMinter signs identity tokens as the gateway does, with the gateway's key of the measured system.
type tokenMinter struct {
	key       ed25519.PrivateKey
	subgraphs []string
}

// newTokenMinter reads the gateway's signing key (IDENTITY_PRIVATE_KEY's form, as devstack keeps it
// in its data directory) and the subgraphs' names from the composed config.
func newTokenMinter(keyFile, configFile string) (*tokenMinter, error) {
	seed, err := os.ReadFile(keyFile)
	if err != nil {
		return nil, fmt.Errorf("the gateway's signing key: %w", err)
	}
	key, err := identity.ParsePrivateKey(string(seed))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", keyFile, err)
	}
	subgraphs, err := subgraphNames(configFile)
	if err != nil {
		return nil, err
	}
	return &tokenMinter{key: key, subgraphs: subgraphs}, nil
}

// subgraphNames are the names of the subgraphs in the composed config (gateway/schema/config.json),
// the audiences of the identity tokens.
func subgraphNames(configFile string) ([]string, error) {
	text, err := os.ReadFile(configFile)
	if err != nil {
		return nil, err
	}
	var config struct{ Subgraphs []struct{ Name string } }
	if err := json.Unmarshal(text, &config); err != nil {
		return nil, fmt.Errorf("%s: %w", configFile, err)
	}
	var names []string
	for _, s := range config.Subgraphs {
		names = append(names, s.Name)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("%s names no subgraphs", configFile)
	}
	return names, nil
}

// headers are, for each administrator, one line of request headers (tab-separated `Name: value`,
// as varied.lua reads them) carrying a token for every subgraph, valid for ttl from now. The tokens
// stay the same for the whole run, where the gateway signs new ones every second: the subgraphs
// check a signature once per token (identity's token cache), so this spares them 1 check per
// administrator, subgraph and second.
func (m *tokenMinter) headers(admins []string, ttl time.Duration) ([]string, error) {
	signer := identity.NewSigner(m.key, ttl)
	lines := make([]string, 0, len(admins))
	for _, admin := range admins {
		fields := make([]string, 0, len(m.subgraphs))
		for _, subgraph := range m.subgraphs {
			token, err := signer.Sign(identity.Identity{Subject: admin, Role: identity.RoleAdmin}, subgraph)
			if err != nil {
				return nil, err
			}
			fields = append(fields, tokenHeader(subgraph)+": "+token)
		}
		lines = append(lines, strings.Join(fields, "\t"))
	}
	return lines, nil
}

// parseHeaders reads one line of headers as headers() writes it.
func parseHeaders(line string) http.Header {
	headers := http.Header{}
	for field := range strings.SplitSeq(line, "\t") {
		if name, value, ok := strings.Cut(field, ":"); ok {
			headers.Add(strings.TrimSpace(name), strings.TrimSpace(value))
		}
	}
	return headers
}
