package download_test

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"testing"

	"semesterhaus/platform/picture/picturetest"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"semesterhaus/platform/graphqlx/graphqltest"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/pgtest"
	"semesterhaus/services/document/documenttest"
	"semesterhaus/services/document/internal/adapters/download"
	"semesterhaus/services/document/internal/app"
	"semesterhaus/services/document/internal/domain"
	"semesterhaus/services/document/internal/testenv"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

var admin = identity.Identity{Subject: "hausmeister", Role: identity.RoleAdmin}

type service struct {
	graphqltest.Subgraph
	t         *testing.T
	pool      *pgxpool.Pool
	documents *app.Documents
	ids       []string // front, back, certificate of renter 7
}

func newService(t *testing.T) service {
	t.Helper()
	documents, pool := testenv.NewDocuments(t)
	ids, err := documents.StoreUploads(context.Background(), 7, uuid.NewString(), domain.TheRenter, []domain.Upload{
		{Type: domain.TypeIdentityCardFront, Content: picturetest.PNG(t, 800, 600)},
		{Type: domain.TypeIdentityCardBack, Content: picturetest.JPEG(t, 800, 600)},
		{Type: domain.TypeImmatriculation, Content: documenttest.PDF()},
	})
	if err != nil {
		t.Fatal(err)
	}
	server := graphqltest.Serve(t, "document", func(v *identity.Verifier) http.Handler {
		mux := http.NewServeMux()
		download.Routes(mux, documents, v, slog.New(slog.DiscardHandler))
		return mux
	})
	return service{Subgraph: server, t: t, pool: pool, documents: documents, ids: ids}
}

// get fetches path as the given identity (nil: without a token).
func (s service) get(as *identity.Identity, path string) (*http.Response, []byte) {
	s.t.Helper()
	req, err := http.NewRequest(http.MethodGet, s.URL+path, nil)
	if err != nil {
		s.t.Fatal(err)
	}
	return s.Do(as, req)
}

func (s service) stored(id string) []byte {
	s.t.Helper()
	var content []byte
	if err := s.pool.QueryRow(context.Background(), "SELECT content FROM document WHERE id = $1", id).Scan(&content); err != nil {
		s.t.Fatal(err)
	}
	return content
}

func (s service) accessesBy(actor, subject string) int {
	s.t.Helper()
	var n int
	err := s.pool.QueryRow(context.Background(),
		"SELECT count(*) FROM audit_log WHERE actor = $1 AND action = 'readDocument' AND subject = $2", actor, subject).Scan(&n)
	if err != nil {
		s.t.Fatal(err)
	}
	return n
}

func TestDownload_adminGetsTheNewestCopyAsAttachmentAndTheAccessIsRecorded(t *testing.T) {
	t.Parallel()
	s := newService(t)
	tests := []struct {
		path, id, contentType, fileName string
	}{
		{"/identity/7/front", s.ids[0], "image/jpeg", "personalausweis-vorne-7.jpg"},
		{"/identity/7/back", s.ids[1], "image/jpeg", "personalausweis-hinten-7.jpg"},
		{"/documents/" + s.ids[2], s.ids[2], "application/pdf", "immatrikulationsbescheinigung-7.pdf"},
	}
	for _, tt := range tests {
		resp, body := s.get(&admin, tt.path)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s = %d", tt.path, resp.StatusCode)
		}
		want := map[string]string{
			"Content-Type": tt.contentType, "Content-Disposition": `attachment; filename="` + tt.fileName + `"`,
			"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff",
		}
		for header, value := range want {
			if got := resp.Header.Get(header); got != value {
				t.Errorf("GET %s: %s = %q, want %q", tt.path, header, got, value)
			}
		}
		if !bytes.Equal(body, s.stored(tt.id)) {
			t.Errorf("GET %s: body is not the stored document", tt.path)
		}
		if n := s.accessesBy("hausmeister", "document/"+tt.id); n != 1 {
			t.Errorf("GET %s: %d audit entries, want 1", tt.path, n)
		}
	}
}

func TestDownload_nonAdminsAreRefusedAndNothingIsRecorded(t *testing.T) {
	t.Parallel()
	s := newService(t)
	anonymous := identity.Anonymous
	for _, as := range []*identity.Identity{nil, &anonymous} {
		for _, path := range []string{"/identity/7/front", "/documents/" + s.ids[2]} {
			if resp, body := s.get(as, path); resp.StatusCode != http.StatusForbidden || len(body) > 100 {
				t.Errorf("GET %s as %v = %d with %d bytes, want 403 without the document", path, as, resp.StatusCode, len(body))
			}
		}
	}
	var n int
	if err := s.pool.QueryRow(context.Background(), "SELECT count(*) FROM audit_log").Scan(&n); err != nil || n != 0 {
		t.Errorf("%d audit entries (%v), want none", n, err)
	}
}

func TestDownload_missingDocumentsAreNotFound(t *testing.T) {
	t.Parallel()
	s := newService(t)
	for _, path := range []string{"/identity/8/front", "/identity/7/side", "/identity/x/front", "/documents/" + uuid.NewString(), "/documents/no-uuid"} {
		if resp, _ := s.get(&admin, path); resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s = %d, want 404", path, resp.StatusCode)
		}
	}
}

func TestDownload_identityCardIsTheNewestUpload(t *testing.T) {
	t.Parallel()
	s := newService(t)
	ids, err := s.documents.StoreUploads(context.Background(), 7, uuid.NewString(), domain.TheRenter, []domain.Upload{
		{Type: domain.TypeIdentityCardFront, Content: picturetest.JPEG(t, 1000, 700)},
	})
	if err != nil {
		t.Fatal(err)
	}
	resp, body := s.get(&admin, "/identity/7/front")
	if resp.Header.Get("Content-Type") != "image/jpeg" || !bytes.Equal(body, s.stored(ids[0])) {
		t.Errorf("GET /identity/7/front = %s, want the newer JPEG", resp.Header.Get("Content-Type"))
	}
}
