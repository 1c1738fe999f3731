package signing

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"semesterhaus/services/document/internal/domain"
)

// connectSignatureHeader is the prefix of Connect's HMAC headers: X-DocuSign-Signature-1 … -N, one
// per HMAC key of the account's Connect configuration, each the base64 HMAC-SHA256 of the body.
const connectSignatureHeader = "X-Docusign-Signature-"

// connectCompleted is the Connect event of an envelope signed by every recipient.
const connectCompleted = "envelope-completed"

// connectReport is what the service reads of a Connect report (JSON, REST v2.1, with custom fields).
type connectReport struct {
	Event string `json:"event"`
	Data  struct {
		EnvelopeID      string `json:"envelopeId"`
		EnvelopeSummary struct {
			Status            string `json:"status"`
			CompletedDateTime string `json:"completedDateTime"`
			Recipients        struct {
				Signers []signer `json:"signers"`
			} `json:"recipients"`
			CustomFields customFields `json:"customFields"`
		} `json:"envelopeSummary"`
	} `json:"data"`
}

// VerifyWebhook checks a Connect report's HMAC against every configured key and returns the
// signature it reports. Events other than envelope-completed are errNotASignature: acknowledged,
// nothing changes. The event id is the envelope's and the event's, which a redelivery repeats.
func (d *DocuSign) VerifyWebhook(header http.Header, body []byte) (domain.Signature, error) {
	if !d.signedByAKey(header, body) {
		return domain.Signature{}, fmt.Errorf("%w: no X-DocuSign-Signature matches a key", domain.ErrInvalidSignature)
	}
	var report connectReport
	if err := json.Unmarshal(body, &report); err != nil || report.Data.EnvelopeID == "" {
		return domain.Signature{}, fmt.Errorf("%w: malformed Connect report", domain.ErrInvalidSignature)
	}
	if report.Event != connectCompleted {
		return domain.Signature{}, fmt.Errorf("%w: %s", errNotASignature, report.Event)
	}
	return signatureOf(report)
}

func signatureOf(report connectReport) (domain.Signature, error) {
	summary := report.Data.EnvelopeSummary
	sig := domain.Signature{EventID: "docusign:" + report.Data.EnvelopeID + ":" + report.Event, EnvelopeID: report.Data.EnvelopeID}
	for _, f := range summary.CustomFields.TextCustomFields {
		if f.Name == sessionField {
			sig.SessionID = f.Value
		}
	}
	if sig.SessionID == "" || len(summary.Recipients.Signers) != 1 {
		return domain.Signature{}, fmt.Errorf("%w: envelope %s names no session or not one signer", domain.ErrInvalidSignature, sig.EnvelopeID)
	}
	s := summary.Recipients.Signers[0]
	sig.SignerName, sig.SignerEmail = s.Name, s.Email
	sig.SignedAt, _ = time.Parse(time.RFC3339Nano, summary.CompletedDateTime)
	if sig.SignedAt.IsZero() {
		sig.SignedAt = time.Now().UTC()
	}
	return sig, nil
}

// signedByAKey reports whether one of the report's signature headers is the HMAC of body under
// one of the keys, each compared in constant time.
func (d *DocuSign) signedByAKey(header http.Header, body []byte) bool {
	macs := make([][]byte, len(d.keys))
	for i, key := range d.keys {
		h := hmac.New(sha256.New, key)
		h.Write(body)
		macs[i] = h.Sum(nil)
	}
	matched := false
	for n := 1; ; n++ {
		value := header.Get(connectSignatureHeader + strconv.Itoa(n))
		if value == "" {
			return matched
		}
		got, err := base64.StdEncoding.DecodeString(value)
		for _, mac := range macs {
			matched = matched || (err == nil && hmac.Equal(got, mac))
		}
	}
}

// RecipientViews asks the provider for a signing view of a session (DocuSign's recipient view).
type RecipientViews interface {
	RecipientView(ctx context.Context, session domain.SigningSession) (string, error)
}

// ViewRoute registers GET /signing/{sessionId} for DocuSign (public: the session id is the
// capability), the link of the renter's mail: an open session is sent (303) to a new recipient
// view, as DocuSign's own view links expire; a signed one gets the page that says it is signed and
// nothing else, a voided one (410) the page that says it was replaced; an unknown one 404.
func ViewRoute(mux *http.ServeMux, contracts Contracts, views RecipientViews, logger *slog.Logger) {
	p := Pages{contracts: contracts, logger: logger}
	mux.HandleFunc("GET /signing/{sessionId}", func(w http.ResponseWriter, r *http.Request) {
		session, ok := p.session(w, r)
		if !ok {
			return
		}
		if session.Status != domain.SessionOpen {
			p.render(w, r, closedStatus(session), session, "")
			return
		}
		view, err := views.RecipientView(r.Context(), session)
		if err != nil {
			logger.ErrorContext(r.Context(), "docusign recipient view failed", "session", session.ID, "err", err)
			noStore(w)
			http.Error(w, "Die Unterschrift ist gerade nicht möglich, bitte versuchen Sie es später. / Signing is not possible right now, please try again later.",
				http.StatusBadGateway)
			return
		}
		noStore(w)
		http.Redirect(w, r, view, http.StatusSeeOther)
	})
}

// errNotASignature marks a verified report of something other than a completed signature (a
// delivered or declined envelope): it is acknowledged and changes nothing.
var errNotASignature = errors.New("report is not a signature")
