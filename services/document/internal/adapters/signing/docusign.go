package signing

import (
	"bytes"
	"context"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/pdfcpu/pdfcpu/pkg/api"

	"semesterhaus/services/document/internal/domain"
)

// sessionField is the envelope's custom field that carries the session id, so Connect's reports
// (which include custom fields) name the session.
const sessionField = "semesterhausSessionId"

// DocuSignSettings are what the DocuSign provider needs (DOCUSIGN_* and PUBLIC_URL).
type DocuSignSettings struct {
	AuthURL        string // https://account.docusign.com, demo https://account-d.docusign.com
	IntegrationKey string
	UserID         string
	AccountID      string // empty: the user's default account
	PrivateKeyPEM  []byte // the RSA key whose public half is registered with the integration key
	// ConnectKeys are the HMAC keys of the Connect configuration; a report signed with any of them
	// is accepted, so a key can be rotated without a pause.
	ConnectKeys [][]byte
	PublicURL   string
	Logger      *slog.Logger
}

// DocuSign is the signing provider DocuSign eSignature (REST API v2.1): the contract goes out as an
// envelope for embedded signing, the renter signs in a recipient view asked for each time the
// service's own signing link is opened, and Connect reports the completion on the webhook.
type DocuSign struct {
	auth      *auth
	http      *retrying
	keys      [][]byte
	publicURL string
}

// NewDocuSign returns the provider; the private key must be an RSA key in PEM (PKCS #1 or #8).
func NewDocuSign(s DocuSignSettings, client *http.Client) (*DocuSign, error) {
	key, err := jwt.ParseRSAPrivateKeyFromPEM(s.PrivateKeyPEM)
	if err != nil {
		return nil, fmt.Errorf("DOCUSIGN_PRIVATE_KEY: %w", err)
	}
	return newDocuSign(s, key, newRetrying(client), time.Now), nil
}

func newDocuSign(s DocuSignSettings, key *rsa.PrivateKey, r *retrying, now func() time.Time) *DocuSign {
	if s.Logger == nil {
		s.Logger = slog.New(slog.DiscardHandler)
	}
	a := &auth{
		authURL: s.AuthURL, integrationKey: s.IntegrationKey, userID: s.UserID, accountID: s.AccountID, key: key, now: now, http: r,
		logger: s.Logger,
	}
	return &DocuSign{auth: a, http: r, keys: s.ConnectKeys, publicURL: s.PublicURL}
}

type envelopeDefinition struct {
	EmailSubject string       `json:"emailSubject"`
	Status       string       `json:"status"`
	Documents    []document   `json:"documents"`
	Recipients   recipients   `json:"recipients"`
	CustomFields customFields `json:"customFields"`
}

type document struct {
	DocumentBase64 string `json:"documentBase64"`
	DocumentID     string `json:"documentId"`
	FileExtension  string `json:"fileExtension"`
	Name           string `json:"name"`
}

type recipients struct {
	Signers []signer `json:"signers"`
}

type signer struct {
	Name         string `json:"name"`
	Email        string `json:"email"`
	RecipientID  string `json:"recipientId"`
	RoutingOrder string `json:"routingOrder,omitempty"`
	ClientUserID string `json:"clientUserId,omitempty"`
	Status       string `json:"status,omitempty"`
	Tabs         *tabs  `json:"tabs,omitempty"`
}

type tabs struct {
	SignHereTabs []signHere `json:"signHereTabs"`
}

type signHere struct {
	DocumentID string `json:"documentId"`
	PageNumber string `json:"pageNumber"`
	XPosition  string `json:"xPosition"`
	YPosition  string `json:"yPosition"`
}

type customFields struct {
	TextCustomFields []textField `json:"textCustomFields"`
}

type textField struct {
	Name     string `json:"name"`
	Value    string `json:"value"`
	Show     string `json:"show,omitempty"`
	Required string `json:"required,omitempty"`
}

