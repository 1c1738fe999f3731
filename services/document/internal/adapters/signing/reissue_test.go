package signing

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"google.golang.org/protobuf/proto"

	"semesterhaus/proto/catalog/catalogfake"
	"semesterhaus/proto/events/v1/streams"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	"semesterhaus/services/document/internal/domain"
	"semesterhaus/services/document/internal/pdftext"
)

// raiseRent makes the catalog price the renting's apartment (the example's 0.01) at 490,50 € a
// month from now on, as an office's edit does.
func (s *system) raiseRent() int64 {
	s.catalog.AddApartment(catalogfake.Apartment(1, "0.01", 490_50, 85_00, 800_00))
	return 6*490_50 + 85_00 + 800_00
}

// reissued reissues the renting's contract and returns the old and the new contract_requested.
func (s *system) reissued(t *testing.T) (old, reissued *eventsv1.ContractRequested) {
	t.Helper()
	session, err := s.contracts.ReissueContract(context.Background(), s.renting, "office")
	if err != nil {
		t.Fatal(err)
	}
	payloads := s.events(t, streams.Document.ContractRequested())
	if len(payloads) != 2 {
		t.Fatalf("contract_requested events = %d, want the first and the reissued", len(payloads))
	}
	old, reissued = &eventsv1.ContractRequested{}, &eventsv1.ContractRequested{}
	if proto.Unmarshal(payloads[0], old) != nil || proto.Unmarshal(payloads[1], reissued) != nil {
		t.Fatal("undecodable contract_requested")
	}
	if reissued.GetDocumentId() != session.ContractDocumentID {
		t.Errorf("the reissue answered contract %s, published %s", session.ContractDocumentID, reissued.GetDocumentId())
	}
	return old, reissued
}

func TestReissueContract_pricesAnewAndNamesTheReplacedContract(t *testing.T) {
	t.Parallel()
	s := start(t, false)
	s.ownerAcknowledgedTwice(t)
	newTotal := s.raiseRent()
	old, reissued := s.reissued(t)
	if reissued.GetReplacesDocumentId() != old.GetDocumentId() || old.GetReplacesDocumentId() != "" {
		t.Errorf("the reissued contract replaces %q, want the first contract %s", reissued.GetReplacesDocumentId(), old.GetDocumentId())
	}
	if reissued.GetTotalCents() != newTotal || old.GetTotalCents() == newTotal {
		t.Errorf("reissued total %d (first %d), want the catalog's new price %d", reissued.GetTotalCents(), old.GetTotalCents(), newTotal)
	}
	kinds := []string{"RENT", "CLEANING", "DEPOSIT"}
	if len(reissued.GetItems()) != len(kinds) {
		t.Fatalf("reissued items %v", reissued.GetItems())
	}
	for i, item := range reissued.GetItems() {
		if item.GetKind() != kinds[i] {
			t.Errorf("item %d is %q, want %s", i, item.GetKind(), kinds[i])
		}
	}
	if reissued.GetItems()[0].GetAmountCents() != 490_50 || reissued.GetSigningLink() == old.GetSigningLink() {
		t.Errorf("reissued rent %d at %s; want 490,50 € at a new link", reissued.GetItems()[0].GetAmountCents(), reissued.GetSigningLink())
	}
	if got := s.fetchSigningLink(t, s.rentingID); got != reissued.GetSigningLink() {
		t.Errorf("fetchSigningLink = %q, want the new contract's %q", got, reissued.GetSigningLink())
	}
	if n := s.count(t, "SELECT count(*) FROM signing_session WHERE status = 'VOIDED'"); n != 1 {
		t.Errorf("voided sessions = %d, want the first", n)
	}
	var actor, replaced string
	var total int64
	if err := s.pool.QueryRow(context.Background(), `SELECT actor, details->>'replacedDocumentId', (details->>'totalCents')::bigint
		FROM audit_log WHERE action = 'reissueContract' AND subject = 'renting/' || $1`, s.rentingID).Scan(&actor, &replaced, &total); err != nil ||
		actor != "office" || replaced != old.GetDocumentId() || total != newTotal {
		t.Errorf("audited reissue by %q replacing %q at %d, %v; want the office's, of the first contract, at %d", actor, replaced, total, err, newTotal)
	}
	var content []byte
	if err := s.pool.QueryRow(context.Background(), "SELECT content FROM document WHERE id = $1", reissued.GetDocumentId()).Scan(&content); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Anna Schmidt", "490,50 €", domain.EuroGerman(newTotal), "Kaution (Sicherheit, keine Miete)"} {
		if !pdftext.Contains(content, want) {
			t.Errorf("the reissued contract does not state %q", want)
		}
	}
}

