package graphqlx_test

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"semesterhaus/platform/graphqlx"
	"semesterhaus/platform/graphqlx/internal/testgraph"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/logging"
)

type response struct {
	Data   map[string]any `json:"data"`
	Errors []struct {
		Message    string         `json:"message"`
		Path       []any          `json:"path"`
		Extensions map[string]any `json:"extensions"`
	} `json:"errors"`
}

type fixture struct {
	url        string
	adminToken string
	log        *logging.Buffer
}

func newFixture(t *testing.T, opts ...graphqlx.Option) fixture {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	token, err := identity.NewSigner(priv, time.Minute).Sign(identity.Identity{Subject: "alice", Role: identity.RoleAdmin}, "test")
	if err != nil {
		t.Fatal(err)
	}
	log := &logging.Buffer{}
	es := testgraph.NewExecutableSchema(testgraph.Config{Resolvers: &testgraph.Resolver{}})
	h := graphqlx.NewHandler(es, identity.NewVerifier(pub, "test"), slog.New(slog.NewJSONHandler(log, nil)), opts...)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return fixture{url: srv.URL, adminToken: token, log: log}
}

func (f fixture) post(t *testing.T, token string, body map[string]any) (response, string) {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest(http.MethodPost, f.url, bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set(identity.Header, token)
	}
	return do(t, req)
}

func do(t *testing.T, req *http.Request) (response, string) {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var raw bytes.Buffer
	if _, err := raw.ReadFrom(resp.Body); err != nil {
		t.Fatal(err)
	}
	var r response
	if err := json.Unmarshal(raw.Bytes(), &r); err != nil {
		t.Fatalf("%v: %s", err, raw.String())
	}
	return r, raw.String()
}

func TestHandler_fieldsAndErrors(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tests := []struct {
		name      string
		admin     bool
		query     string
		wantData  any    // value of the single selected field
		wantMsg   string // "" means no error expected
		wantCode  string
		wantInLog string
	}{
		{"public field", false, "{ hello }", "world", "", "", ""},
		{"admin field, anonymous caller", false, "{ secret }", nil, "forbidden", graphqlx.CodeForbidden, ""},
		{"admin field, admin caller", true, "{ secret }", "admin only", "", "", ""},
		{"other tag is not admin-only", false, "{ public }", "for everyone", "", "", ""},
		{"internal error is hidden and logged", false, "{ internalFailure }", nil, "internal error", graphqlx.CodeInternal, testgraph.Secret},
		{"panic is hidden and logged", false, "{ panics }", nil, "internal error", graphqlx.CodeInternal, "panicked"},
		{"deliberate GraphQL error passes", false, "{ refused }", nil, "semester is closed", "SEMESTER_CLOSED", ""},
		{"wrapped ErrForbidden", false, "{ forbidden }", nil, "forbidden", graphqlx.CodeForbidden, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var token string
			if tt.admin {
				token = f.adminToken
			}
			r, raw := f.post(t, token, map[string]any{"query": tt.query})
			field := strings.Trim(tt.query, "{ }")
			if got := r.Data[field]; got != tt.wantData {
				t.Errorf("data.%s = %v, want %v", field, got, tt.wantData)
			}
			if strings.Contains(raw, testgraph.Secret) {
				t.Errorf("response leaks the internal detail: %s", raw)
			}
			if tt.wantMsg == "" {
				if len(r.Errors) != 0 {
					t.Fatalf("errors: %s", raw)
				}
				return
			}
			if len(r.Errors) != 1 {
				t.Fatalf("want one error: %s", raw)
			}
			e := r.Errors[0]
			if e.Message != tt.wantMsg || e.Extensions["code"] != tt.wantCode || len(e.Path) != 1 || e.Path[0] != field {
				t.Errorf("error = %+v, want %q %s at %s", e, tt.wantMsg, tt.wantCode, field)
			}
			if tt.wantInLog != "" && !strings.Contains(f.log.String(), tt.wantInLog) {
				t.Errorf("log lacks %q: %s", tt.wantInLog, f.log.String())
			}
		})
	}
}

func TestHandler_withErrors_translatesDomainErrors(t *testing.T) {
	t.Parallel()
	f := newFixture(t, graphqlx.WithErrors(func(err error) *gqlerror.Error {
		if errors.Is(err, testgraph.ErrDatabase) {
			return &gqlerror.Error{Message: "try again later", Extensions: map[string]any{"code": "UNAVAILABLE"}}
		}
		return nil
	}))
	r, raw := f.post(t, "", map[string]any{"query": "{ internalFailure }"})
	if len(r.Errors) != 1 || r.Errors[0].Message != "try again later" || r.Errors[0].Extensions["code"] != "UNAVAILABLE" {
		t.Fatalf("response: %s", raw)
	}
	// Errors the translation does not know stay internal.
	r, raw = f.post(t, "", map[string]any{"query": "{ panics }"})
	if len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != graphqlx.CodeInternal {
		t.Fatalf("response: %s", raw)
	}
}

func TestHandler_businessException_answeredWithItsMessageIDPathAndParams(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	_, raw := f.post(t, "", map[string]any{"query": "{ invalid }"})
	want := `{"errors":[{"message":"INVALID_PRICE","path":["invalid"],"locations":[{"line":1,"column":3}],"extensions":{"messageId":"INVALID_PRICE","params":{"max":"2000.00","min":"0.00"},"path":"pricePerMonth"}}],"data":{"invalid":null}}`
	if raw != want {
		t.Errorf("response\n got %s\nwant %s", raw, want)
	}
	if strings.Contains(f.log.String(), "INVALID_PRICE") {
		t.Errorf("a business exception is logged as a failure: %s", f.log.String())
	}
}

func TestHandler_introspectionAndGET(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	req, err := http.NewRequest(http.MethodGet, f.url+"?query="+url.QueryEscape("{ __schema { queryType { name } } }"), nil)
	if err != nil {
		t.Fatal(err)
	}
	r, raw := do(t, req)
	schema, _ := r.Data["__schema"].(map[string]any)
	queryType, _ := schema["queryType"].(map[string]any)
	if len(r.Errors) != 0 || queryType["name"] != "Query" {
		t.Fatalf("introspection over GET: %s", raw)
	}
}

func TestHandler_automaticPersistedQueries(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	const query = "{ hello }"
	sum := sha256.Sum256([]byte(query))
	ext := map[string]any{"persistedQuery": map[string]any{"version": 1, "sha256Hash": hex.EncodeToString(sum[:])}}

	r, raw := f.post(t, "", map[string]any{"extensions": ext})
	if len(r.Errors) != 1 || r.Errors[0].Message != "PersistedQueryNotFound" {
		t.Fatalf("unknown hash: %s", raw)
	}
	if r, raw = f.post(t, "", map[string]any{"query": query, "extensions": ext}); r.Data["hello"] != "world" {
		t.Fatalf("register: %s", raw)
	}
	if r, raw = f.post(t, "", map[string]any{"extensions": ext}); r.Data["hello"] != "world" {
		t.Fatalf("by hash: %s", raw)
	}
}

func TestHandler_invalidQuery_explainedToClient(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	r, raw := f.post(t, "", map[string]any{"query": "{ nope }"})
	if len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "nope") || r.Errors[0].Extensions["code"] != "GRAPHQL_VALIDATION_FAILED" {
		t.Fatalf("response: %s", raw)
	}
}
