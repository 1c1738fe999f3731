package docusign

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/google/uuid"
)

// envelopeRequest is what the simulator reads of an envelope definition; the description has
// checked the rest.
type envelopeRequest struct {
	Status    string `json:"status"`
	Documents []struct {
		DocumentBase64 string `json:"documentBase64"`
		DocumentID     string `json:"documentId"`
		FileExtension  string `json:"fileExtension"`
	} `json:"documents"`
	Recipients struct {
		Signers []struct {
			Name         string `json:"name"`
			Email        string `json:"email"`
			ClientUserID string `json:"clientUserId"`
			Tabs         struct {
				SignHereTabs []map[string]any `json:"signHereTabs"`
			} `json:"tabs"`
		} `json:"signers"`
	} `json:"recipients"`
	CustomFields struct {
		TextCustomFields []struct {
			Name  string `json:"name"`
			Value string `json:"value"`
		} `json:"textCustomFields"`
	} `json:"customFields"`
}

// createEnvelope keeps a sent envelope of one PDF and one embedded signer with a signature field.
func (s *Simulator) createEnvelope(r *http.Request) answer {
	raw, _ := io.ReadAll(r.Body)
	var req envelopeRequest
	var definition map[string]any
	if json.Unmarshal(raw, &req) != nil || json.Unmarshal(raw, &definition) != nil {
		return apiError(http.StatusBadRequest, "INVALID_REQUEST_BODY", "The request body is missing or improperly formatted.")
	}
	if req.Status != "sent" || len(req.Documents) != 1 || len(req.Recipients.Signers) != 1 {
		return apiError(http.StatusBadRequest, "INVALID_REQUEST_BODY", "want status sent, one document, one signer")
	}
	doc, signer := req.Documents[0], req.Recipients.Signers[0]
	content, err := base64.StdEncoding.DecodeString(doc.DocumentBase64)
	if err != nil || !bytes.HasPrefix(content, []byte("%PDF-")) || doc.FileExtension != "pdf" {
		return apiError(http.StatusBadRequest, "INVALID_REQUEST_BODY", "documentBase64 is no PDF")
	}
	if signer.ClientUserID == "" || len(signer.Tabs.SignHereTabs) == 0 || signer.Name == "" || signer.Email == "" {
		return apiError(http.StatusBadRequest, "INVALID_REQUEST_BODY", "want an embedded signer (clientUserId) with name, email and a signHere tab")
	}
	e := &Envelope{
		ID: uuid.NewString(), Status: "sent", SignerName: signer.Name, SignerEmail: signer.Email, ClientUserID: signer.ClientUserID,
		Document: content, Definition: definition,
	}
	for _, f := range req.CustomFields.TextCustomFields {
		e.SessionID = f.Value
	}
	s.mu.Lock()
	s.envelopes[e.ID] = e
	s.mu.Unlock()
	return jsonAnswer(http.StatusCreated, map[string]string{
		"envelopeId": e.ID, "status": "sent", "statusDateTime": s.opts.Now().UTC().Format(time.RFC3339Nano), "uri": "/envelopes/" + e.ID,
	})
}

type viewRequest struct {
	AuthenticationMethod string `json:"authenticationMethod"`
	ClientUserID         string `json:"clientUserId"`
	UserName             string `json:"userName"`
	Email                string `json:"email"`
	ReturnURL            string `json:"returnUrl"`
}

// recipientView answers a signing link for the embedded signer, once and for five minutes; the
// signer must be named as the envelope names them.
func (s *Simulator) recipientView(r *http.Request, envelopeID string) answer {
	var req viewRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		return apiError(http.StatusBadRequest, "INVALID_REQUEST_BODY", err.Error())
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.envelopes[envelopeID]
	switch {
	case !ok:
		return apiError(http.StatusBadRequest, "ENVELOPE_DOES_NOT_EXIST", "The envelope specified either does not exist or you have no rights to it.")
	case req.AuthenticationMethod == "" || req.ReturnURL == "":
		return apiError(http.StatusBadRequest, "INVALID_REQUEST_PARAMETER", "authenticationMethod and returnUrl are required")
	case req.ClientUserID != e.ClientUserID || req.UserName != e.SignerName || req.Email != e.SignerEmail:
		return apiError(http.StatusBadRequest, "UNKNOWN_ENVELOPE_RECIPIENT", "The recipient you have identified is not a valid recipient of the specified envelope.")
	case e.Status == "completed":
		return apiError(http.StatusBadRequest, "RECIPIENT_HAS_ALREADY_SIGNED", "The recipient has already signed.")
	case e.Status == "voided":
		return apiError(http.StatusBadRequest, "ENVELOPE_HAS_BEEN_VOIDED", "The envelope has been voided.")
	case e.Status != "sent":
		return apiError(http.StatusBadRequest, "ENVELOPE_INVALID_STATUS", "The envelope is "+e.Status+".")
	}
	token := rand.Text()
	s.views[token] = view{envelopeID: e.ID, returnURL: req.ReturnURL, expires: s.opts.Now().Add(viewLifetime)}
	return jsonAnswer(http.StatusCreated, map[string]string{"url": s.url + "/signing/" + token})
}