// Open creates the envelope, sent at once: the contract, one signer for embedded signing (the
// client user id makes DocuSign send no e-mail of its own; the renter gets the service's mail with
// the service's link), a signature field at the foot of the last page and the session id as a
// custom field. The link is the service's own signing page, which asks for a recipient view each
// time: DocuSign's view links live five minutes and work once.
func (d *DocuSign) Open(ctx context.Context, session domain.SigningSession, contract []byte) (link, envelopeID string, err error) {
	pages, err := api.PageCount(bytes.NewReader(contract), nil)
	if err != nil {
		return "", "", fmt.Errorf("count the contract's pages: %w", err)
	}
	renter := session.Contract.Renter
	def := envelopeDefinition{
		EmailSubject: "Mietvertrag / Rental contract", Status: "sent",
		Documents: []document{{DocumentBase64: base64.StdEncoding.EncodeToString(contract), DocumentID: "1", FileExtension: "pdf", Name: "Mietvertrag.pdf"}},
		Recipients: recipients{Signers: []signer{{
			Name: renter.FullName(), Email: renter.Email, RecipientID: "1", RoutingOrder: "1", ClientUserID: session.ID,
			Tabs: &tabs{SignHereTabs: []signHere{{DocumentID: "1", PageNumber: strconv.Itoa(pages), XPosition: "72", YPosition: "720"}}},
		}}},
		CustomFields: customFields{TextCustomFields: []textField{{Name: sessionField, Value: session.ID, Show: "false", Required: "false"}}},
	}
	var created struct {
		EnvelopeID string `json:"envelopeId"`
	}
	if err := d.call(ctx, http.MethodPost, "/envelopes", def, &created); err != nil {
		return "", "", fmt.Errorf("create the envelope: %w", err)
	}
	if created.EnvelopeID == "" {
		return "", "", errors.New("create the envelope: no envelopeId in the answer")
	}
	return signingPage(d.publicURL, session), created.EnvelopeID, nil
}

type recipientViewRequest struct {
	AuthenticationMethod string `json:"authenticationMethod"`
	ClientUserID         string `json:"clientUserId"`
	RecipientID          string `json:"recipientId"`
	UserName             string `json:"userName"`
	Email                string `json:"email"`
	ReturnURL            string `json:"returnUrl"`
}

// RecipientView asks DocuSign for a new signing view of the session's envelope: a link that lives
// five minutes and works once, so it is asked for when the renter opens the service's page.
func (d *DocuSign) RecipientView(ctx context.Context, session domain.SigningSession) (string, error) {
	renter := session.Contract.Renter
	req := recipientViewRequest{
		AuthenticationMethod: "none", ClientUserID: session.ID, RecipientID: "1", UserName: renter.FullName(), Email: renter.Email,
		ReturnURL: d.publicURL + "/booking/step4done?rentingId=" + url.QueryEscape(session.RentingID),
	}
	var view struct {
		URL string `json:"url"`
	}
	if err := d.call(ctx, http.MethodPost, "/envelopes/"+url.PathEscape(session.EnvelopeID)+"/views/recipient", req, &view); err != nil {
		return "", fmt.Errorf("recipient view of envelope %s: %w", session.EnvelopeID, err)
	}
	if view.URL == "" {
		return "", errors.New("recipient view: no url in the answer")
	}
	return view.URL, nil
}

// SignedCopy downloads the completed envelope as one PDF: the signed contract followed by
// DocuSign's certificate of completion (documentId "combined" with certificate=true).
func (d *DocuSign) SignedCopy(ctx context.Context, session domain.SigningSession) ([]byte, error) {
	path := "/envelopes/" + url.PathEscape(session.EnvelopeID) + "/documents/combined?certificate=true"
	content, err := d.send(ctx, http.MethodGet, path, nil, "application/pdf")
	if err != nil {
		return nil, err
	}
	if !bytes.HasPrefix(content, []byte("%PDF-")) {
		return nil, fmt.Errorf("the combined document of envelope %s is no PDF", session.EnvelopeID)
	}
	return content, nil
}

// voidReason is what DocuSign shows of a voided envelope; the renter gets the new contract by mail.
const voidReason = "Ersetzt durch einen neuen Mietvertrag / Replaced by a new rental contract"

type envelopeVoid struct {
	Status       string `json:"status"`
	VoidedReason string `json:"voidedReason"`
}

