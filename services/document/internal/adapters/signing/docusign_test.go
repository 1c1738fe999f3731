package signing

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"

	"semesterhaus/platform/clocktest"
	"semesterhaus/proto/events/v1/streams"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	"semesterhaus/services/document/documenttest"
	"semesterhaus/services/document/documenttest/docusign"
	"semesterhaus/services/document/internal/app"
	"semesterhaus/services/document/internal/domain"
)

// connectKey and oldConnectKey are the Connect configuration's HMAC keys during a rotation.
var connectKey, oldConnectKey = []byte("connect-key-2026"), []byte("connect-key-2025")

// fastRetries wait milliseconds, not seconds, between attempts.
func fastRetries(client *http.Client) *retrying {
	return &retrying{client: client, attempts: 4, backoff: 10 * time.Millisecond, maxWait: 2 * time.Second}
}

// newTestDocuSign is the provider set up for the simulator, as main sets it up for DocuSign.
func newTestDocuSign(t *testing.T, sim *docusign.Simulator, publicURL string, now func() time.Time) *DocuSign {
	t.Helper()
	key, err := jwt.ParseRSAPrivateKeyFromPEM(sim.PrivateKeyPEM())
	if err != nil {
		t.Fatal(err)
	}
	return newDocuSign(DocuSignSettings{
		AuthURL: sim.URL(), IntegrationKey: docusign.IntegrationKey, UserID: docusign.UserID,
		ConnectKeys: [][]byte{oldConnectKey, connectKey}, PublicURL: publicURL, Logger: slog.New(slog.DiscardHandler),
	}, key, fastRetries(http.DefaultClient), now)
}

// docuSignSystem is the system with the DocuSign provider talking to the simulator.
type docuSignSystem struct {
	*system
	sim *docusign.Simulator
	ds  *DocuSign
}

func startDocuSign(t *testing.T) *docuSignSystem {
	t.Helper()
	sim := docusign.Start(t, docusign.Options{})
	d := &docuSignSystem{sim: sim}
	d.system = startWith(t, false, func(publicURL string, _ *http.Client) signingSetup {
		d.ds = newTestDocuSign(t, sim, publicURL, time.Now)
		return signingSetup{provider: d.ds, verifier: d.ds, pages: func(mux *http.ServeMux, contracts *app.Contracts, logger *slog.Logger) {
			ViewRoute(mux, contracts, d.ds, logger)
		}}
	})
	return d
}

// opened runs the owner's acknowledgement and returns the session id and the envelope it opened.
func (d *docuSignSystem) opened(t *testing.T) (string, docusign.Envelope) {
	t.Helper()
	d.ownerAcknowledgedTwice(t)
	var requested eventsv1.ContractRequested
	d.onlyEvent(t, streams.Document.ContractRequested(), &requested)
	sessionID := strings.TrimPrefix(requested.GetSigningLink(), d.publicURL+"/api/signing/")
	if uuid.Validate(sessionID) != nil {
		t.Fatalf("signing link %q is not the service's own page", requested.GetSigningLink())
	}
	envelope, ok := d.sim.Envelope(sessionID)
	if !ok {
		t.Fatalf("no envelope carries session %s", sessionID)
	}
	var stored string
	if err := d.pool.QueryRow(context.Background(), "SELECT envelope_id FROM signing_session WHERE id = $1", sessionID).Scan(&stored); err != nil || stored != envelope.ID {
		t.Fatalf("stored envelope id = %q, %v; want %s", stored, err, envelope.ID)
	}
	return sessionID, envelope
}

func (d *docuSignSystem) connect(t *testing.T, report []byte, keys ...[]byte) int {
	t.Helper()
	status, err := d.sim.Deliver(context.Background(), d.publicURL+"/api/webhooks/signing", report, keys...)
	if err != nil {
		t.Fatal(err)
	}
	return status
}

func (d *docuSignSystem) signedContracts(t *testing.T) int {
	t.Helper()
	return d.count(t, "SELECT count(*) FROM document WHERE type = 'SIGNED_CONTRACT'")
}

