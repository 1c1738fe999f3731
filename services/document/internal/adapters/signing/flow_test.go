package signing

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/proto"

	"semesterhaus/platform/grpctest"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/natsprovision"
	"semesterhaus/platform/natstest"
	"semesterhaus/platform/pgtest"
	"semesterhaus/proto/catalog/catalogfake"
	"semesterhaus/proto/events/v1/streams"
	catalogv1 "semesterhaus/proto/gen/catalog/v1"
	commonv1 "semesterhaus/proto/gen/common/v1"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	renterv1 "semesterhaus/proto/gen/renter/v1"
	"semesterhaus/proto/renter/renterfake"
	"semesterhaus/services/document/internal/adapters/graphql"
	grpcadapter "semesterhaus/services/document/internal/adapters/grpc"
	"semesterhaus/services/document/internal/adapters/imaging"
	natsadapter "semesterhaus/services/document/internal/adapters/nats"
	"semesterhaus/services/document/internal/adapters/pdf"
	pgadapter "semesterhaus/services/document/internal/adapters/postgres"
	"semesterhaus/services/document/internal/app"
	"semesterhaus/services/document/internal/domain"
	"semesterhaus/services/document/internal/pdftext"
	"semesterhaus/services/document/internal/testenv"
	"semesterhaus/services/document/migrations"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

const secret = "test-secret"

// testKey signs and checks the test's webhooks with the default tolerance.
var testKey = WebhookKey{Secret: []byte(secret), Tolerance: 5 * time.Minute, Now: time.Now}

// system is the document service with the fakes of the catalog and renter services (from proto)
// behind gRPC, the renting service's facts in the events it publishes, and an HTTP server that stands in for the gateway's /api prefix.
type system struct {
	pool      *pgxpool.Pool
	js        jetstream.JetStream
	stream    streams.RentingStream
	publicURL string
	rentingID string
	renting   domain.Renting // as the renting service reports it
	semester  int32
	price     *catalogv1.PriceCalculation // the catalog's price of the renting when its contract is written
	catalog   *catalogfake.Server
	contracts *app.Contracts
}

// start runs the system with the sandbox for a new booking, or for a renewal when renewal is set.
func start(t *testing.T, renewal bool) *system {
	t.Helper()
	return startWith(t, renewal, func(publicURL string, client *http.Client) signingSetup {
		sandbox := NewSandbox(publicURL, testKey, client)
		return signingSetup{provider: sandbox, verifier: sandbox, pages: func(mux *http.ServeMux, contracts *app.Contracts, logger *slog.Logger) {
			PageRoutes(mux, contracts, sandbox, logger)
		}}
	})
}

// signingSetup is a signing provider, the verifier of its webhooks and its signing pages.
type signingSetup struct {
	provider app.SigningProvider
	verifier WebhookVerifier
	pages    func(mux *http.ServeMux, contracts *app.Contracts, logger *slog.Logger)
}