// cannotVoid is DocuSign's errorCode (a 400 with errorDetails) for voiding an envelope that is no
// longer in process: only a sent or delivered envelope may be voided.
const cannotVoid = "ENVELOPE_CANNOT_VOID_INVALID_STATE"

// Void voids the session's envelope (PUT …/envelopes/{id} with status voided and a reason), so
// DocuSign neither shows it for signing nor completes it. When DocuSign refuses because the
// envelope is no longer in process, Void reads its status: completed means the renter signed
// meanwhile (Connect's report is on its way), which is domain.ErrNoOpenContract, so the reissue
// changes nothing; declined or voided (an earlier reissue whose transaction failed after the void,
// or the envelope expired) can no longer be signed, which is what the void was for, so Void succeeds.
func (d *DocuSign) Void(ctx context.Context, session domain.SigningSession) error {
	var summary struct {
		EnvelopeID string `json:"envelopeId"`
	}
	path := "/envelopes/" + url.PathEscape(session.EnvelopeID)
	err := d.call(ctx, http.MethodPut, path, envelopeVoid{Status: "voided", VoidedReason: voidReason}, &summary)
	var refused *httpError
	if err == nil || !errors.As(err, &refused) || refused.code != cannotVoid {
		if err != nil {
			return fmt.Errorf("void envelope %s: %w", session.EnvelopeID, err)
		}
		return nil
	}
	status, statusErr := d.envelopeStatus(ctx, session.EnvelopeID)
	switch {
	case statusErr != nil:
		return fmt.Errorf("void envelope %s: %w; read its status: %w", session.EnvelopeID, err, statusErr)
	case status == "voided" || status == "declined":
		return nil
	case status == "completed" || status == "signed":
		return fmt.Errorf("void envelope %s: %w, the envelope is %s: %w", session.EnvelopeID, err, status, domain.ErrNoOpenContract)
	default:
		return fmt.Errorf("void envelope %s: %w, though the envelope is %q", session.EnvelopeID, err, status)
	}
}

// envelopeStatus reads the envelope's status (GET …/envelopes/{id}): sent, delivered, completed,
// declined, voided and so on.
func (d *DocuSign) envelopeStatus(ctx context.Context, envelopeID string) (string, error) {
	answer, err := d.send(ctx, http.MethodGet, "/envelopes/"+url.PathEscape(envelopeID), nil, "application/json")
	if err != nil {
		return "", err
	}
	var envelope struct {
		Status string `json:"status"`
	}
	if err := json.Unmarshal(answer, &envelope); err != nil {
		return "", fmt.Errorf("malformed answer: %w", err)
	}
	if envelope.Status == "" {
		return "", errors.New("no status in the answer")
	}
	return envelope.Status, nil
}

// call sends in as JSON to the account's path and decodes the JSON answer into out.
func (d *DocuSign) call(ctx context.Context, method, path string, in, out any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	answer, err := d.send(ctx, method, path, body, "application/json")
	if err != nil {
		return err
	}
	if err := json.Unmarshal(answer, out); err != nil {
		return fmt.Errorf("malformed answer: %w", err)
	}
	return nil
}

// send calls {base_uri}/restapi/v2.1/accounts/{accountId}{path} with the access token; a refused
// token is renewed and the call sent once more.
func (d *DocuSign) send(ctx context.Context, method, path string, body []byte, accept string) ([]byte, error) {
	for renewed := false; ; renewed = true {
		token, acct, err := d.auth.session(ctx)
		if err != nil {
			return nil, err
		}
		answer, err := d.http.do(ctx, func() (*http.Request, error) {
			target := acct.BaseURI + "/restapi/v2.1/accounts/" + url.PathEscape(acct.ID) + path
			req, err := http.NewRequestWithContext(ctx, method, target, bytes.NewReader(body))
			if err != nil {
				return nil, err
			}
			req.Header.Set("Authorization", "Bearer "+token)
			req.Header.Set("Accept", accept)
			if body != nil {
				req.Header.Set("Content-Type", "application/json")
			}
			return req, nil
		})
		if errors.Is(err, errUnauthorized) && !renewed {
			d.auth.forget(token)
			continue
		}
		return answer, err
	}
}