func TestDocuSign_wholeFlow_storesDocuSignsCombinedDocument(t *testing.T) {
	t.Parallel()
	d := startDocuSign(t)
	sessionID, envelope := d.opened(t)
	if envelope.SignerName != "Anna Schmidt" || envelope.SignerEmail != "anna.schmidt@example.org" || envelope.ClientUserID != sessionID {
		t.Errorf("envelope signer = %+v", envelope)
	}
	link := d.publicURL + "/api/signing/" + sessionID

	// The renter opens the mailed link twice: each time a fresh recipient view, then signs.
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	var view string
	for range 2 {
		resp, err := noFollow.Get(link)
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(resp.Header.Get("Location"), d.sim.URL()+"/signing/") || resp.Header.Get("Location") == view {
			t.Fatalf("the signing link answered %s to %q, want 303 to a new recipient view", resp.Status, resp.Header.Get("Location"))
		}
		view = resp.Header.Get("Location")
	}
	if resp, err := noFollow.Get(d.publicURL + "/api/signing/" + uuid.NewString()); err != nil || resp.StatusCode != http.StatusNotFound {
		t.Errorf("an unknown session's link = %v, %v; want 404", resp, err)
	} else {
		_ = resp.Body.Close()
	}
	resp, err := noFollow.Get(view)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if back := resp.Header.Get("Location"); !strings.HasPrefix(back, d.publicURL+"/booking/step4done?") || !strings.Contains(back, "rentingId="+d.rentingID) {
		t.Fatalf("DocuSign returned to %q", back)
	}

	report, err := d.sim.Report(envelope.ID, "envelope-completed")
	if err != nil {
		t.Fatal(err)
	}
	for range 3 { // Connect delivers again when it missed our answer
		if status := d.connect(t, report, connectKey); status != http.StatusNoContent {
			t.Fatalf("Connect report = %d, want 204", status)
		}
	}
	var content []byte
	if err := d.pool.QueryRow(context.Background(), "SELECT content FROM document WHERE type = 'SIGNED_CONTRACT'").Scan(&content); err != nil {
		t.Fatal(err)
	}
	completed, _ := d.sim.Envelope(sessionID)
	if len(completed.Combined) == 0 || !bytes.Equal(content, completed.Combined) {
		t.Error("the stored signed contract is not DocuSign's combined document with its certificate")
	}
	if n := d.sim.Calls("Documents_GetDocument"); n != 1 {
		t.Errorf("combined document downloaded %d times, want once (repeated reports must not download)", n)
	}
	var signed eventsv1.ContractSigned
	d.onlyEvent(t, streams.Document.ContractSigned(), &signed)
	if n := d.signedContracts(t); n != 1 || signed.GetSignerName() != "Anna Schmidt" {
		t.Errorf("signed contracts = %d, contract_signed = %v", n, &signed)
	}
	d.checkSignedPage(t, link)
}

func TestDocuSign_connectReportWithoutAValidHMAC_changesNothing(t *testing.T) {
	t.Parallel()
	d := startDocuSign(t)
	_, envelope := d.opened(t)
	d.sim.Complete(envelope.ID)
	report, _ := d.sim.Report(envelope.ID, "envelope-completed")
	tampered := bytes.Replace(report, []byte(`"Anna Schmidt"`), []byte(`"Anna Schmidt "`), 1)
	cases := map[string]int{
		"a wrong key": d.connect(t, report, []byte("not our key")),
		"no header":   d.connect(t, report),
		"a body changed after signing": func() int {
			req, _ := http.NewRequest(http.MethodPost, d.publicURL+"/api/webhooks/signing", bytes.NewReader(tampered))
			req.Header.Set("X-DocuSign-Signature-1", docusign.HMAC(connectKey, report))
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			_ = resp.Body.Close()
			return resp.StatusCode
		}(),
	}
	for name, status := range cases {
		if status != http.StatusBadRequest {
			t.Errorf("a report with %s = %d, want 400", name, status)
		}
	}
	if n := d.signedContracts(t) + d.count(t, "SELECT count(*) FROM signing_session WHERE status = 'SIGNED'") +
		d.count(t, "SELECT count(*) FROM signing_webhook_event") + d.sim.Calls("Documents_GetDocument"); n != 0 {
		t.Errorf("an unverified report changed something (%d)", n)
	}
}

