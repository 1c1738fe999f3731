package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/pem"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/nats-io/nats.go/jetstream"
	"golang.org/x/crypto/bcrypt"

	"semesterhaus/gateway/internal/config"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/logging"
	"semesterhaus/platform/natsauth"
	"semesterhaus/platform/natsprovision"
	"semesterhaus/platform/natstest"
	"semesterhaus/platform/pgtest"
	"semesterhaus/services/catalog/catalogtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

const adminPassword = "correct horse battery staple"

// testGateway is the gateway as main assembles it, composed with the real catalog subgraph on a
// fresh database, with sessions on a real NATS.
type testGateway struct {
	url        string
	signer     *identity.Signer // the gateway's own key, to forge "stolen" tokens with
	publicKey  []byte
	logs       *logging.Buffer
	catalogURL string
	// wrap, when set by an option, wraps the gateway's handler, e.g. to watch requests.
	wrap func(http.Handler) http.Handler
}

// gatewayOption changes the environment before the gateway reads it.
type gatewayOption func(t *testing.T, gw *testGateway)

// startGateway starts a gateway from environment settings, as in production (so the tests also
// cover the defaults of MAX_BODY_BYTES and MAX_QUERY_DEPTH). Tests using it cannot run in parallel.
func startGateway(t *testing.T, options ...gatewayOption) *testGateway {
	t.Helper()
	publicB64, privateB64, err := identity.GenerateKeyPair()
	if err != nil {
		t.Fatal(err)
	}
	publicKey, err := identity.ParsePublicKey(publicB64)
	if err != nil {
		t.Fatal(err)
	}
	privateKey, err := identity.ParsePrivateKey(privateB64)
	if err != nil {
		t.Fatal(err)
	}
	gw := &testGateway{
		signer:     identity.NewSigner(privateKey, identityTokenTTL),
		publicKey:  publicKey,
		logs:       &logging.Buffer{},
		catalogURL: catalogtest.NewSubgraph(t, publicKey),
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(adminPassword), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	bucket := natstest.Unique("gateway_sessions")
	t.Setenv("NATS_URL", natstest.URL(t))
	t.Setenv("SESSION_BUCKET", bucket)
	t.Setenv("RATE_LIMIT_BUCKET", natstest.Unique("gateway_limits"))
	t.Setenv("IDENTITY_PRIVATE_KEY", privateB64)
	t.Setenv("ADMIN_ACCOUNTS", "admin:"+string(hash))
	t.Setenv("SUBGRAPH_URLS", "catalog="+gw.catalogURL)
	for _, option := range options {
		option(t, gw)
	}
	cfg, err := config.Load()
	if err != nil {
		t.Fatal(err)
	}
	nc, js := natstest.Connect(t)
	provisionBuckets(t, js, cfg)
	logger := slog.New(slog.NewJSONHandler(gw.logs, nil))
	handler, err := newGateway(t.Context(), cfg, logger, nc)
	if err != nil {
		t.Fatal(err)
	}
	if gw.wrap != nil {
		handler = gw.wrap(handler)
	}
	server := httptest.NewServer(handler)
	t.Cleanup(server.Close)
	gw.url = server.URL
	return gw
}

// withSubgraphURL routes the catalog subgraph to url instead of the test catalog.
func withSubgraphURL(url string) gatewayOption {
	return func(t *testing.T, _ *testGateway) { t.Setenv("SUBGRAPH_URLS", "catalog="+url) }
}

// inProduction runs the gateway with PRODUCTION=true, which reaches the services over TLS only:
// the catalog subgraph is served behind TLS with a certificate of a test CA, whose certificate is
// TLS_CA_FILE, and the other services' URLs are https.
func inProduction() gatewayOption {
	return func(t *testing.T, gw *testGateway) {
		target, err := url.Parse(gw.catalogURL)
		if err != nil {
			t.Fatal(err)
		}
		catalog := httptest.NewTLSServer(httputil.NewSingleHostReverseProxy(target))
		t.Cleanup(catalog.Close)
		ca := filepath.Join(t.TempDir(), "ca.pem")
		certificate := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: catalog.Certificate().Raw})
		if err := os.WriteFile(ca, certificate, 0o600); err != nil {
			t.Fatal(err)
		}
		t.Setenv("PRODUCTION", "true")
		t.Setenv("TLS_CA_FILE", ca)
		t.Setenv("SUBGRAPH_URLS", "catalog="+catalog.URL)
		for _, setting := range []string{"CATALOG_URL", "RENTING_URL", "DOCUMENT_URL", "PAYMENT_URL"} {
			t.Setenv(setting, "https://127.0.0.1:1")
		}
	}
}