// startWith runs the system with the signing provider that setup makes for the public address.
func startWith(t *testing.T, renewal bool, setup func(publicURL string, client *http.Client) signingSetup) *system {
	t.Helper()
	ctx := context.Background()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	catalogFake := catalogfake.NewExample()
	catalogConn := grpctest.Dial(t, "document", "catalog", grpctest.Serve(t, catalogFake.Register))
	renterConn := grpctest.Dial(t, "document", "renter", grpctest.Serve(t, renterfake.New().Register))
	catalog := catalogv1.NewCatalogServiceClient(catalogConn)
	semester, err := catalog.GetBookableSemester(ctx, &catalogv1.GetBookableSemesterRequest{})
	if err != nil {
		t.Fatal(err)
	}
	apartments, err := catalog.ListApartments(ctx, &catalogv1.ListApartmentsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	renter := registerRenter(t, renterv1.NewRenterServiceClient(renterConn), semester.GetStartDate())
	renting := domain.Renting{ID: uuid.NewString(), RenterID: renter, ApartmentID: apartments.GetApartments()[0].GetId(), SemesterID: semester.GetId(), Renewal: renewal}
	price, err := catalog.CalculatePrice(ctx, &catalogv1.CalculatePriceRequest{
		ApartmentId: renting.ApartmentID, SemesterId: renting.SemesterID, Renewal: renewal,
	})
	if err != nil {
		t.Fatal(err)
	}
	sources := grpcadapter.NewSources(renterConn, catalogConn)

	mux := http.NewServeMux()
	gateway := httptest.NewServer(http.StripPrefix("/api", mux))
	t.Cleanup(gateway.Close)
	logger := slog.New(slog.DiscardHandler)
	repo := pgadapter.NewRepository(pool)
	signing := setup(gateway.URL, gateway.Client())
	contracts := app.NewContracts(repo, sources, pdf.Renderer{Uncompressed: true}, signing.provider, time.Now)
	WebhookRoute(mux, contracts, signing.verifier, logger)
	signing.pages(mux, contracts, logger)
	mux.Handle("/graphql", graphql.NewHandler(app.New(repo, imaging.New(), testenv.UploadLimits), contracts, identity.NewVerifier(nil, "document"), logger))

	_, js := natstest.Connect(t)
	stream := streams.RentingStream(natstest.Unique("renting"))
	// A short duplicate window lets the same event reach the stream twice, as after a late relay restart.
	if err := natsprovision.Stream(ctx, js, stream.Stream(), natsprovision.DuplicateWindow(100*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = js.DeleteStream(context.Background(), stream.Stream().Name) })
	runConsumer(t, natsadapter.NewRentingConsumer(js, pool, repo, contracts, app.NewKeeping(domain.Keeping{}, sources, time.UTC), logger, stream))
	return &system{pool: pool, js: js, stream: stream, publicURL: gateway.URL, rentingID: renting.ID, renting: renting, semester: semester.GetId(),
		price: price, catalog: catalogFake, contracts: contracts}
}

func TestContractFlow(t *testing.T) {
	t.Parallel()
	s := start(t, false)
	s.ownerAcknowledgedTwice(t)
	if n := s.count(t, "SELECT count(*) FROM document WHERE type = 'CONTRACT'"); n != 1 {
		t.Fatalf("contracts = %d, want 1", n)
	}
	if n := s.count(t, "SELECT count(*) FROM signing_session"); n != 1 {
		t.Fatalf("signing sessions = %d, want 1", n)
	}
	var requested eventsv1.ContractRequested
	s.onlyEvent(t, streams.Document.ContractRequested(), &requested)
	sessionID := strings.TrimPrefix(requested.GetSigningLink(), s.publicURL+"/api/signing/")
	if uuid.Validate(sessionID) != nil || requested.GetRentingId() != s.rentingID {
		t.Fatalf("contract_requested = %v", &requested)
	}
	// The event carries the total the contract was written with: the renting keeps it, the payment asks it.
	if requested.GetTotalCents() != s.price.GetTotal().GetCents() || requested.GetTotalCents() <= 0 || requested.GetCurrency() != "EUR" {
		t.Fatalf("contract_requested total %d %s, want the contract's %v", requested.GetTotalCents(), requested.GetCurrency(), s.price.GetTotal())
	}
	if len(requested.GetItems()) != len(s.price.GetItems()) {
		t.Fatalf("contract_requested items %v, want the contract's %v", requested.GetItems(), s.price.GetItems())
	}
	for i, item := range requested.GetItems() {
		want := s.price.GetItems()[i]
		if item.GetKind() != want.GetKind() || item.GetKind() == "" || item.GetTextDe() != want.GetTextDe() || item.GetQuantity() != want.GetQuantity() ||
			item.GetAmountCents() != want.GetAmount().GetCents() || item.GetTotalCents() != want.GetTotal().GetCents() {
			t.Errorf("contract_requested item %d = %v, want %v", i, item, want)
		}
	}
	s.checkContract(t, requested.GetDocumentId())

	t.Run("fetchSigningLink returns the link", func(t *testing.T) {
		if got := s.fetchSigningLink(t, s.rentingID); got != requested.GetSigningLink() {
			t.Errorf("fetchSigningLink = %q, want %q", got, requested.GetSigningLink())
		}
		if got := s.fetchSigningLink(t, uuid.NewString()); got != "" {
			t.Errorf("fetchSigningLink of another renting = %q, want null", got)
		}
	})
	t.Run("the signing page shows the contract and refuses a wrong name", func(t *testing.T) {
		page := s.get(t, requested.GetSigningLink(), http.StatusOK)
		if !strings.Contains(page, "Anna Schmidt") || !strings.Contains(page, requested.GetSigningLink()+"/contract.pdf") {
			t.Errorf("the page does not show the contract:\n%s", page)
		}
		if pdfBytes := s.get(t, requested.GetSigningLink()+"/contract.pdf", http.StatusOK); !strings.HasPrefix(pdfBytes, "%PDF-") {
			t.Error("contract.pdf is no PDF")
		}
		resp := s.postForm(t, requested.GetSigningLink(), url.Values{"name": {"Anna Schmitt"}, "confirm": {"yes"}})
		if resp.StatusCode != http.StatusUnprocessableEntity || s.count(t, "SELECT count(*) FROM signing_session WHERE status = 'SIGNED'") != 0 {
			t.Errorf("a wrong name answered %s", resp.Status)
		}
	})
	report := signedBy(sessionID, "Anna Schmidt", "anna.schmidt@example.org")
	t.Run("a wrong signature or a time stamp out of tolerance changes nothing", func(t *testing.T) {
		for _, header := range []string{
			signAt([]byte("wrong secret"), time.Now(), report),
			signAt([]byte(secret), time.Now().Add(-6*time.Minute), report),
			signAt([]byte(secret), time.Now().Add(6*time.Minute), report),
			"",
		} {
			if status := s.webhook(t, header, report); status != http.StatusBadRequest {
				t.Errorf("webhook with %q = %d, want 400", header, status)
			}
		}
		if n := s.count(t, "SELECT count(*) FROM document WHERE type = 'SIGNED_CONTRACT'"); n != 0 {
			t.Errorf("signed contracts = %d, want 0", n)
		}
	})
	t.Run("a report naming another signer changes nothing", func(t *testing.T) {
		for _, forged := range [][]byte{
			signedBy(sessionID, "Mallory Mustermann", "anna.schmidt@example.org"),
			signedBy(sessionID, "Anna Schmidt", "mallory@example.org"),
			signedBy(sessionID, "Anna Schmidt", ""),
		} {
			if status := s.webhook(t, signAt([]byte(secret), time.Now(), forged), forged); status != http.StatusUnprocessableEntity {
				t.Errorf("webhook with %s = %d, want 422", forged, status)
			}
		}
		if n := s.count(t, "SELECT count(*) FROM signing_session WHERE status = 'SIGNED'"); n != 0 {
			t.Errorf("signed sessions = %d, want 0", n)
		}
		if n := s.count(t, "SELECT count(*) FROM signing_webhook_event"); n != 0 {
			t.Errorf("recorded webhook events = %d, want 0", n)
		}
	})
	t.Run("a signature reported five times is stored and published once", func(t *testing.T) {
		for range 5 {
			if status := s.webhook(t, signAt([]byte(secret), time.Now(), report), report); status != http.StatusNoContent {
				t.Fatalf("webhook = %d, want 204", status)
			}
		}
		s.checkSigned(t, sessionID)
	})
	t.Run("after signing the link shows that it is signed and nothing personal", func(t *testing.T) {
		s.checkSignedLink(t, requested.GetSigningLink())
	})
	t.Run("signing on the page again shows that it is signed and changes nothing", func(t *testing.T) {
		resp := s.postForm(t, requested.GetSigningLink(), url.Values{"name": {" anna schmidt "}, "confirm": {"yes"}})
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Location") != "" {
			t.Errorf("signing answered %s to %q, want 200 without a redirect (it would name the renting)", resp.Status, resp.Header.Get("Location"))
		}
		s.checkSigned(t, sessionID)
	})
}