func TestDocuSign_anyOfSeveralHMACKeys_isAccepted(t *testing.T) {
	t.Parallel()
	d := startDocuSign(t)
	_, envelope := d.opened(t)
	// Connect signs with every key of its configuration; here one we do not know and the old one.
	status, err := d.sim.Sign(context.Background(), envelope.ID, d.publicURL+"/api/webhooks/signing", []byte("a key of another app"), oldConnectKey)
	if err != nil || status != http.StatusNoContent || d.signedContracts(t) != 1 {
		t.Errorf("a report signed with the old key = %d, %v; signed contracts %d", status, err, d.signedContracts(t))
	}
}

func TestDocuSign_otherEventsAndAWrongSigner_changeNothing(t *testing.T) {
	t.Parallel()
	d := startDocuSign(t)
	_, envelope := d.opened(t)
	delivered, _ := d.sim.Report(envelope.ID, "envelope-delivered")
	if status := d.connect(t, delivered, connectKey); status != http.StatusNoContent {
		t.Errorf("envelope-delivered = %d, want 204 (acknowledged)", status)
	}
	d.sim.Complete(envelope.ID)
	completed, _ := d.sim.Report(envelope.ID, "envelope-completed")
	for _, forged := range []struct{ from, to string }{
		{`"name":"Anna Schmidt"`, `"name":"Mallory Mustermann"`},
		{`"email":"anna.schmidt@example.org"`, `"email":"mallory@example.org"`},
	} {
		report := bytes.Replace(completed, []byte(forged.from), []byte(forged.to), 1)
		if bytes.Equal(report, completed) {
			t.Fatalf("the report has no %s", forged.from)
		}
		if status := d.connect(t, report, connectKey); status != http.StatusUnprocessableEntity {
			t.Errorf("a report signed by %s = %d, want 422", forged.to, status)
		}
	}
	if n := d.signedContracts(t) + d.count(t, "SELECT count(*) FROM signing_webhook_event") + d.sim.Calls("Documents_GetDocument"); n != 0 {
		t.Errorf("another event or signer changed something (%d)", n)
	}
}

func testSession() domain.SigningSession {
	return domain.SigningSession{ID: uuid.NewString(), RentingID: uuid.NewString(), Contract: domain.Contract{
		Renter: domain.ContractRenter{FirstName: "Anna", LastName: "Schmidt", Email: "anna.schmidt@example.org"},
	}}
}

func TestDocuSign_tokenIsCachedAndRenewedBeforeExpiryAndAfterA401(t *testing.T) {
	t.Parallel()
	c := clocktest.New(time.Now())
	sim := docusign.Start(t, docusign.Options{Now: c.Now})
	ds := newTestDocuSign(t, sim, "https://semesterhaus.example", c.Now)
	session := testSession()
	var err error
	if _, session.EnvelopeID, err = ds.Open(context.Background(), session, documenttest.PDF()); err != nil {
		t.Fatal(err)
	}
	view := func() {
		t.Helper()
		if _, err := ds.RecipientView(context.Background(), session); err != nil {
			t.Fatal(err)
		}
	}
	view()
	if n := sim.Grants(); n != 1 {
		t.Errorf("grants after two calls = %d, want 1 (the token is kept)", n)
	}
	c.Add(56 * time.Minute) // within tokenMargin of the hour
	view()
	if n := sim.Grants(); n != 2 {
		t.Errorf("grants near the expiry = %d, want 2", n)
	}
	sim.RevokeTokens()
	view()
	if n := sim.Grants(); n != 3 {
		t.Errorf("grants after a refused token = %d, want 3", n)
	}
}

