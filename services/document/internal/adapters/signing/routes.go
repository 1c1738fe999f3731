package signing

import (
	"context"
	"errors"
	"html/template"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"

	"semesterhaus/services/document/internal/domain"
)

// maxWebhookBytes bounds a webhook body; reports are a few hundred bytes.
const maxWebhookBytes = 64 << 10

// Contracts are the use cases the signing pages and the webhook call.
type Contracts interface {
	Session(ctx context.Context, id string) (domain.SigningSession, error)
	SessionContract(ctx context.Context, sessionID string) ([]byte, error)
	RecordSignature(ctx context.Context, sig domain.Signature) error
}

// WebhookVerifier checks a provider's report and returns the signature it states; a report whose
// signature or time stamp is wrong is domain.ErrInvalidSignature.
type WebhookVerifier interface {
	VerifyWebhook(header http.Header, body []byte) (domain.Signature, error)
}

// WebhookRoute registers POST /webhooks/signing (public: the provider's signature is the check).
// It answers 2xx only once the signature is stored, 400 for a report that does not verify, 422
// for a signer other than the renter the contract was sent to.
func WebhookRoute(mux *http.ServeMux, contracts Contracts, verifier WebhookVerifier, logger *slog.Logger) {
	mux.HandleFunc("POST /webhooks/signing", func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBytes))
		if err != nil {
			http.Error(w, "unreadable body", http.StatusBadRequest)
			return
		}
		sig, err := verifier.VerifyWebhook(r.Header, body)
		if err == nil {
			err = contracts.RecordSignature(r.Context(), sig)
		}
		switch {
		case err == nil, errors.Is(err, errNotASignature):
			w.WriteHeader(http.StatusNoContent)
		case errors.Is(err, domain.ErrInvalidSignature), errors.Is(err, domain.ErrNotFound):
			logger.WarnContext(r.Context(), "signing webhook refused", "err", err)
			http.Error(w, "bad request", http.StatusBadRequest)
		case errors.Is(err, domain.ErrWrongSigner):
			logger.ErrorContext(r.Context(), "signing webhook refused: the signer is not the renter asked",
				"session", sig.SessionID, "event", sig.EventID, "err", err)
			http.Error(w, "the signer is not the one asked", http.StatusUnprocessableEntity)
		default:
			logger.ErrorContext(r.Context(), "signing webhook failed", "err", err)
			http.Error(w, "internal error", http.StatusInternalServerError)
		}
	})
}

// Pages are the sandbox's signing pages (public: the session id is the capability).
type Pages struct {
	contracts Contracts
	sandbox   *Sandbox
	logger    *slog.Logger
}

// PageRoutes registers the sandbox's signing pages, which the gateway forwards from /api/signing/…:
//
//	GET  /signing/{sessionId}               the page with the contract and the signing form
//	GET  /signing/{sessionId}/contract.pdf  the contract, inline
//	POST /signing/{sessionId}               signs when the typed name is the renter's full name
//
// Once the session is signed, the page says so and nothing else, and the contract is gone (410):
// a forwarded or leaked link no longer shows the renter's name, address and birthday.
func PageRoutes(mux *http.ServeMux, contracts Contracts, sandbox *Sandbox, logger *slog.Logger) {
	p := Pages{contracts: contracts, sandbox: sandbox, logger: logger}
	mux.HandleFunc("GET /signing/{sessionId}", p.show)
	mux.HandleFunc("GET /signing/{sessionId}/contract.pdf", p.contract)
	mux.HandleFunc("POST /signing/{sessionId}", p.sign)
}

func (p Pages) show(w http.ResponseWriter, r *http.Request) {
	session, ok := p.session(w, r)
	if ok {
		p.render(w, r, closedStatus(session), session, "")
	}
}

// closedStatus is how the page of a session answers that shows no form: 410 for a voided session
// (its contract was replaced), else 200.
func closedStatus(session domain.SigningSession) int {
	if session.Status == domain.SessionVoided {
		return http.StatusGone
	}
	return http.StatusOK
}