// signedBy is the sandbox's report that the session was signed by the named signer.
func signedBy(sessionID, name, email string) []byte {
	return fmt.Appendf(nil, `{"eventId":%q,"sessionId":%q,"signerName":%q,"signerEmail":%q,"signedAt":%q}`,
		uuid.NewString(), sessionID, name, email, time.Now().UTC().Format(time.RFC3339))
}

// checkSignedLink asserts that a signed session's link says it is signed, shows none of the
// renter's personal data and no longer serves the contract.
func (s *system) checkSignedLink(t *testing.T, link string) {
	t.Helper()
	s.checkSignedPage(t, link)
	if body := s.get(t, link+"/contract.pdf", http.StatusGone); strings.Contains(body, "%PDF-") {
		t.Error("contract.pdf still serves the contract")
	}
}

// checkSignedPage asserts that a signed session's page says it is signed and shows none of the
// renter's personal data.
func (s *system) checkSignedPage(t *testing.T, link string) {
	t.Helper()
	page := s.get(t, link, http.StatusOK)
	if !strings.Contains(page, "Dieser Vertrag ist unterschrieben.") || !strings.Contains(page, "This contract is signed.") {
		t.Errorf("the page does not say that the contract is signed:\n%s", page)
	}
	for _, personal := range []string{"Anna", "Schmidt", "Hauptstraße", "Heidelberg", "17.05.2004", "2004-05-17", "contract.pdf", s.rentingID, "<form"} {
		if strings.Contains(page, personal) {
			t.Errorf("the signed page shows %q:\n%s", personal, page)
		}
	}
}

