package graphql_test

import (
	"context"
	"log/slog"
	"net/http"
	"testing"
	"time"

	"semesterhaus/platform/picture/picturetest"

	"github.com/google/uuid"

	"semesterhaus/platform/graphqlx/graphqltest"
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

type entity struct {
	ID        int        `json:"id"`
	Documents []document `json:"documents"`
}

// newSubgraph serves the subgraph on a database where renter 7 has uploaded a booking's documents.
func newSubgraph(t *testing.T) (graphqltest.Subgraph, []string) {
	t.Helper()
	documents, _ := testenv.NewDocuments(t)
	ids, err := documents.StoreUploads(context.Background(), 7, uuid.NewString(), domain.TheRenter, []domain.Upload{
		{Type: domain.TypeIdentityCardFront, Content: picturetest.PNG(t, 800, 600)},
		{Type: domain.TypeImmatriculation, Content: documenttest.PDF()},
	})
	if err != nil {
		t.Fatal(err)
	}
	s := graphqltest.Serve(t, "document", func(v *identity.Verifier) http.Handler {
		return graphql.NewHandler(documents, nil, v, slog.New(slog.DiscardHandler))
	})
	return s, ids
}

// renterDocumentsOf asks for the documents of the renters as the given identity (nil: without a token).
func renterDocumentsOf(s graphqltest.Subgraph, as *identity.Identity, renterIDs ...int) ([]*entity, graphqltest.Response) {
	reps := make([]map[string]any, len(renterIDs))
	for i, id := range renterIDs {
		reps[i] = map[string]any{"__typename": "Renter", "id": id}
	}
	var data struct {
		Entities []*entity `json:"_entities"`
	}
	r := s.Query(as, renterDocuments, map[string]any{"representations": reps}, &data)
	return data.Entities, r
}

func TestRenterDocuments_adminSeesEachRentersDocumentsInOrder(t *testing.T) {
	t.Parallel()
	s, ids := newSubgraph(t)
	entities, r := renterDocumentsOf(s, &identity.Identity{Subject: "admin", Role: identity.RoleAdmin}, 8, 7)
	if len(r.Errors) > 0 || len(entities) != 2 {
		t.Fatalf("response = %+v", r)
	}
	if other := entities[0]; other.ID != 8 || len(other.Documents) != 0 {
		t.Errorf("renter 8 = %+v, want no documents", other)
	}
	docs := map[string]document{}
	for _, d := range entities[1].Documents {
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
	s, _ := newSubgraph(t)
	for _, as := range []*identity.Identity{nil, &identity.Anonymous} {
		entities, r := renterDocumentsOf(s, as, 7)
		if len(r.Errors) == 0 || r.Errors[0].Extensions["code"] != "FORBIDDEN" {
			t.Errorf("errors = %+v, want FORBIDDEN", r.Errors)
		}
		for _, e := range entities {
			if e != nil && len(e.Documents) > 0 {
				t.Errorf("documents leaked: %+v", e.Documents)
			}
		}
	}
}