func TestReissueContract_theVoidedSessionCanNoLongerBeSigned_norDoesItsSignatureChangeAnything(t *testing.T) {
	t.Parallel()
	s := start(t, false)
	s.ownerAcknowledgedTwice(t)
	s.raiseRent()
	old, _ := s.reissued(t)
	oldSession := strings.TrimPrefix(old.GetSigningLink(), s.publicURL+"/api/signing/")

	page := s.get(t, old.GetSigningLink(), http.StatusGone)
	if !strings.Contains(page, "durch einen neuen ersetzt") || strings.Contains(page, "<form") || strings.Contains(page, "Anna") {
		t.Errorf("the voided session's page:\n%s", page)
	}
	s.get(t, old.GetSigningLink()+"/contract.pdf", http.StatusGone)
	if resp := s.postForm(t, old.GetSigningLink(), url.Values{"name": {"Anna Schmidt"}, "confirm": {"yes"}}); resp.StatusCode != http.StatusGone {
		t.Errorf("signing the voided session answered %s, want 410", resp.Status)
	}
	// A signature the sandbox reported for the voided session, and its redelivery.
	report := signedBy(oldSession, "Anna Schmidt", "anna.schmidt@example.org")
	for range 2 {
		if status := s.webhook(t, signAt([]byte(secret), time.Now(), report), report); status != http.StatusNoContent {
			t.Errorf("the voided session's signature = %d, want 204 (acknowledged)", status)
		}
	}
	if n := s.count(t, "SELECT count(*) FROM document WHERE type = 'SIGNED_CONTRACT'") +
		s.count(t, "SELECT count(*) FROM signing_session WHERE status = 'SIGNED'") +
		len(s.events(t, streams.Document.ContractSigned())); n != 0 {
		t.Errorf("a signature of the voided session changed something (%d)", n)
	}
}

func TestReissueContract_withoutAnOpenContract_isRefused(t *testing.T) {
	t.Parallel()
	s := start(t, false)
	ctx := context.Background()
	if _, err := s.contracts.ReissueContract(ctx, s.renting, "office"); !errors.Is(err, domain.ErrNoOpenContract) {
		t.Errorf("before a contract: %v, want ErrNoOpenContract", err)
	}
	s.ownerAcknowledgedTwice(t)
	var requested eventsv1.ContractRequested
	s.onlyEvent(t, streams.Document.ContractRequested(), &requested)
	if resp := s.postForm(t, requested.GetSigningLink(), url.Values{"name": {"Anna Schmidt"}, "confirm": {"yes"}}); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("signing answered %s", resp.Status)
	}
	if _, err := s.contracts.ReissueContract(ctx, s.renting, "office"); !errors.Is(err, domain.ErrNoOpenContract) {
		t.Errorf("a signed contract: %v, want ErrNoOpenContract", err)
	}
	if _, err := s.contracts.ReissueContract(ctx, domain.Renting{ID: uuid.NewString()}, "office"); !errors.Is(err, domain.ErrNoOpenContract) {
		t.Errorf("another renting: %v, want ErrNoOpenContract", err)
	}
	if n := len(s.events(t, streams.Document.ContractRequested())); n != 1 {
		t.Errorf("contract_requested events = %d, want the first only", n)
	}
}