func TestSandboxPage_correctNameSigns(t *testing.T) {
	t.Parallel()
	s := start(t, false)
	s.ownerAcknowledgedTwice(t)
	var requested eventsv1.ContractRequested
	s.onlyEvent(t, streams.Document.ContractRequested(), &requested)
	resp := s.postForm(t, requested.GetSigningLink(), url.Values{"name": {"ANNA SCHMIDT"}, "confirm": {"yes"}})
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != s.publicURL+"/booking/step4done?rentingId="+s.rentingID {
		t.Fatalf("signing answered %s to %q", resp.Status, resp.Header.Get("Location"))
	}
	s.checkSigned(t, strings.TrimPrefix(requested.GetSigningLink(), s.publicURL+"/api/signing/"))
	s.checkSignedLink(t, requested.GetSigningLink())
}

// ownerAcknowledgedTwice publishes the renting's owner_acknowledged event twice with one id and
// waits until both are handled.
func (s *system) ownerAcknowledgedTwice(t *testing.T) { s.stateTwice(t, "OWNER_ACKNOWLEDGED") }

// stateTwice publishes the renting's move to state twice with one id and waits until both are handled.
func (s *system) stateTwice(t *testing.T, state string) {
	t.Helper()
	payload, err := proto.Marshal(&eventsv1.RentingStateChanged{
		EventId: uuid.NewString(), RentingId: s.rentingID, RenterId: s.renting.RenterID, ApartmentId: s.renting.ApartmentID,
		SemesterId: s.semester, Renewal: s.renting.Renewal, ToState: state,
	})
	if err != nil {
		t.Fatal(err)
	}
	eventID, subject := uuid.NewString(), s.stream.StateChanged(state)
	s.publish(t, subject, eventID, payload)
	time.Sleep(300 * time.Millisecond)
	s.publish(t, subject, eventID, payload)
	s.waitUntilAcked(t, 2)
}