func TestDocuSign_429And503AreRetried_boundedly(t *testing.T) {
	t.Parallel()
	sim := docusign.Start(t, docusign.Options{})
	ds := newTestDocuSign(t, sim, "https://semesterhaus.example", time.Now)
	sim.Fail(1, http.StatusTooManyRequests, "1")
	sim.Fail(1, http.StatusServiceUnavailable, "")
	start := time.Now()
	if _, _, err := ds.Open(context.Background(), testSession(), documenttest.PDF()); err != nil {
		t.Fatalf("Open after a 429 and a 503 = %v", err)
	}
	if waited := time.Since(start); waited < time.Second {
		t.Errorf("waited %s, want the Retry-After's second", waited)
	}
	if n := sim.Calls("Envelopes_PostEnvelopes"); n != 1 {
		t.Errorf("envelopes created = %d, want 1", n)
	}
	sim.Fail(4, http.StatusBadGateway, "")
	var he *httpError
	if _, _, err := ds.Open(context.Background(), testSession(), documenttest.PDF()); !errors.As(err, &he) || he.status != http.StatusBadGateway {
		t.Errorf("Open against a lasting 502 = %v, want the 502 after the last attempt", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	sim.Fail(1, http.StatusTooManyRequests, "30")
	if _, _, err := ds.Open(ctx, testSession(), documenttest.PDF()); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Open whose context ends while it waits = %v, want context.DeadlineExceeded", err)
	}
}

func TestDocuSignSimulator_refusesWhatBreaksThePublishedDescription(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var invalid []error
	sim := docusign.Start(t, docusign.Options{Invalid: func(err error) { mu.Lock(); invalid = append(invalid, err); mu.Unlock() }})
	ds := newTestDocuSign(t, sim, "https://semesterhaus.example", time.Now)
	token, acct, err := ds.auth.session(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// documents must be an array of documents, recipients an object.
	body := `{"status":"sent","documents":"JVBERi0=","recipients":[{"name":"Anna"}]}`
	req, _ := http.NewRequest(http.MethodPost, acct.BaseURI+"/restapi/v2.1/accounts/"+acct.ID+"/envelopes", strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	mu.Lock()
	defer mu.Unlock()
	if resp.StatusCode != http.StatusBadRequest || len(invalid) != 1 || !strings.Contains(invalid[0].Error(), "breaks the published description") {
		t.Errorf("an envelope breaking the description answered %d, reported %v", resp.StatusCode, invalid)
	}
	if sim.Calls("Envelopes_PostEnvelopes") != 0 || len(sim.Envelopes()) != 0 {
		t.Error("the simulator kept an envelope that breaks the description")
	}
}

func TestDocuSignValidator_refusesAnAnswerThatBreaksTheDescription(t *testing.T) {
	t.Parallel()
	spec, err := docusign.FindSpec()
	if err != nil {
		t.Skipf("%v (CI has it)", err)
	}
	v, err := docusign.NewValidator(spec)
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodPost, "/restapi/v2.1/accounts/a/envelopes/e/views/recipient",
		strings.NewReader(`{"authenticationMethod":"none","clientUserId":"c","userName":"Anna Schmidt","email":"a@example.org","returnUrl":"https://x.example"}`))
	req.Header.Set("Content-Type", "application/json")
	input, err := v.Request(context.Background(), req)
	if err != nil {
		t.Fatalf("a valid recipient view request = %v", err)
	}
	header := http.Header{"Content-Type": {"application/json"}}
	if err := v.Response(context.Background(), input, http.StatusCreated, header, []byte(`{"url":"https://demo.docusign.net/Signing/x"}`)); err != nil {
		t.Errorf("a valid answer = %v", err)
	}
	if err := v.Response(context.Background(), input, http.StatusCreated, header, []byte(`{"url":42}`)); err == nil {
		t.Error("an answer whose url is a number passed")
	}
}

func TestConnectReport_parsesTheFieldsTheServiceNeeds(t *testing.T) {
	t.Parallel()
	body := []byte(`{"event":"envelope-completed","data":{"envelopeId":"e-1","envelopeSummary":{"status":"completed",
		"completedDateTime":"2026-09-01T10:30:00.1234567Z","recipients":{"signers":[{"name":"Anna Schmidt","email":"anna@example.org","recipientId":"1"}]},
		"customFields":{"textCustomFields":[{"name":"other","value":"x"},{"name":"` + sessionField + `","value":"s-1"}]}}}}`)
	ds := &DocuSign{keys: [][]byte{connectKey}}
	sig, err := ds.VerifyWebhook(http.Header{"X-Docusign-Signature-1": {docusign.HMAC(connectKey, body)}}, body)
	if err != nil || sig.SessionID != "s-1" || sig.EnvelopeID != "e-1" || sig.EventID != "docusign:e-1:envelope-completed" ||
		sig.SignerName != "Anna Schmidt" || sig.SignerEmail != "anna@example.org" || sig.SignedAt.Year() != 2026 {
		t.Errorf("VerifyWebhook = %+v, %v", sig, err)
	}
}