// DocuSign: the reissue voids the old envelope (PUT …/envelopes/{id}, checked against DocuSign's
// published description), opens a new one, and a completed report of the old one afterwards, sent
// twice, changes nothing.
func TestDocuSign_reissue_voidsTheOldEnvelope_andItsCompletionChangesNothing(t *testing.T) {
	t.Parallel()
	d := startDocuSign(t)
	oldSession, oldEnvelope := d.opened(t)
	d.raiseRent()
	_, reissued := d.reissued(t)
	if d.sim.Calls("Envelopes_PutEnvelope") != 1 || d.sim.Calls("Envelopes_PostEnvelopes") != 2 {
		t.Fatalf("envelope updates %d and creations %d, want one void and two envelopes",
			d.sim.Calls("Envelopes_PutEnvelope"), d.sim.Calls("Envelopes_PostEnvelopes"))
	}
	voided, _ := d.sim.Envelope(oldSession)
	if voided.ID != oldEnvelope.ID || voided.Status != "voided" || voided.VoidedReason == "" {
		t.Errorf("the old envelope is %s (%q), want voided with a reason", voided.Status, voided.VoidedReason)
	}
	newSession := strings.TrimPrefix(reissued.GetSigningLink(), d.publicURL+"/api/signing/")
	if current, ok := d.sim.Envelope(newSession); !ok || current.Status != "sent" {
		t.Errorf("the reissued contract's envelope: %+v", current)
	}
	d.get(t, d.publicURL+"/api/signing/"+oldSession, http.StatusGone)

	completed, err := d.sim.Report(oldEnvelope.ID, "envelope-completed")
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if status := d.connect(t, completed, connectKey); status != http.StatusNoContent {
			t.Errorf("the voided envelope's report = %d, want 204 (acknowledged)", status)
		}
	}
	if n := d.signedContracts(t) + d.count(t, "SELECT count(*) FROM signing_webhook_event") + d.sim.Calls("Documents_GetDocument"); n != 0 {
		t.Errorf("the voided envelope's report changed something (%d)", n)
	}
}

// The renter signed at DocuSign and Connect's report is still on its way: DocuSign refuses to void
// the completed envelope, so the reissue is refused as one of a contract that is no longer open
// (FAILED_PRECONDITION, which the office sees as the booking's contract being signed) and changes
// nothing: the old session stays open, no new contract is stored or sent; the late report then signs.
func TestDocuSign_reissueOfAnEnvelopeSignedMeanwhile_isNoOpenContract_changesNothing_andTheSignatureCounts(t *testing.T) {
	t.Parallel()
	d := startDocuSign(t)
	sessionID, envelope := d.opened(t)
	d.raiseRent()
	d.sim.Complete(envelope.ID)
	if _, err := d.contracts.ReissueContract(context.Background(), d.renting, "office"); !errors.Is(err, domain.ErrNoOpenContract) {
		t.Fatalf("the reissue of a contract signed at DocuSign: %v, want ErrNoOpenContract", err)
	}
	var status string
	if err := d.pool.QueryRow(context.Background(), "SELECT status FROM signing_session WHERE id = $1", sessionID).Scan(&status); err != nil || status != string(domain.SessionOpen) {
		t.Errorf("the old session is %q, %v; want still OPEN", status, err)
	}
	for query, want := range map[string]int{
		"SELECT count(*) FROM signing_session":                            1,
		"SELECT count(*) FROM document WHERE type = 'CONTRACT'":           1,
		"SELECT count(*) FROM audit_log WHERE action = 'reissueContract'": 0,
	} {
		if n := d.count(t, query); n != want {
			t.Errorf("after the refused reissue %s = %d, want %d", query, n, want)
		}
	}
	if n := len(d.events(t, streams.Document.ContractRequested())); n != 1 || d.sim.Calls("Envelopes_PostEnvelopes") != 1 {
		t.Errorf("after the refused reissue %d contract_requested and %d envelopes, want the first only", n, d.sim.Calls("Envelopes_PostEnvelopes"))
	}
	if current, _ := d.sim.Envelope(sessionID); current.Status != "completed" {
		t.Errorf("the signed envelope is %s, want completed", current.Status)
	}
	completed, err := d.sim.Report(envelope.ID, "envelope-completed")
	if err != nil {
		t.Fatal(err)
	}
	if status := d.connect(t, completed, connectKey); status != http.StatusNoContent || d.signedContracts(t) != 1 {
		t.Errorf("the late report = %d with %d signed contracts, want 204 and the signed contract of session %s", status, d.signedContracts(t), sessionID)
	}
}

