package graphql_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/google/uuid"

	"semesterhaus/platform/identity"
	"semesterhaus/platform/pgtest"
	"semesterhaus/services/document/documenttest"
	"semesterhaus/services/document/internal/adapters/graphql"
	"semesterhaus/services/document/internal/domain"
	"semesterhaus/services/document/internal/testenv"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

const renterDocuments = `query($representations: [_Any!]!) {
  _entities(representations: $representations) {
    ... on Renter { id documents { id description link type uploaded } }
  }
}`

type document struct {
	ID, Description, Link, Type, Uploaded string
}

type response struct {
	Data struct {
		Entities []*struct {
			ID        int        `json:"id"`
			Documents []document `json:"documents"`
		} `json:"_entities"`
	} `json:"data"`
	Errors []struct {
		Message    string         `json:"message"`
		Extensions map[string]any `json:"extensions"`
	} `json:"errors"`
}

// newSubgraph serves the subgraph on a database where renter 7 has uploaded a booking's documents.
func newSubgraph(t *testing.T) (url string, signer *identity.Signer, ids []string) {
	t.Helper()
	public, private, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	documents, _ := testenv.NewDocuments(t)
	ids, err = documents.StoreUploads(context.Background(), 7, uuid.NewString(), domain.TheRenter, []domain.Upload{
		{Type: domain.TypeIdentityCardFront, Content: documenttest.PNG(t, 800, 600)},
		{Type: domain.TypeImmatriculation, Content: documenttest.PDF()},
	})
	if err != nil {
		t.Fatal(err)
	}
	server := httptest.NewServer(graphql.NewHandler(documents, nil, identity.NewVerifier(public), slog.New(slog.DiscardHandler)))
	t.Cleanup(server.Close)
	return server.URL, identity.NewSigner(private, time.Minute), ids
}

func query(t *testing.T, url string, token string, renterIDs ...int) response {
	t.Helper()
	reps := make([]map[string]any, len(renterIDs))
	for i, id := range renterIDs {
		reps[i] = map[string]any{"__typename": "Renter", "id": id}
	}
	body, _ := json.Marshal(map[string]any{"query": renterDocuments, "variables": map[string]any{"representations": reps}})
	req, _ := http.NewRequestWithContext(context.Background(), http.MethodPost, url, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set(identity.Header, token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var r response
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		t.Fatal(err)
	}
	return r
}

func TestRenterDocuments_adminSeesEachRentersDocumentsInOrder(t *testing.T) {
	t.Parallel()
	url, signer, ids := newSubgraph(t)
	token, err := signer.Sign(identity.Identity{Subject: "admin", Role: identity.RoleAdmin})
	if err != nil {
		t.Fatal(err)
	}
	r := query(t, url, token, 8, 7)
	if len(r.Errors) > 0 || len(r.Data.Entities) != 2 {
		t.Fatalf("response = %+v", r)
	}
	if other := r.Data.Entities[0]; other.ID != 8 || len(other.Documents) != 0 {
		t.Errorf("renter 8 = %+v, want no documents", other)
	}
	docs := map[string]document{}
	for _, d := range r.Data.Entities[1].Documents {
		docs[d.ID] = d
	}
	front, certificate := docs[ids[0]], docs[ids[1]]
	if front.Type != "IDENTITY_CARD_FRONT" || front.Description != "Personalausweis Vorderseite" || front.Link != "/api/renter/7/identity/front" {
		t.Errorf("front = %+v", front)
	}
	if certificate.Type != "IMMATRICULATION" || certificate.Description != "Immatrikulationsbescheinigung" || certificate.Link != "/api/documents/"+ids[1] {
		t.Errorf("certificate = %+v", certificate)
	}
	if _, err := time.Parse(time.RFC3339, certificate.Uploaded); err != nil {
		t.Errorf("uploaded %q is not RFC 3339", certificate.Uploaded)
	}
}

func TestRenterDocuments_refusedToNonAdmins(t *testing.T) {
	t.Parallel()
	url, signer, _ := newSubgraph(t)
	anonymous, err := signer.Sign(identity.Anonymous)
	if err != nil {
		t.Fatal(err)
	}
	for _, token := range []string{"", anonymous} {
		r := query(t, url, token, 7)
		if len(r.Errors) == 0 || r.Errors[0].Extensions["code"] != "FORBIDDEN" {
			t.Errorf("errors = %+v, want FORBIDDEN", r.Errors)
		}
		for _, e := range r.Data.Entities {
			if e != nil && len(e.Documents) > 0 {
				t.Errorf("documents leaked: %+v", e.Documents)
			}
		}
	}
}
