package signing

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/google/uuid"

	"semesterhaus/services/document/internal/domain"
)

// Sandbox is the local signing provider: the service's own signing page collects the signature
// and the sandbox reports it on the webhook through the gateway, as a real provider would.
type Sandbox struct {
	publicURL string
	key       WebhookKey
	client    *http.Client
}

// NewSandbox returns the sandbox for the public address of the system (PUBLIC_URL) and the
// webhooks' key.
func NewSandbox(publicURL string, key WebhookKey, client *http.Client) *Sandbox {
	return &Sandbox{publicURL: publicURL, key: key, client: client}
}

// sandboxReport is the sandbox's webhook body.
type sandboxReport struct {
	EventID     string    `json:"eventId"`
	SessionID   string    `json:"sessionId"`
	SignerName  string    `json:"signerName"`
	SignerEmail string    `json:"signerEmail"`
	SignedAt    time.Time `json:"signedAt"`
}

// Open returns the link of the sandbox's signing page; the page needs nothing set up and there is
// no envelope.
func (s *Sandbox) Open(_ context.Context, session domain.SigningSession, _ []byte) (link, envelopeID string, err error) {
	return signingPage(s.publicURL, session), "", nil
}

// SignedCopy is nil: the sandbox keeps no signed copy, so the contract is rendered again with a
// signature page.
func (s *Sandbox) SignedCopy(context.Context, domain.SigningSession) ([]byte, error) { return nil, nil }

// Void has nothing to withdraw: the sandbox's signing page is the service's own and refuses a
// session once it is marked voided.
func (s *Sandbox) Void(context.Context, domain.SigningSession) error { return nil }

// signingPage is the link mailed to the renter: the service's own page behind the gateway, which
// lives as long as the session (a provider's own signing link may expire within minutes).
func signingPage(publicURL string, session domain.SigningSession) string {
	return publicURL + "/api/signing/" + session.ID
}

// VerifyWebhook checks the signature and returns the reported signature.
func (s *Sandbox) VerifyWebhook(header http.Header, body []byte) (domain.Signature, error) {
	if err := s.key.verify(header.Get(SignatureHeader), body); err != nil {
		return domain.Signature{}, err
	}
	var report sandboxReport
	if err := json.Unmarshal(body, &report); err != nil || report.EventID == "" || report.SessionID == "" {
		return domain.Signature{}, fmt.Errorf("%w: malformed report", domain.ErrInvalidSignature)
	}
	return domain.Signature{
		EventID: report.EventID, SessionID: report.SessionID, SignerName: report.SignerName,
		SignerEmail: report.SignerEmail, SignedAt: report.SignedAt,
	}, nil
}

// Sign reports the signature of a session on the webhook, signed like a provider's report. Like a
// provider, it names the signer by the name typed and the address the session was sent to.
func (s *Sandbox) Sign(ctx context.Context, session domain.SigningSession, signerName string) error {
	body, err := json.Marshal(sandboxReport{
		EventID: uuid.NewString(), SessionID: session.ID, SignerName: signerName,
		SignerEmail: session.Contract.Renter.Email, SignedAt: s.key.Now().UTC(),
	})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.publicURL+"/api/webhooks/signing", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(SignatureHeader, s.key.sign(body))
	resp, err := s.client.Do(req)
	if err != nil {
		return fmt.Errorf("send the signing webhook: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("the signing webhook answered %s", resp.Status)
	}
	return nil
}