// The DocuSign adapter against DocuSign's answers (the simulator checks each against the published
// description): a void of a completed envelope is refused with 400 and errorDetails
// ENVELOPE_CANNOT_VOID_INVALID_STATE, which the adapter reports as domain.ErrNoOpenContract; a
// declined or already voided envelope can no longer be signed, so its void succeeds; other refusals
// stay errors of their own.
func TestDocuSignVoid_DocuSignsRefusals(t *testing.T) {
	t.Parallel()
	d := startDocuSign(t)
	ctx := context.Background()
	sessionID, envelope := d.opened(t)
	session, err := d.contracts.Session(ctx, sessionID)
	if err != nil {
		t.Fatal(err)
	}

	d.sim.Complete(envelope.ID)
	err = d.ds.Void(ctx, session)
	var refused *httpError
	if !errors.Is(err, domain.ErrNoOpenContract) || !errors.As(err, &refused) || refused.status != http.StatusBadRequest || refused.code != cannotVoid {
		t.Errorf("void of a completed envelope: %v, want DocuSign's 400 %s as ErrNoOpenContract", err, cannotVoid)
	}

	for _, c := range []struct {
		name    string
		prepare func(t *testing.T, other domain.SigningSession)
		status  string
	}{
		{"declined", func(_ *testing.T, other domain.SigningSession) { d.sim.Decline(other.EnvelopeID) }, "declined"},
		{"voided already", func(t *testing.T, other domain.SigningSession) {
			if err := d.ds.Void(ctx, other); err != nil {
				t.Fatal(err)
			}
		}, "voided"},
	} {
		other := d.openEnvelope(t, session)
		c.prepare(t, other)
		if err := d.ds.Void(ctx, other); err != nil {
			t.Errorf("void of a %s envelope: %v, want done", c.name, err)
		}
		if e, _ := d.sim.Envelope(other.ID); e.Status != c.status {
			t.Errorf("the %s envelope is %s, want %s", c.name, e.Status, c.status)
		}
	}

	unknown := session
	unknown.EnvelopeID = uuid.NewString()
	if err := d.ds.Void(ctx, unknown); err == nil || errors.Is(err, domain.ErrNoOpenContract) {
		t.Errorf("void of an unknown envelope: %v, want an error other than ErrNoOpenContract", err)
	}
}

// openEnvelope opens another envelope of session's contract at DocuSign, for a session the service
// does not know.
func (d *docuSignSystem) openEnvelope(t *testing.T, session domain.SigningSession) domain.SigningSession {
	t.Helper()
	var content []byte
	if err := d.pool.QueryRow(context.Background(), "SELECT content FROM document WHERE id = $1", session.ContractDocumentID).Scan(&content); err != nil {
		t.Fatal(err)
	}
	other := session
	other.ID = uuid.NewString()
	var err error
	if _, other.EnvelopeID, err = d.ds.Open(context.Background(), other, content); err != nil {
		t.Fatal(err)
	}
	return other
}

// The renter declined at DocuSign: the envelope can no longer be signed, so the office's reissue
// writes the new contract at today's price.
func TestDocuSign_reissueOfADeclinedEnvelope_writesTheNewContract(t *testing.T) {
	t.Parallel()
	d := startDocuSign(t)
	sessionID, envelope := d.opened(t)
	newTotal := d.raiseRent()
	d.sim.Decline(envelope.ID)
	_, reissued := d.reissued(t)
	if reissued.GetTotalCents() != newTotal {
		t.Errorf("reissued total %d, want %d", reissued.GetTotalCents(), newTotal)
	}
	if n := d.count(t, "SELECT count(*) FROM signing_session WHERE status = 'VOIDED' AND id = '"+sessionID+"'"); n != 1 {
		t.Errorf("the declined session is not voided")
	}
	if d.sim.Calls("Envelopes_PostEnvelopes") != 2 {
		t.Errorf("envelopes created %d, want the first and the reissued", d.sim.Calls("Envelopes_PostEnvelopes"))
	}
}