func TestContractFlow_acceptedRenewalGetsAContractForTheRentOnly(t *testing.T) {
	t.Parallel()
	s := start(t, true)
	s.stateTwice(t, "RENEWAL_ACCEPTED")
	var requested eventsv1.ContractRequested
	s.onlyEvent(t, streams.Document.ContractRequested(), &requested)
	var content []byte
	if err := s.pool.QueryRow(context.Background(), "SELECT content FROM document WHERE id = $1", requested.GetDocumentId()).Scan(&content); err != nil {
		t.Fatal(err)
	}
	// The rent is charged; cleaning is not, and the deposit is carried over rather than charged again.
	if !pdftext.Contains(content, "Miete inkl. Nebenkosten") || pdftext.Contains(content, "Endreinigung") ||
		!pdftext.Contains(content, "die Kaution wird übernommen") {
		t.Error("the renewal contract must charge the rent only and carry the deposit over")
	}
	if requested.GetTotalCents() != s.price.GetTotal().GetCents() || !pdftext.Contains(content, domain.EuroGerman(requested.GetTotalCents())) {
		t.Errorf("contract_requested total %d, want the renewal contract's %v, stated in its PDF", requested.GetTotalCents(), s.price.GetTotal())
	}
}

func (s *system) checkContract(t *testing.T, documentID string) {
	t.Helper()
	var content []byte
	if err := s.pool.QueryRow(context.Background(), "SELECT content FROM document WHERE id = $1", documentID).Scan(&content); err != nil {
		t.Fatal(err)
	}
	residence := catalogfake.ExampleBuilding()
	for _, want := range []string{"Anna Schmidt", "Hauptstraße 1", "17.05.2004", "Gesamt", domain.EuroGerman(s.price.GetTotal().GetCents()),
		"Kaution (Sicherheit, keine Miete)", "innerhalb von 42 Tagen nach der Übergabe", residence.GetLandlord().GetLegalName(),
		residence.GetName(), residence.GetAddress(), residence.GetContact().GetEmail() + " · " + residence.GetContact().GetPhone()} {
		if !pdftext.Contains(content, want) {
			t.Errorf("the contract does not state %q", want)
		}
	}
}

func (s *system) checkSigned(t *testing.T, sessionID string) {
	t.Helper()
	if n := s.count(t, "SELECT count(*) FROM document WHERE type = 'SIGNED_CONTRACT'"); n != 1 {
		t.Errorf("signed contracts = %d, want 1", n)
	}
	if n := s.count(t, "SELECT count(*) FROM signing_session WHERE status = 'SIGNED'"); n != 1 {
		t.Errorf("signed sessions = %d, want 1", n)
	}
	var signed eventsv1.ContractSigned
	s.onlyEvent(t, streams.Document.ContractSigned(), &signed)
	if signed.GetRentingId() != s.rentingID || !strings.EqualFold(strings.TrimSpace(signed.GetSignerName()), "Anna Schmidt") {
		t.Errorf("contract_signed = %v", &signed)
	}
	var content []byte
	if err := s.pool.QueryRow(context.Background(), "SELECT content FROM document WHERE id = $1", signed.GetDocumentId()).Scan(&content); err != nil {
		t.Fatal(err)
	}
	if !pdftext.Contains(content, sessionID) || !pdftext.Contains(content, "Anna Schmidt") {
		t.Error("the signed contract has no signature page for the session")
	}
}

// onlyEvent decodes the one event of the subject in the outbox (the relay publishes what is there).
func (s *system) onlyEvent(t *testing.T, subject string, event proto.Message) {
	t.Helper()
	payloads := s.events(t, subject)
	if len(payloads) != 1 {
		t.Fatalf("%s events = %d, want 1", subject, len(payloads))
	}
	if err := proto.Unmarshal(payloads[0], event); err != nil {
		t.Fatal(err)
	}
}