func (p Pages) contract(w http.ResponseWriter, r *http.Request) {
	noStore(w)
	content, err := p.contracts.SessionContract(r.Context(), r.PathValue("sessionId"))
	if err != nil {
		p.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Length", strconv.Itoa(len(content)))
	w.Header().Set("Content-Disposition", `inline; filename="mietvertrag.pdf"`)
	_, _ = w.Write(content)
}

func (p Pages) sign(w http.ResponseWriter, r *http.Request) {
	session, ok := p.session(w, r)
	if !ok {
		return
	}
	if session.Status != domain.SessionOpen {
		p.render(w, r, closedStatus(session), session, "")
		return
	}
	name := r.PostFormValue("name")
	if r.PostFormValue("confirm") == "" {
		p.render(w, r, http.StatusUnprocessableEntity, session, "Bitte bestätigen Sie den Vertrag. / Please confirm the contract.")
		return
	}
	if session.CheckSignerName(name) != nil {
		p.render(w, r, http.StatusUnprocessableEntity, session,
			"Der Name stimmt nicht mit dem Namen im Vertrag überein. / The name does not match the name in the contract.")
		return
	}
	if err := p.sandbox.Sign(r.Context(), session, name); err != nil {
		p.logger.ErrorContext(r.Context(), "sandbox signing failed", "session", session.ID, "err", err)
		p.render(w, r, http.StatusBadGateway, session, "Die Unterschrift konnte nicht gespeichert werden. / The signature could not be stored.")
		return
	}
	p.done(w, r, session)
}

func (p Pages) done(w http.ResponseWriter, r *http.Request, session domain.SigningSession) {
	http.Redirect(w, r, p.sandbox.publicURL+"/booking/step4done?rentingId="+url.QueryEscape(session.RentingID), http.StatusSeeOther)
}

func (p Pages) session(w http.ResponseWriter, r *http.Request) (domain.SigningSession, bool) {
	session, err := p.contracts.Session(r.Context(), r.PathValue("sessionId"))
	if err != nil {
		p.fail(w, r, err)
		return domain.SigningSession{}, false
	}
	return session, true
}

func (p Pages) render(w http.ResponseWriter, r *http.Request, status int, session domain.SigningSession, problem string) {
	noStore(w)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	if err := page.Execute(w, pageOf(session, problem)); err != nil {
		p.logger.WarnContext(r.Context(), "signing page interrupted", "err", err)
	}
}

// pageOf is what the page shows of a session: a signed one only that it is signed, a voided one
// only that it was replaced.
func pageOf(session domain.SigningSession, problem string) pageData {
	switch session.Status {
	case domain.SessionSigned:
		return pageData{Signed: true}
	case domain.SessionVoided:
		return pageData{Voided: true}
	}
	return pageData{
		Renter: session.Contract.Renter.FullName(), Apartment: session.Contract.Apartment, Semester: session.Contract.Semester,
		Action: session.SigningLink, Contract: session.SigningLink + "/contract.pdf", Problem: problem,
	}
}

func (p Pages) fail(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case errors.Is(err, domain.ErrNotFound):
		http.NotFound(w, r)
		return
	case errors.Is(err, domain.ErrSigningClosed):
		http.Error(w, "Dieser Vertrag ist unterschrieben oder ersetzt. / This contract is signed or replaced.", http.StatusGone)
		return
	}
	p.logger.ErrorContext(r.Context(), "signing page failed", "path", r.URL.Path, "err", err)
	http.Error(w, "internal error", http.StatusInternalServerError)
}

func noStore(w http.ResponseWriter) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
}

type pageData struct {
	Renter, Apartment, Semester string
	Signed, Voided              bool
	Action, Contract, Problem   string
}

var page = template.Must(template.New("signing").Parse(`<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mietvertrag unterschreiben / Sign the rental contract</title>
<style>body{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
iframe{width:100%;height:70vh;border:1px solid #888}.problem{color:#a00000;font-weight:bold}
label{display:block;margin:.75rem 0}</style></head>
<body>
<h1>Mietvertrag unterschreiben <small lang="en">/ Sign the rental contract</small></h1>
{{if .Signed}}<p>Dieser Vertrag ist unterschrieben. <span lang="en">This contract is signed.</span></p>
{{else if .Voided}}<p>Dieser Vertrag wurde durch einen neuen ersetzt, den Sie per E-Mail erhalten.
<span lang="en">This contract was replaced by a new one, which you get by e-mail.</span></p>
{{else}}<p>{{.Renter}} · Apartment {{.Apartment}} · {{.Semester}}</p>
<iframe src="{{.Contract}}" title="Mietvertrag / Rental contract"></iframe>
<p><a href="{{.Contract}}">Vertrag als PDF öffnen / Open the contract as PDF</a></p>
{{if .Problem}}<p class="problem" role="alert">{{.Problem}}</p>{{end}}
<form method="post" action="{{.Action}}">
<label>Ihr vollständiger Name / Your full name
<input name="name" autocomplete="name" required></label>
<label><input type="checkbox" name="confirm" value="yes" required>
Ich habe den Mietvertrag gelesen und unterschreibe ihn. <span lang="en">I have read the rental contract and sign it.</span></label>
<button type="submit">Unterschreiben / Sign</button>
</form>{{end}}
</body></html>
`))
