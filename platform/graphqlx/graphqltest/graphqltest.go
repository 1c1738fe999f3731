// Package graphqltest is the client a subgraph's tests talk to its HTTP handler with, as the gateway
// does: it serves the handler with a fresh identity key pair, signs the caller's identity into
// every request, posts GraphQL operations and decodes their data and errors.
package graphqltest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"semesterhaus/platform/identity"
	"semesterhaus/platform/internal/testkeys"
)

// Subgraph is a handler served for one test, and its client.
type Subgraph struct {
	t      testing.TB
	URL    string
	name   string
	signer *identity.Signer
}

// Serve serves the handler newHandler builds around the verifier of the subgraph called name until
// the test ends; the client signs identities for it as the gateway does, with the test kits'
// gateway key (which the gRPC servers of grpctest trust when a service forwards the identity).
func Serve(t testing.TB, name string, newHandler func(*identity.Verifier) http.Handler) Subgraph {
	t.Helper()
	public, private := testkeys.Gateway()
	server := httptest.NewServer(newHandler(identity.NewVerifier(public, name)))
	t.Cleanup(server.Close)
	return Subgraph{t: t, URL: server.URL, name: name, signer: identity.NewSigner(private, time.Minute)}
}

// Response is a GraphQL answer: its data as it came, and its errors.
type Response struct {
	Data   json.RawMessage `json:"data"`
	Errors []Error         `json:"errors"`
}

// Error is one of a Response's errors.
type Error struct {
	Message    string         `json:"message"`
	Path       []any          `json:"path"`
	Extensions map[string]any `json:"extensions"`
}

// Query posts a GraphQL operation to the handler's root as the given identity (nil: without a
// token) and decodes the data into out unless out is nil or the data null.
func (s Subgraph) Query(as *identity.Identity, query string, variables map[string]any, out any) Response {
	s.t.Helper()
	body, err := json.Marshal(map[string]any{"query": query, "variables": variables})
	if err != nil {
		s.t.Fatal(err)
	}
	req, err := http.NewRequest(http.MethodPost, s.URL, bytes.NewReader(body))
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	_, raw := s.Do(as, req)
	var r Response
	if err := json.Unmarshal(raw, &r); err != nil {
		s.t.Fatalf("decode response %s: %v", raw, err)
	}
	if out != nil && len(r.Data) > 0 && string(r.Data) != "null" {
		if err := json.Unmarshal(r.Data, out); err != nil {
			s.t.Fatalf("decode data %s: %v", r.Data, err)
		}
	}
	return r
}

// Do sends req as the given identity (nil: without a token) and returns the response with its
// body read.
func (s Subgraph) Do(as *identity.Identity, req *http.Request) (*http.Response, []byte) {
	s.t.Helper()
	if as != nil {
		token, err := s.signer.Sign(*as, s.name)
		if err != nil {
			s.t.Fatal(err)
		}
		req.Header.Set(identity.Header, token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		s.t.Fatal(err)
	}
	return resp, body
}
