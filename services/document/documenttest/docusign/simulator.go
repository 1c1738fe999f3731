// Package docusign is a stateful simulator of DocuSign eSignature (REST API v2.1) for tests and
// rehearsals: OAuth's JWT grant and userinfo, envelopes, recipient views, the combined document
// with its certificate, and Connect reports signed with HMAC. Every request to the REST API is
// checked against DocuSign's published OpenAPI description before it is answered, and every answer
// before it is sent; a check that fails is reported (Options.Invalid: a test fails) and the
// request answered 400, the answer replaced by a 500. The OAuth endpoints are not in that
// description; they answer the shapes DocuSign documents for them and check what they receive.
//
// It does not simulate: templates, several documents or recipients, voids other than the service's
// (Decline stands in for the renter's decline), e-mail delivery, or Connect's retries.
package docusign

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// The simulated integration's identity.
const (
	IntegrationKey = "5c0ffee0-0000-4000-8000-00000000a11c"
	UserID         = "7e57e57e-0000-4000-8000-0000000000a1"
	AccountID      = "acc0un71-0000-4000-8000-000000000001"
	// OtherAccountID is a second account of the user, not its default.
	OtherAccountID = "acc0un72-0000-4000-8000-000000000002"
)

// viewLifetime is how long a recipient view link works (once), as DocuSign documents it.
const viewLifetime = 5 * time.Minute

// Options configure a simulator.
type Options struct {
	// Invalid is told every request or answer that breaks the published description, and every
	// OAuth request that breaks DocuSign's rules; a test passes t.Errorf.
	Invalid func(error)
	// TokenLifetime is the access tokens' expires_in; DocuSign's is an hour.
	TokenLifetime time.Duration
	// Now is the simulator's clock (token expiry); time.Now when nil.
	Now func() time.Time
}

// Simulator is a DocuSign account with one API user; its exported methods act as the renter and
// as DocuSign's Connect.
type Simulator struct {
	validator *Validator
	opts      Options
	key       *rsa.PrivateKey
	url       string
	client    *http.Client

	mu        sync.Mutex
	envelopes map[string]*Envelope
	tokens    map[string]time.Time // access token → expiry
	views     map[string]view      // one-time view token → its envelope
	faults    []fault
	grants    int
	calls     map[string]int // REST operations answered, by operation id
}

// Envelope is what the simulator keeps of an envelope.
type Envelope struct {
	ID           string
	Status       string // sent, completed, declined, voided
	SignerName   string
	SignerEmail  string
	ClientUserID string
	SessionID    string // the text custom field the service set
	Document     []byte // the PDF sent
	Combined     []byte // the completed document with the certificate, once completed
	CompletedAt  time.Time
	VoidedReason string         // why the service voided it
	Definition   map[string]any // the request as received
}

type view struct {
	envelopeID, returnURL string
	expires               time.Time
}

type fault struct {
	status     int
	retryAfter string
}

// New returns a simulator checked against the description at specPath, which must then be served
// (Handler) at baseURL.
func New(specPath, baseURL string, opts Options) (*Simulator, error) {
	v, err := NewValidator(specPath)
	if err != nil {
		return nil, err
	}
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, err
	}
	if opts.TokenLifetime == 0 {
		opts.TokenLifetime = time.Hour
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Invalid == nil {
		opts.Invalid = func(error) {}
	}
	return &Simulator{
		validator: v, opts: opts, key: key, url: strings.TrimSuffix(baseURL, "/"), client: &http.Client{Timeout: 30 * time.Second},
		envelopes: map[string]*Envelope{}, tokens: map[string]time.Time{}, views: map[string]view{}, calls: map[string]int{},
	}, nil
}

// Start serves a simulator on a loopback port for the test, failing the test on every check that
// fails; it skips the test where the published description is absent.
func Start(t testing.TB, opts Options) *Simulator {
	t.Helper()
	spec, err := FindSpec()
	if err != nil {
		t.Skipf("DocuSign simulator: %v (CI has it; see documenttest/docusign)", err)
	}
	if opts.Invalid == nil {
		opts.Invalid = func(err error) { t.Errorf("DocuSign simulator: %v", err) }
	}
	var sim *Simulator
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { sim.ServeHTTP(w, r) }))
	t.Cleanup(server.Close)
	if sim, err = New(spec, server.URL, opts); err != nil {
		t.Fatal(err)
	}
	return sim
}

