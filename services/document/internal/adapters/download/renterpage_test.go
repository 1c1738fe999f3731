package download_test

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/protobuf/types/known/timestamppb"

	"semesterhaus/platform/grpctest"
	"semesterhaus/platform/pgtest"
	"semesterhaus/proto/catalog/catalogfake"
	catalogv1 "semesterhaus/proto/gen/catalog/v1"
	commonv1 "semesterhaus/proto/gen/common/v1"
	paymentv1 "semesterhaus/proto/gen/payment/v1"
	renterv1 "semesterhaus/proto/gen/renter/v1"
	rentingv1 "semesterhaus/proto/gen/renting/v1"
	"semesterhaus/proto/payment/paymentfake"
	"semesterhaus/proto/renter/renterfake"
	"semesterhaus/proto/renting/rentingfake"
	"semesterhaus/services/document/internal/adapters/download"
	grpcadapter "semesterhaus/services/document/internal/adapters/grpc"
	"semesterhaus/services/document/internal/adapters/pdf"
	pgadapter "semesterhaus/services/document/internal/adapters/postgres"
	"semesterhaus/services/document/internal/app"
	"semesterhaus/services/document/internal/domain"
	"semesterhaus/services/document/internal/pdftext"
	"semesterhaus/services/document/migrations"
)

// renterPage is the document service's page downloads on the fakes of its peers, with two renters:
// Anna (page token "anna-token") with a paid renting whose contract waits for her signature, and Bob
// ("bob-token") with a paid renting of his own. Each has an identity card copy; Anna's unpaid
// renting has an upload pending its confirmation, which is not hers yet.
type renterPage struct {
	t                 *testing.T
	url               string
	pool              *pgxpool.Pool
	contracts         *app.Contracts
	anna, bob, unpaid string // renting ids: Anna's paid one, Bob's, Anna's unpaid one
	// document ids: Anna's and Bob's identity card fronts, the upload pending with Anna's unpaid renting
	annaCard, bobCard, pending string
}

// openProvider opens every signing session at a fixed link, without an envelope, and keeps no
// signed copy.
type openProvider struct{}

func (openProvider) Open(context.Context, domain.SigningSession, []byte) (string, string, error) {
	return "http://public.test/api/signing/session", "", nil
}

func (openProvider) SignedCopy(context.Context, domain.SigningSession) ([]byte, error) {
	return nil, nil
}

func (openProvider) Void(context.Context, domain.SigningSession) error { return nil }

