package docusign_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"semesterhaus/platform/clocktest"
	"semesterhaus/services/document/documenttest"
	"semesterhaus/services/document/documenttest/docusign"
)

// grant asks for a token with an assertion for audience, as an integration would.
func grant(t *testing.T, sim *docusign.Simulator, now time.Time, audience string) (*http.Response, string) {
	t.Helper()
	key, err := jwt.ParseRSAPrivateKeyFromPEM(sim.PrivateKeyPEM())
	if err != nil {
		t.Fatal(err)
	}
	assertion, err := jwt.NewWithClaims(jwt.SigningMethodRS256, jwt.MapClaims{
		"iss": docusign.IntegrationKey, "sub": docusign.UserID, "aud": audience, "scope": "signature impersonation",
		"iat": now.Unix(), "exp": now.Add(time.Hour).Unix(),
	}).SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.PostForm(sim.URL()+"/oauth/token", url.Values{"grant_type": {"urn:ietf:params:oauth:grant-type:jwt-bearer"}, "assertion": {assertion}})
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var token struct {
		AccessToken string `json:"access_token"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&token)
	return resp, token.AccessToken
}

func call(t *testing.T, sim *docusign.Simulator, token, path, body string) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, sim.URL()+"/restapi/v2.1/accounts/"+docusign.AccountID+path, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

func TestSimulator_anAssertionForAnotherAudienceGetsNoToken(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var invalid []error
	sim := docusign.Start(t, docusign.Options{Invalid: func(err error) { mu.Lock(); invalid = append(invalid, err); mu.Unlock() }})
	resp, token := grant(t, sim, time.Now(), "account.docusign.com")
	mu.Lock()
	defer mu.Unlock()
	if resp.StatusCode != http.StatusBadRequest || token != "" || len(invalid) != 1 {
		t.Errorf("an assertion for another audience = %d, token %q, reported %v", resp.StatusCode, token, invalid)
	}
}

func TestSimulator_recipientViewLinkWorksOnceAndForFiveMinutes(t *testing.T) {
	t.Parallel()
	c := clocktest.New(time.Now())
	sim := docusign.Start(t, docusign.Options{Now: c.Now})
	u, _ := url.Parse(sim.URL())
	_, token := grant(t, sim, c.Now(), u.Host)
	envelope := `{"status":"sent","emailSubject":"Mietvertrag","documents":[{"documentBase64":"` + base64.StdEncoding.EncodeToString(documenttest.PDF()) +
		`","documentId":"1","fileExtension":"pdf","name":"Mietvertrag.pdf"}],"recipients":{"signers":[{"name":"Anna Schmidt","email":"anna@example.org",` +
		`"recipientId":"1","clientUserId":"c-1","tabs":{"signHereTabs":[{"documentId":"1","pageNumber":"1","xPosition":"72","yPosition":"720"}]}}]}}`
	status, created := call(t, sim, token, "/envelopes", envelope)
	if status != http.StatusCreated {
		t.Fatalf("create = %d %v", status, created)
	}
	viewPath := "/envelopes/" + created["envelopeId"].(string) + "/views/recipient"
	view := `{"authenticationMethod":"none","clientUserId":"c-1","userName":"Anna Schmidt","email":"anna@example.org","returnUrl":"https://semesterhaus.example/back"}`
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	open := func(link string) int {
		resp, err := noFollow.Get(link)
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		return resp.StatusCode
	}

	_, late := call(t, sim, token, viewPath, view)
	c.Add(5*time.Minute + time.Second)
	if status := open(late["url"].(string)); status != http.StatusNotFound {
		t.Errorf("a view link after five minutes = %d, want 404", status)
	}
	_, fresh := call(t, sim, token, viewPath, view)
	if first, second := open(fresh["url"].(string)), open(fresh["url"].(string)); first != http.StatusFound || second != http.StatusNotFound {
		t.Errorf("a view link opened twice = %d, %d; want 302, then 404", first, second)
	}
	if status, _ := call(t, sim, token, viewPath, view); status != http.StatusBadRequest {
		t.Errorf("a view of a signed envelope = %d, want 400", status)
	}
	if status, err := sim.Sign(context.Background(), created["envelopeId"].(string), sim.URL()+"/nowhere", []byte("k")); err != nil || status != http.StatusNotFound {
		t.Errorf("Sign to an address that is no webhook = %d, %v", status, err)
	}
}