// events are the payloads enqueued on subject, oldest first.
func (s *system) events(t *testing.T, subject string) [][]byte {
	t.Helper()
	rows, err := s.pool.Query(context.Background(), "SELECT payload FROM outbox WHERE subject = $1 ORDER BY seq", subject)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var payloads [][]byte
	for rows.Next() {
		var p []byte
		if err := rows.Scan(&p); err != nil {
			t.Fatal(err)
		}
		payloads = append(payloads, p)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return payloads
}

func (s *system) count(t *testing.T, query string) int {
	t.Helper()
	var n int
	if err := s.pool.QueryRow(context.Background(), query).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func (s *system) fetchSigningLink(t *testing.T, rentingID string) string {
	t.Helper()
	body := fmt.Sprintf(`{"query":"query($id: ID!) { fetchSigningLink(rentingId: $id) }","variables":{"id":%q}}`, rentingID)
	resp, err := http.Post(s.publicURL+"/api/graphql", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(resp.Body)
	var link string
	if _, err := fmt.Sscanf(string(answer), `{"data":{"fetchSigningLink":%q}}`, &link); err != nil && string(answer) != `{"data":{"fetchSigningLink":null}}` {
		t.Fatalf("fetchSigningLink answered %s", answer)
	}
	return link
}

func (s *system) get(t *testing.T, link string, status int) string {
	t.Helper()
	resp, err := http.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != status {
		t.Fatalf("GET %s = %s, want %d", link, resp.Status, status)
	}
	return string(body)
}

func (s *system) postForm(t *testing.T, link string, form url.Values) *http.Response {
	t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.PostForm(link, form)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	return resp
}

func (s *system) webhook(t *testing.T, header string, body []byte) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, s.publicURL+"/api/webhooks/signing", strings.NewReader(string(body)))
	req.Header.Set(SignatureHeader, header)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	return resp.StatusCode
}

func (s *system) publish(t *testing.T, subject, id string, data []byte) {
	t.Helper()
	msg := &nats.Msg{Subject: subject, Data: data, Header: nats.Header{jetstream.MsgIDHeader: []string{id}}}
	if _, err := s.js.PublishMsg(context.Background(), msg); err != nil {
		t.Fatalf("publish %s: %v", subject, err)
	}
}

func (s *system) waitUntilAcked(t *testing.T, n uint64) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if cons, err := s.js.Consumer(context.Background(), s.stream.Stream().Name, natsadapter.Durable); err == nil {
			if info, err := cons.Info(context.Background()); err == nil && info.AckFloor.Stream >= n {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("the consumer did not acknowledge %d messages in time", n)
}

func runConsumer(t *testing.T, c *natsadapter.RentingConsumer) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() {
		if err := c.Run(ctx); err != nil {
			t.Errorf("consumer: %v", err)
		}
	})
	t.Cleanup(func() { cancel(); wg.Wait() })
}

func registerRenter(t *testing.T, client renterv1.RenterServiceClient, semesterStart *catalogv1.Date) int64 {
	t.Helper()
	resp, err := client.RegisterRenter(context.Background(), &renterv1.RegisterRenterRequest{
		Data: &renterv1.RenterData{
			Email: "anna.schmidt@example.org", FirstName: "Anna", LastName: "Schmidt", Street: "Hauptstraße 1", Zip: "69117",
			City: "Heidelberg", Country: "DEU", Birthday: "2004-05-17", Phone: "+49 170 1234567", Nationality: "de",
			Gender: renterv1.Gender_GENDER_FEMALE, Language: "de",
		},
		ReferenceDate: &commonv1.Date{Year: semesterStart.GetYear(), Month: semesterStart.GetMonth(), Day: semesterStart.GetDay()},
	})
	if err != nil || resp.GetViolation() != nil {
		t.Fatalf("RegisterRenter = %v, %v", resp, err)
	}
	return resp.GetRenterId()
}