func withEnv(key, value string) gatewayOption {
	return func(t *testing.T, _ *testGateway) { t.Setenv(key, value) }
}

// browser is a client with its own cookies.
func browser(t *testing.T) *http.Client {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &http.Client{Jar: jar}
}

func (gw *testGateway) login(t *testing.T, client *http.Client, username, password string) *http.Response {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"username": username, "password": password})
	res, err := client.Post(gw.url+"/api/auth/login", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = res.Body.Close() })
	return res
}

func (gw *testGateway) whoami(t *testing.T, client *http.Client) string {
	t.Helper()
	res, err := client.Get(gw.url + "/api/whoami")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if got := res.Header.Get("Content-Type"); !strings.HasPrefix(got, "text/plain") {
		t.Errorf("whoami Content-Type = %q, want text/plain", got)
	}
	return string(readAll(t, res.Body))
}

// graphqlResponse is a response of /api/graphql.
type graphqlResponse struct {
	status int
	raw    string
	Data   json.RawMessage `json:"data"`
	Errors []struct {
		Message    string `json:"message"`
		Extensions struct {
			Code string `json:"code"`
		} `json:"extensions"`
	} `json:"errors"`
}

func (r graphqlResponse) errorCode() string {
	if len(r.Errors) == 0 {
		return ""
	}
	return r.Errors[0].Extensions.Code
}

func (gw *testGateway) query(t *testing.T, client *http.Client, query string, headers ...string) graphqlResponse {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"query": query})
	return decodeGraphQL(t, gw.send(t, client, "/api/graphql", "application/json", body, headers...))
}

// send posts body to path with the client's cookies, the content type (none when empty) and the
// given header pairs; the answer's body is closed when the test ends.
func (gw *testGateway) send(t *testing.T, client *http.Client, path, contentType string, body []byte, headers ...string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, gw.url+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = res.Body.Close() })
	return res
}

func decodeGraphQL(t *testing.T, res *http.Response) graphqlResponse {
	t.Helper()
	raw := readAll(t, res.Body)
	out := graphqlResponse{status: res.StatusCode, raw: string(raw)}
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("response is not JSON: %v: %s", err, raw)
	}
	return out
}

func readAll(t *testing.T, r io.Reader) []byte {
	t.Helper()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func cookieNamed(cookies []*http.Cookie, name string) *http.Cookie {
	for _, c := range cookies {
		if c.Name == name {
			return c
		}
	}
	return nil
}

func mustParseURL(t *testing.T, raw string) *url.URL {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// bodyCounter counts the request body bytes the gateway reads.
type bodyCounter struct {
	bytes atomic.Int64
}

func (c *bodyCounter) wrap(_ *testing.T, gw *testGateway) {
	gw.wrap = func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			c.bytes.Store(0)
			r.Body = &countingReader{ReadCloser: r.Body, counter: &c.bytes}
			next.ServeHTTP(w, r)
		})
	}
}

func (c *bodyCounter) read() int64 { return c.bytes.Load() }

type countingReader struct {
	io.ReadCloser
	counter *atomic.Int64
}

func (r *countingReader) Read(p []byte) (int, error) {
	n, err := r.ReadCloser.Read(p)
	r.counter.Add(int64(n))
	return n, err
}

// provisionBuckets makes the gateway's buckets as the provisioning does, with the names and
// time-to-lives of cfg; a bucket another test gateway shares is made once and removed after the
// test that made it.
func provisionBuckets(t *testing.T, js jetstream.JetStream, cfg config.Config) {
	t.Helper()
	sessions, limits := natsauth.SessionBucket, natsauth.LimitBucket
	sessions.Name, sessions.TTL = cfg.SessionBucket, cfg.SessionTTL
	limits.Name, limits.TTL = cfg.RateLimitBucket, limitWindow(cfg)
	for _, b := range []natsauth.Bucket{sessions, limits} {
		if _, err := js.KeyValue(t.Context(), b.Name); err == nil {
			continue
		}
		if err := natsprovision.Bucket(t.Context(), js, b); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = js.DeleteKeyValue(context.Background(), b.Name) })
	}
}