// URL is where the simulator is served: the OAuth server and the accounts' base_uri.
func (s *Simulator) URL() string { return s.url }

// PrivateKeyPEM is the RSA private key (PKCS #1 PEM) registered with the integration key.
func (s *Simulator) PrivateKeyPEM() []byte {
	return pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(s.key)})
}

// Fail answers the next n REST API requests (after their check) with status and, unless empty,
// Retry-After.
func (s *Simulator) Fail(n, status int, retryAfter string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for range n {
		s.faults = append(s.faults, fault{status: status, retryAfter: retryAfter})
	}
}

// Grants is how many access tokens the simulator issued.
func (s *Simulator) Grants() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.grants
}

// Calls is how many times the REST operation (by the description's operation id) was answered 2xx.
func (s *Simulator) Calls(operation string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.calls[operation]
}

// RevokeTokens makes every issued access token invalid, as a revoked consent does.
func (s *Simulator) RevokeTokens() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.tokens)
}

// Envelopes are copies of the envelopes, in no order.
func (s *Simulator) Envelopes() []Envelope {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Envelope, 0, len(s.envelopes))
	for _, e := range s.envelopes {
		out = append(out, *e)
	}
	return out
}

// Envelope is a copy of the envelope whose session custom field is sessionID.
func (s *Simulator) Envelope(sessionID string) (Envelope, bool) {
	for _, e := range s.Envelopes() {
		if e.SessionID == sessionID {
			return e, true
		}
	}
	return Envelope{}, false
}

// ServeHTTP answers as DocuSign's OAuth server, REST API and signing ceremony.
func (s *Simulator) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/oauth/token":
		s.token(w, r)
	case r.Method == http.MethodGet && r.URL.Path == "/oauth/userinfo":
		s.userinfo(w, r)
	case r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/signing/"):
		s.ceremony(w, r)
	case strings.HasPrefix(r.URL.Path, basePath+"/"):
		s.rest(w, r)
	default:
		http.NotFound(w, r)
	}
}

// token is the JWT grant (POST /oauth/token): the assertion must be signed with the integration's
// key and name the integration, the user, this server's host, the scopes and at most an hour.
func (s *Simulator) token(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil || r.PostForm.Get("grant_type") != "urn:ietf:params:oauth:grant-type:jwt-bearer" {
		s.oauthError(w, fmt.Errorf("token request without the JWT grant type"), "unsupported_grant_type")
		return
	}
	if err := s.checkAssertion(r.PostForm.Get("assertion")); err != nil {
		s.oauthError(w, err, "invalid_grant")
		return
	}
	token := rand.Text()
	s.mu.Lock()
	s.tokens[token] = s.opts.Now().Add(s.opts.TokenLifetime)
	s.grants++
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{"access_token": token, "token_type": "Bearer", "expires_in": int64(s.opts.TokenLifetime / time.Second)})
}

func (s *Simulator) checkAssertion(assertion string) error {
	u, _ := url.Parse(s.url)
	claims := jwt.MapClaims{}
	_, err := jwt.ParseWithClaims(assertion, claims, func(*jwt.Token) (any, error) { return &s.key.PublicKey, nil },
		jwt.WithValidMethods([]string{"RS256"}), jwt.WithIssuer(IntegrationKey), jwt.WithSubject(UserID), jwt.WithAudience(u.Host),
		jwt.WithIssuedAt(), jwt.WithExpirationRequired(), jwt.WithTimeFunc(s.opts.Now))
	if err != nil {
		return fmt.Errorf("JWT assertion: %w", err)
	}
	iat, _ := claims.GetIssuedAt()
	exp, _ := claims.GetExpirationTime()
	if iat == nil || exp.Sub(iat.Time) > time.Hour {
		return fmt.Errorf("JWT assertion: exp more than an hour after iat")
	}
	if scope, _ := claims["scope"].(string); !strings.Contains(" "+scope+" ", " signature ") || !strings.Contains(" "+scope+" ", " impersonation ") {
		return fmt.Errorf("JWT assertion: scope %q lacks signature impersonation", scope)
	}
	return nil
}