// voidEnvelope voids a sent envelope, as the only update the service makes: status voided with a
// reason; a completed, declined or voided envelope cannot be voided.
func (s *Simulator) voidEnvelope(r *http.Request, envelopeID string) answer {
	var req struct {
		Status       string `json:"status"`
		VoidedReason string `json:"voidedReason"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Status != "voided" || req.VoidedReason == "" {
		return apiError(http.StatusBadRequest, "INVALID_REQUEST_BODY", "want status voided with a voidedReason")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.envelopes[envelopeID]
	switch {
	case !ok:
		return apiError(http.StatusBadRequest, "ENVELOPE_DOES_NOT_EXIST", "The envelope specified either does not exist or you have no rights to it.")
	case e.Status != "sent":
		return apiError(http.StatusBadRequest, "ENVELOPE_CANNOT_VOID_INVALID_STATE", "Only envelopes in the 'Sent' or 'Delivered' states may be voided.")
	}
	e.Status, e.VoidedReason = "voided", req.VoidedReason
	return jsonAnswer(http.StatusOK, map[string]string{"envelopeId": e.ID})
}

// envelope answers the envelope's id and status (GET …/envelopes/{envelopeId}), and why it was
// voided if it was.
func (s *Simulator) envelope(envelopeID string) answer {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.envelopes[envelopeID]
	if !ok {
		return apiError(http.StatusBadRequest, "ENVELOPE_DOES_NOT_EXIST", "The envelope specified either does not exist or you have no rights to it.")
	}
	out := map[string]string{"envelopeId": e.ID, "status": e.Status}
	if e.VoidedReason != "" {
		out["voidedReason"] = e.VoidedReason
	}
	return jsonAnswer(http.StatusOK, out)
}

// document answers the combined document of a completed envelope, with the certificate when asked.
func (s *Simulator) document(r *http.Request, envelopeID, documentID string) answer {
	s.mu.Lock()
	e, ok := s.envelopes[envelopeID]
	s.mu.Unlock()
	if !ok {
		return apiError(http.StatusBadRequest, "ENVELOPE_DOES_NOT_EXIST", "The envelope specified either does not exist or you have no rights to it.")
	}
	if documentID != "combined" || r.URL.Query().Get("certificate") != "true" || e.Status != "completed" {
		return apiError(http.StatusBadRequest, "NOT_SIMULATED", "only the combined document with its certificate of a completed envelope")
	}
	return answer{status: http.StatusOK, header: http.Header{"Content-Type": {"application/pdf"}}, body: e.Combined}
}

// ceremony is the renter's browser on a recipient view link: it works once within its lifetime,
// completes the envelope and returns to the returnUrl with event=signing_complete, as DocuSign
// does. Connect reports it only when Sign is called.
func (s *Simulator) ceremony(w http.ResponseWriter, r *http.Request) {
	token := r.URL.Path[len("/signing/"):]
	s.mu.Lock()
	v, ok := s.views[token]
	delete(s.views, token)
	s.mu.Unlock()
	if !ok || s.opts.Now().After(v.expires) {
		http.Error(w, "This link has expired or was used.", http.StatusNotFound)
		return
	}
	s.Complete(v.envelopeID)
	back, err := url.Parse(v.returnURL)
	if err != nil {
		http.Error(w, "bad returnUrl", http.StatusBadRequest)
		return
	}
	q := back.Query()
	q.Set("event", "signing_complete")
	back.RawQuery = q.Encode()
	http.Redirect(w, r, back.String(), http.StatusFound)
}

// Complete marks the envelope signed by its signer, as the renter does in the signing ceremony, and
// makes its combined document: the PDF sent with a certificate of completion appended, bytes the
// service did not make. Connect is not told.
func (s *Simulator) Complete(envelopeID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.envelopes[envelopeID]
	if e == nil || e.Status != "sent" {
		return
	}
	e.Status, e.CompletedAt = "completed", s.opts.Now().UTC()
	e.Combined = append(bytes.Clone(e.Document), fmt.Appendf(nil,
		"\n%% DocuSign simulator: certificate of completion, envelope %s, signed by %s <%s> at %s\n",
		e.ID, e.SignerName, e.SignerEmail, e.CompletedAt.Format(time.RFC3339))...)
}

// Decline marks a sent envelope declined, as the renter does who declines to sign in the signing
// ceremony. Connect is not told.
func (s *Simulator) Decline(envelopeID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e := s.envelopes[envelopeID]; e != nil && e.Status == "sent" {
		e.Status = "declined"
	}
}

// Sign acts as the renter and DocuSign: it completes the envelope and delivers Connect's
// envelope-completed report to connectURL, signed with each of keys (X-DocuSign-Signature-1 …).
// It returns the webhook's status.
func (s *Simulator) Sign(ctx context.Context, envelopeID, connectURL string, keys ...[]byte) (int, error) {
	s.Complete(envelopeID)
	report, err := s.Report(envelopeID, "envelope-completed")
	if err != nil {
		return 0, err
	}
	return s.Deliver(ctx, connectURL, report, keys...)
}

// Report is Connect's JSON report (REST v2.1, custom fields included, documents not) of event on
// the envelope, with the envelope as it stands.
func (s *Simulator) Report(envelopeID, event string) ([]byte, error) {
	s.mu.Lock()
	e, ok := s.envelopes[envelopeID]
	var env Envelope
	if ok {
		env = *e
	}
	s.mu.Unlock()
	if !ok {
		return nil, fmt.Errorf("no envelope %s", envelopeID)
	}
	signer := map[string]any{
		"name": env.SignerName, "email": env.SignerEmail, "recipientId": "1", "clientUserId": env.ClientUserID,
		"status": env.Status, "routingOrder": "1", "recipientType": "signer",
	}
	summary := map[string]any{
		"envelopeId": env.ID, "status": env.Status, "emailSubject": "Mietvertrag / Rental contract",
		"recipients":   map[string]any{"signers": []any{signer}},
		"customFields": map[string]any{"textCustomFields": []any{map[string]string{"name": sessionFieldOf(env), "value": env.SessionID, "show": "false"}}},
	}
	if !env.CompletedAt.IsZero() {
		signer["signedDateTime"] = env.CompletedAt.Format(time.RFC3339Nano)
		summary["completedDateTime"] = env.CompletedAt.Format(time.RFC3339Nano)
	}
	return json.Marshal(map[string]any{
		"event": event, "apiVersion": "v2.1", "uri": "/restapi/v2.1/accounts/" + AccountID + "/envelopes/" + env.ID,
		"retryCount": 0, "configurationId": 10501, "generatedDateTime": s.opts.Now().UTC().Format(time.RFC3339Nano),
		"data": map[string]any{"accountId": AccountID, "userId": UserID, "envelopeId": env.ID, "envelopeSummary": summary},
	})
}

// sessionFieldOf is the name of the custom field the envelope was created with.
func sessionFieldOf(e Envelope) string {
	fields, _ := e.Definition["customFields"].(map[string]any)
	texts, _ := fields["textCustomFields"].([]any)
	for _, f := range texts {
		if m, ok := f.(map[string]any); ok {
			name, _ := m["name"].(string)
			return name
		}
	}
	return ""
}

// Deliver posts a Connect report to connectURL as Connect does, with one HMAC header per key.
func (s *Simulator) Deliver(ctx context.Context, connectURL string, report []byte, keys ...[]byte) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, connectURL, bytes.NewReader(report))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	for i, key := range keys {
		req.Header.Set("X-DocuSign-Signature-"+strconv.Itoa(i+1), HMAC(key, report))
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return 0, err
	}
	_ = resp.Body.Close()
	return resp.StatusCode, nil
}

// HMAC is Connect's signature of body under key: base64 of HMAC-SHA256.
func HMAC(key, body []byte) string {
	h := hmac.New(sha256.New, key)
	h.Write(body)
	return base64.StdEncoding.EncodeToString(h.Sum(nil))
}