func newRenterPage(t *testing.T) renterPage {
	t.Helper()
	ctx := context.Background()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	catalogConn := grpctest.Dial(t, "document", "catalog", grpctest.Serve(t, catalogfake.NewExample().Register))
	renters := renterfake.New()
	renterConn := grpctest.Dial(t, "document", "renter", grpctest.Serve(t, renters.Register))
	catalog := catalogv1.NewCatalogServiceClient(catalogConn)
	semester, err := catalog.GetBookableSemester(ctx, &catalogv1.GetBookableSemesterRequest{})
	if err != nil {
		t.Fatal(err)
	}
	apartments, err := catalog.ListApartments(ctx, &catalogv1.ListApartmentsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	anna := register(t, renterv1.NewRenterServiceClient(renterConn), "Anna", "Schmidt", "de")
	bob := register(t, renterv1.NewRenterServiceClient(renterConn), "Bob", "Becker", "en")
	renters.IssuePageToken("anna-token", anna)
	renters.IssuePageToken("bob-token", bob)

	rentings, payments := rentingfake.New(), paymentfake.New()
	p := renterPage{t: t, pool: pool, anna: uuid.NewString(), bob: uuid.NewString(), unpaid: uuid.NewString()}
	paid := time.Date(2026, 8, 14, 10, 0, 0, 0, time.UTC)
	var contracted []domain.Renting
	for i, r := range []struct {
		id     string
		renter int64
		status string
	}{{p.anna, anna, "PAID"}, {p.bob, bob, "PAID"}, {p.unpaid, anna, "OPEN"}} {
		apartment := apartments.GetApartments()[i%2].GetId()
		rentings.Add(&rentingv1.Renting{RentingId: r.id, RenterId: r.renter, ApartmentId: apartment,
			SemesterId: semester.GetId(), State: "OWNER_ACKNOWLEDGED"})
		if r.id != p.unpaid {
			contracted = append(contracted, domain.Renting{ID: r.id, RenterID: r.renter, ApartmentID: apartment, SemesterID: semester.GetId()})
		}
		price, err := catalog.CalculatePrice(ctx, &catalogv1.CalculatePriceRequest{ApartmentId: apartment, SemesterId: semester.GetId()})
		if err != nil {
			t.Fatal(err)
		}
		payment := &paymentv1.Payment{PaymentId: uuid.NewString(), RentingId: r.id, AmountCents: price.GetTotal().GetCents(), Currency: "EUR", Status: r.status}
		if r.status == "PAID" {
			payment.PaidAt, payment.ReceiptNumber, payment.Method = timestamppb.New(paid), int64(41+i), "sepa_debit"
		}
		payments.Add(payment)
	}
	sources := grpcadapter.NewSources(renterConn, catalogConn)
	pageSources := grpcadapter.NewPageSources(sources, grpctest.Dial(t, "document", "renting", grpctest.Serve(t, rentings.Register)),
		grpctest.Dial(t, "document", "payment", grpctest.Serve(t, payments.Register)))
	repo := pgadapter.NewRepository(pool)
	renderer := pdf.Renderer{Uncompressed: true}
	p.contracts = app.NewContracts(repo, sources, renderer, openProvider{}, time.Now)
	mux := http.NewServeMux()
	download.PageRoutes(mux, app.NewRenterPageFiles(pageSources, repo, renderer, time.Now), slog.New(slog.DiscardHandler))
	server := httptest.NewServer(mux)
	t.Cleanup(server.Close)
	p.url = server.URL
	p.annaCard = storeCard(t, repo, anna, p.anna, domain.TheRenter, "Anna's card")
	p.bobCard = storeCard(t, repo, bob, p.bob, domain.TheRenter, "Bob's card")
	p.pending = storeCard(t, repo, anna, p.unpaid, domain.AnySender, "pending card")
	for _, renting := range contracted {
		if err := repo.InContractTx(ctx, func(store app.ContractStore) error { return p.contracts.RequestContract(ctx, store, renting) }); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// storeCard stores an identity card front (a PDF whose content is text) and answers its id.
func storeCard(t *testing.T, repo *pgadapter.Repository, renterID int64, renting string, sender domain.Sender, content string) string {
	t.Helper()
	ids, err := repo.Store(context.Background(), renterID, renting, sender, []domain.File{{
		Type: domain.TypeIdentityCardFront, Format: domain.FormatPDF, Content: []byte(content), SHA256: sha256.Sum256([]byte(content)),
	}})
	if err != nil {
		t.Fatal(err)
	}
	return ids[0]
}

func register(t *testing.T, client renterv1.RenterServiceClient, first, last, language string) int64 {
	t.Helper()
	resp, err := client.RegisterRenter(context.Background(), &renterv1.RegisterRenterRequest{
		Data: &renterv1.RenterData{
			Email: first + "@example.org", FirstName: first, LastName: last, Street: "Hauptstraße 1", Zip: "69117",
			City: "Heidelberg", Country: "DEU", Birthday: "2004-05-17", Phone: "+49 170 1234567", Nationality: "de",
			Gender: renterv1.Gender_GENDER_FEMALE, Language: language,
		},
		ReferenceDate: &commonv1.Date{Year: 2026, Month: 10, Day: 1},
	})
	if err != nil || resp.GetViolation() != nil {
		t.Fatalf("RegisterRenter = %v, %v", resp, err)
	}
	return resp.GetRenterId()
}

// get fetches a page download and answers its status, headers and body.
func (p renterPage) get(path string) (int, http.Header, []byte) {
	p.t.Helper()
	resp, err := http.Get(p.url + path)
	if err != nil {
		p.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		p.t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, body
}

// wantNothingRead fails the test when any document was recorded as read.
func (p renterPage) wantNothingRead() {
	p.t.Helper()
	var reads int
	if err := p.pool.QueryRow(context.Background(), "SELECT count(*) FROM audit_log WHERE action = 'readDocument'").Scan(&reads); err != nil || reads != 0 {
		p.t.Errorf("audited reads %d, %v; want none", reads, err)
	}
}

func (p renterPage) sign(renting string) {
	p.t.Helper()
	var session string
	if err := p.pool.QueryRow(context.Background(), "SELECT id FROM signing_session WHERE renting_id = $1", renting).Scan(&session); err != nil {
		p.t.Fatal(err)
	}
	if err := p.contracts.RecordSignature(context.Background(), domain.Signature{
		EventID: uuid.NewString(), SessionID: session, SignerName: "Anna Schmidt", SignerEmail: "Anna@example.org", SignedAt: time.Now(),
	}); err != nil {
		p.t.Fatal(err)
	}
}

func TestRenterPageFiles_theTokensRenterGetsTheContractUnsignedThenSignedAndTheReceipt(t *testing.T) {
	t.Parallel()
	p := newRenterPage(t)

	status, header, body := p.get("/my-booking/" + p.anna + "/contract.pdf?token=anna-token")
	if status != http.StatusOK || header.Get("Content-Type") != "application/pdf" || header.Get("Cache-Control") != "no-store" ||
		!pdftext.Contains(body, "Mietvertrag") || !pdftext.Contains(body, "Anna Schmidt") || pdftext.Contains(body, "Unterschrift") {
		t.Errorf("unsigned contract: %d %v, %d bytes; want the contract without a signature page", status, header, len(body))
	}
	p.sign(p.anna)
	status, header, body = p.get("/my-booking/" + p.anna + "/contract.pdf?token=anna-token")
	if status != http.StatusOK || !pdftext.Contains(body, "Unterschrift") || header.Get("Content-Disposition") != `attachment; filename="mietvertrag-unterschrieben-1.pdf"` {
		t.Errorf("signed contract: %d %v; want the signed contract", status, header)
	}
	var reads int
	if err := p.pool.QueryRow(context.Background(), "SELECT count(*) FROM audit_log WHERE actor = 'renter (own page)' AND action = 'readDocument'").Scan(&reads); err != nil || reads != 2 {
		t.Errorf("audited reads %d, %v; want 2", reads, err)
	}

	status, header, body = p.get("/my-booking/" + p.anna + "/receipt.pdf?token=anna-token")
	if status != http.StatusOK || header.Get("Content-Type") != "application/pdf" ||
		header.Get("Content-Disposition") != `attachment; filename="quittung-Q-000041.pdf"` {
		t.Fatalf("receipt: %d %v", status, header)
	}
	// Anna's apartment: 445,00 € for six months, 85,00 € cleaning, 800,00 € deposit, as her contract says.
	for _, want := range []string{"Quittung Q-000041", "Anna Schmidt", "14.08.2026", "Zahlungs-ID", "Miete, 6 Monate", "2.670,00 €",
		"Endreinigung", "85,00 €", "Kaution (Sicherheit, keine Miete)", "800,00 €", "Gesamt", "3.555,00 €",
		"Zahlungsart", "SEPA-Lastschrift", "Darin enthalten ist die Kaution von 800,00 €", "Beispielpark Wohnen GmbH", "DE89 3704 0044 0532 0130 00"} {
		if !pdftext.Contains(body, want) {
			t.Errorf("the receipt does not state %q", want)
		}
	}
	for _, unwanted := range []string{"Payment ID", "als Miete", "einschließlich aller Nebenkosten"} {
		if pdftext.Contains(body, unwanted) {
			t.Errorf("the receipt states %q", unwanted)
		}
	}
}

// Bob chose English: his contract and his receipt are English, with no German beside it.
func TestRenterPageFiles_anEnglishRentersContractAndReceiptAreInEnglish(t *testing.T) {
	t.Parallel()
	p := newRenterPage(t)
	status, _, contract := p.get("/my-booking/" + p.bob + "/contract.pdf?token=bob-token")
	if status != http.StatusOK {
		t.Fatalf("contract: %d", status)
	}
	status, _, receipt := p.get("/my-booking/" + p.bob + "/receipt.pdf?token=bob-token")
	if status != http.StatusOK {
		t.Fatalf("receipt: %d", status)
	}
	// Bob's apartment: 495,00 € for six months, 95,00 € cleaning, 900,00 € deposit.
	for name, doc := range map[string][]byte{"contract": contract, "receipt": receipt} {
		for _, want := range []string{"Bob Becker", "Landlord", "Rent, 6 months", "€2,970.00", "Deposit (security, not rent)", "€900.00", "€3,965.00"} {
			if !pdftext.Contains(doc, want) {
				t.Errorf("the %s does not state %q", name, want)
			}
		}
		for _, german := range []string{"Vermieter", "Kaution", "Gesamt"} {
			if pdftext.Contains(doc, german) {
				t.Errorf("the %s states %q", name, german)
			}
		}
	}
	for _, want := range []string{"Receipt Q-000042", "SEPA direct debit", "14 August 2026"} {
		if !pdftext.Contains(receipt, want) {
			t.Errorf("the receipt does not state %q", want)
		}
	}
}

// Attacks: every token but the renter's own, every renting but the token renter's own, and a file
// not there yet answer 404 with nothing of the renting in the body.
func TestRenterPageFiles_anotherRentersOrAForgedTokenGetsNothing(t *testing.T) {
	t.Parallel()
	p := newRenterPage(t)
	for name, path := range map[string]string{
		"no token":                               "/my-booking/" + p.anna + "/contract.pdf",
		"forged token":                           "/my-booking/" + p.anna + "/contract.pdf?token=forged",
		"the renting id as token":                "/my-booking/" + p.anna + "/receipt.pdf?token=" + p.anna,
		"another renter's token, contract":       "/my-booking/" + p.anna + "/contract.pdf?token=bob-token",
		"another renter's token, receipt":        "/my-booking/" + p.anna + "/receipt.pdf?token=bob-token",
		"own token, another renter's contract":   "/my-booking/" + p.bob + "/contract.pdf?token=anna-token",
		"own token, another renter's receipt":    "/my-booking/" + p.bob + "/receipt.pdf?token=anna-token",
		"own token, an unpaid renting's receipt": "/my-booking/" + p.unpaid + "/receipt.pdf?token=anna-token",
		"own token, a renting without contract":  "/my-booking/" + p.unpaid + "/contract.pdf?token=anna-token",
		"own token, an unknown renting":          "/my-booking/" + uuid.NewString() + "/receipt.pdf?token=anna-token",
		"own token, no UUID":                     "/my-booking/renting-1/contract.pdf?token=anna-token",
		"own token, another file":                "/my-booking/" + p.anna + "/identity.pdf?token=anna-token",
	} {
		t.Run(name, func(t *testing.T) {
			status, header, body := p.get(path)
			if status != http.StatusNotFound || header.Get("Content-Type") == "application/pdf" || pdftext.Contains(body, "Schmidt") || pdftext.Contains(body, "Becker") {
				t.Errorf("%s: %d %v %q; want 404 and nothing", path, status, header, body)
			}
		})
	}
	p.wantNothingRead()
}

func TestRenterPageFiles_theTokensRenterListsAndGetsTheirOwnDocuments(t *testing.T) {
	t.Parallel()
	p := newRenterPage(t)

	status, header, body := p.get("/my-booking/documents?token=anna-token")
	var list struct {
		Documents []struct{ ID, Type, FileName, ContentType string }
	}
	if status != http.StatusOK || header.Get("Content-Type") != "application/json" || header.Get("Cache-Control") != "no-store" {
		t.Fatalf("list: %d %v %s", status, header, body)
	}
	if err := json.Unmarshal(body, &list); err != nil {
		t.Fatal(err)
	}
	types := map[string]string{}
	for _, d := range list.Documents {
		types[d.ID] = d.Type
	}
	if len(list.Documents) != 2 || types[p.annaCard] != "IDENTITY_CARD_FRONT" || !strings.Contains(string(body), `"type":"CONTRACT"`) {
		t.Errorf("Anna's documents %s; want her identity card and her contract, nothing of Bob's, no pending upload", body)
	}
	for id := range types {
		status, header, body := p.get("/my-booking/documents/" + id + "?token=anna-token")
		if status != http.StatusOK || header.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(header.Get("Content-Disposition"), "attachment; ") {
			t.Errorf("document %s (%s): %d %v", id, types[id], status, header)
		}
		if id == p.annaCard && string(body) != "Anna's card" {
			t.Errorf("identity card %q; want the stored copy", body)
		}
	}
	var reads int
	if err := p.pool.QueryRow(context.Background(), "SELECT count(*) FROM audit_log WHERE actor = 'renter (own page)' AND action = 'readDocument' AND subject = $1", "document/"+p.annaCard).Scan(&reads); err != nil || reads != 1 {
		t.Errorf("audited reads of the identity card %d, %v; want 1", reads, err)
	}
}

// Attacks on the documents: every token but the renter's own and every document but the token
// renter's own answer 404 with nothing of the document, and nothing is recorded as read.
func TestRenterPageFiles_anotherRentersDocumentOrAForgedTokenGetsNothing(t *testing.T) {
	t.Parallel()
	p := newRenterPage(t)
	for name, path := range map[string]string{
		"list, no token":                         "/my-booking/documents",
		"list, empty token":                      "/my-booking/documents?token=",
		"list, forged token":                     "/my-booking/documents?token=forged",
		"list, a renting id as token":            "/my-booking/documents?token=" + p.anna,
		"no token":                               "/my-booking/documents/" + p.annaCard,
		"forged token":                           "/my-booking/documents/" + p.annaCard + "?token=forged",
		"the document id as token":               "/my-booking/documents/" + p.annaCard + "?token=" + p.annaCard,
		"another renter's token":                 "/my-booking/documents/" + p.annaCard + "?token=bob-token",
		"own token, another renter's document":   "/my-booking/documents/" + p.bobCard + "?token=anna-token",
		"own token, an upload not confirmed":     "/my-booking/documents/" + p.pending + "?token=anna-token",
		"own token, an unknown document":         "/my-booking/documents/" + uuid.NewString() + "?token=anna-token",
		"own token, no UUID":                     "/my-booking/documents/document-1?token=anna-token",
		"own token, a renting id as document id": "/my-booking/documents/" + p.anna + "?token=anna-token",
	} {
		t.Run(name, func(t *testing.T) {
			status, header, body := p.get(path)
			if status != http.StatusNotFound || header.Get("Content-Type") == "application/pdf" || header.Get("Content-Type") == "application/json" ||
				strings.Contains(string(body), "card") || strings.Contains(string(body), "IDENTITY") {
				t.Errorf("%s: %d %v %q; want 404 and nothing", path, status, header, body)
			}
		})
	}
	p.wantNothingRead()
}