func (s *Simulator) oauthError(w http.ResponseWriter, err error, code string) {
	s.opts.Invalid(fmt.Errorf("OAuth: %w", err))
	writeJSON(w, http.StatusBadRequest, map[string]string{"error": code, "error_description": err.Error()})
}

// userinfo answers the user's accounts (GET /oauth/userinfo): a default one and another.
func (s *Simulator) userinfo(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(r) {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_request", "error_description": "invalid token"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"sub": UserID, "name": "Semesterhaus API", "email": "api@semesterhaus.example",
		"accounts": []map[string]any{
			{"account_id": OtherAccountID, "is_default": false, "account_name": "Other", "base_uri": s.url + "/other"},
			{"account_id": AccountID, "is_default": true, "account_name": "Semesterhaus", "base_uri": s.url},
		},
	})
}

func (s *Simulator) authorized(r *http.Request) bool {
	token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	s.mu.Lock()
	defer s.mu.Unlock()
	expires, known := s.tokens[token]
	return ok && known && s.opts.Now().Before(expires)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// answer is an answer of the REST API, checked before it is sent.
type answer struct {
	status int
	header http.Header
	body   []byte
}

func jsonAnswer(status int, v any) answer {
	body, _ := json.Marshal(v)
	return answer{status: status, header: http.Header{"Content-Type": {"application/json; charset=utf-8"}}, body: body}
}

func apiError(status int, code, message string) answer {
	return jsonAnswer(status, map[string]string{"errorCode": code, "message": message})
}

// rest checks a REST API request against the description, answers it and checks the answer.
func (s *Simulator) rest(w http.ResponseWriter, r *http.Request) {
	input, err := s.validator.Request(r.Context(), r)
	if err != nil {
		s.opts.Invalid(err)
		writeAnswer(w, apiError(http.StatusBadRequest, "INVALID_REQUEST_PARAMETER", err.Error()))
		return
	}
	a := s.handle(r, input.PathParams, Operation(input))
	if err := s.validator.Response(r.Context(), input, a.status, a.header, a.body); err != nil {
		s.opts.Invalid(err)
		a = apiError(http.StatusInternalServerError, "SIMULATOR_INVALID_ANSWER", err.Error())
	} else if a.status/100 == 2 {
		s.mu.Lock()
		s.calls[Operation(input)]++
		s.mu.Unlock()
	}
	writeAnswer(w, a)
}

func writeAnswer(w http.ResponseWriter, a answer) {
	for k, v := range a.header {
		w.Header()[k] = v
	}
	w.WriteHeader(a.status)
	_, _ = w.Write(a.body)
}

func (s *Simulator) handle(r *http.Request, params map[string]string, operation string) answer {
	if !s.authorized(r) {
		return apiError(http.StatusUnauthorized, "USER_AUTHENTICATION_FAILED", "One or both of Username and Password are invalid.")
	}
	if params["accountId"] != AccountID {
		return apiError(http.StatusBadRequest, "USER_LACKS_MEMBERSHIP", "The UserID does not have a valid membership in this Account.")
	}
	if f, ok := s.nextFault(); ok {
		a := apiError(f.status, "SIMULATED_FAULT", http.StatusText(f.status))
		if f.retryAfter != "" {
			a.header.Set("Retry-After", f.retryAfter)
		}
		return a
	}
	switch operation {
	case "Envelopes_PostEnvelopes":
		return s.createEnvelope(r)
	case "Views_PostEnvelopeRecipientView":
		return s.recipientView(r, params["envelopeId"])
	case "Documents_GetDocument":
		return s.document(r, params["envelopeId"], params["documentId"])
	case "Envelopes_PutEnvelope":
		return s.voidEnvelope(r, params["envelopeId"])
	case "Envelopes_GetEnvelope":
		return s.envelope(params["envelopeId"])
	}
	return apiError(http.StatusBadRequest, "NOT_SIMULATED", operation+" is not simulated")
}

func (s *Simulator) nextFault() (fault, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.faults) == 0 {
		return fault{}, false
	}
	f := s.faults[0]
	s.faults = s.faults[1:]
	return f, true
}
