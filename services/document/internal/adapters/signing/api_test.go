package signing

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"semesterhaus/services/document/internal/domain"
)

func TestAPI_opensAnEnvelopeAndReturnsTheSignersLink(t *testing.T) {
	t.Parallel()
	recorded, err := os.ReadFile("testdata/envelope_created.json")
	if err != nil {
		t.Fatal(err)
	}
	var got envelopeRequest
	provider := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/envelopes" || r.Header.Get("Authorization") != "Bearer key" || r.Header.Get("Idempotency-Key") != "s-1" {
			http.Error(w, "unexpected request", http.StatusBadRequest)
			return
		}
		_ = json.NewDecoder(r.Body).Decode(&got)
		w.WriteHeader(http.StatusCreated)
		_, _ = w.Write(recorded)
	}))
	t.Cleanup(provider.Close)
	api := NewAPI(provider.URL, "key", testKey, "https://semesterhaus.example", provider.Client())
	session := domain.SigningSession{ID: "s-1", RentingID: "r-1", Contract: domain.Contract{
		Renter: domain.ContractRenter{FirstName: "Anna", LastName: "Schmidt", Email: "anna.schmidt@example.org"},
	}}
	link, err := api.Open(context.Background(), session, []byte("%PDF-1.3"))
	if err != nil {
		t.Fatal(err)
	}
	if link != "https://sign.example/s/env_01J9Z7K3/a1" {
		t.Errorf("link = %q", link)
	}
	if got.Reference != "s-1" || got.Signers[0].Name != "Anna Schmidt" || got.Signers[0].Email != "anna.schmidt@example.org" || got.WebhookURL != "https://semesterhaus.example/api/webhooks/signing" ||
		got.Documents[0].ContentBase64 != "JVBERi0xLjM=" {
		t.Errorf("envelope request = %+v", got)
	}
}

func TestAPI_refusedEnvelopeIsAnError(t *testing.T) {
	t.Parallel()
	provider := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, `{"error":"invalid api key"}`, http.StatusUnauthorized)
	}))
	t.Cleanup(provider.Close)
	api := NewAPI(provider.URL, "wrong", testKey, "https://semesterhaus.example", provider.Client())
	if _, err := api.Open(context.Background(), domain.SigningSession{ID: "s-1"}, nil); err == nil || !strings.Contains(err.Error(), "401") {
		t.Errorf("Open = %v, want the provider's 401", err)
	}
}

func TestAPI_verifiesTheCompletedEvent(t *testing.T) {
	t.Parallel()
	body, err := os.ReadFile("testdata/envelope_completed.json")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 9, 1, 10, 31, 0, 0, time.UTC)
	key := WebhookKey{Secret: []byte(secret), Tolerance: 5 * time.Minute, Now: func() time.Time { return now }}
	api := NewAPI("", "key", key, "", nil)
	header := http.Header{SignatureHeader: {signAt([]byte(secret), now, body)}}
	sig, err := api.VerifyWebhook(header, body)
	if err != nil || sig.EventID != "evt_01J9Z8AA" || sig.SessionID != "SESSION" || sig.SignerName != "Anna Schmidt" ||
		sig.SignerEmail != "anna.schmidt@example.org" {
		t.Errorf("VerifyWebhook = %+v, %v", sig, err)
	}
	for name, at := range map[string]time.Time{"an old": now.Add(-key.Tolerance - time.Second), "a future": now.Add(key.Tolerance + time.Second)} {
		header := http.Header{SignatureHeader: {signAt([]byte(secret), at, body)}}
		if _, err := api.VerifyWebhook(header, body); !errors.Is(err, domain.ErrInvalidSignature) {
			t.Errorf("%s report = %v, want ErrInvalidSignature", name, err)
		}
	}
	viewed := []byte(strings.Replace(string(body), "envelope.completed", "envelope.viewed", 1))
	if _, err := api.VerifyWebhook(http.Header{SignatureHeader: {signAt([]byte(secret), now, viewed)}}, viewed); !errors.Is(err, errNotASignature) {
		t.Errorf("a viewed envelope = %v, want errNotASignature", err)
	}
}
