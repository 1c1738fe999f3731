package signing

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"semesterhaus/services/document/internal/domain"
)

// errNotASignature marks a verified report of something other than a completed signature (a
// viewed or declined envelope): it is acknowledged and changes nothing.
var errNotASignature = errors.New("report is not a signature")

// API is a real e-signature provider of the common "envelope" shape: the contract goes out as an
// envelope with one signer, the provider answers the signer's link, and reports completion on the
// webhook with the same HMAC signature header as the sandbox.
type API struct {
	baseURL, apiKey string
	key             WebhookKey
	publicURL       string
	client          *http.Client
}

// NewAPI returns the provider at baseURL (SIGNING_API_URL) with its API key and webhook key.
func NewAPI(baseURL, apiKey string, key WebhookKey, publicURL string, client *http.Client) *API {
	return &API{baseURL: baseURL, apiKey: apiKey, key: key, publicURL: publicURL, client: client}
}

type envelopeRequest struct {
	Reference   string           `json:"reference"`
	Title       string           `json:"title"`
	Documents   []envelopeFile   `json:"documents"`
	Signers     []envelopeSigner `json:"signers"`
	RedirectURL string           `json:"redirect_url"`
	WebhookURL  string           `json:"webhook_url"`
}

type envelopeFile struct {
	Name          string `json:"name"`
	ContentBase64 string `json:"content_base64"`
}

type envelopeSigner struct {
	Name       string `json:"name"`
	Email      string `json:"email,omitempty"`
	SigningURL string `json:"signing_url,omitempty"`
}

type envelopeResponse struct {
	ID      string           `json:"id"`
	Signers []envelopeSigner `json:"signers"`
}

// Open sends the contract as an envelope and returns the signer's link. The session id is the
// idempotency key, so a retried request opens no second envelope.
func (a *API) Open(ctx context.Context, session domain.SigningSession, contract []byte) (string, error) {
	body, err := json.Marshal(envelopeRequest{
		Reference: session.ID, Title: "Mietvertrag " + session.Contract.Semester,
		Documents:   []envelopeFile{{Name: "mietvertrag.pdf", ContentBase64: base64.StdEncoding.EncodeToString(contract)}},
		Signers:     []envelopeSigner{{Name: session.Contract.Renter.FullName(), Email: session.Contract.Renter.Email}},
		RedirectURL: a.publicURL + "/booking/step4done?rentingId=" + url.QueryEscape(session.RentingID),
		WebhookURL:  a.publicURL + "/api/webhooks/signing",
	})
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, a.baseURL+"/v1/envelopes", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Bearer "+a.apiKey)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", session.ID)
	resp, err := a.client.Do(req)
	if err != nil {
		return "", fmt.Errorf("create envelope: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		detail, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return "", fmt.Errorf("create envelope: %s: %s", resp.Status, detail)
	}
	var envelope envelopeResponse
	if err := json.NewDecoder(resp.Body).Decode(&envelope); err != nil {
		return "", fmt.Errorf("create envelope: decode the answer: %w", err)
	}
	if len(envelope.Signers) == 0 || envelope.Signers[0].SigningURL == "" {
		return "", fmt.Errorf("create envelope %s: no signing link in the answer", envelope.ID)
	}
	return envelope.Signers[0].SigningURL, nil
}

type apiEvent struct {
	ID   string `json:"id"`
	Type string `json:"type"`
	Data struct {
		EnvelopeID  string         `json:"envelope_id"`
		Reference   string         `json:"reference"`
		Signer      envelopeSigner `json:"signer"`
		CompletedAt time.Time      `json:"completed_at"`
	} `json:"data"`
}

// VerifyWebhook checks the signature and returns the signature an envelope.completed event reports.
func (a *API) VerifyWebhook(header http.Header, body []byte) (domain.Signature, error) {
	if err := a.key.verify(header.Get(SignatureHeader), body); err != nil {
		return domain.Signature{}, err
	}
	var event apiEvent
	if err := json.Unmarshal(body, &event); err != nil || event.ID == "" {
		return domain.Signature{}, fmt.Errorf("%w: malformed event", domain.ErrInvalidSignature)
	}
	if event.Type != "envelope.completed" {
		return domain.Signature{}, fmt.Errorf("%w: %s", errNotASignature, event.Type)
	}
	return domain.Signature{
		EventID: event.ID, SessionID: event.Data.Reference, SignerName: event.Data.Signer.Name,
		SignerEmail: event.Data.Signer.Email, SignedAt: event.Data.CompletedAt,
	}, nil
}
