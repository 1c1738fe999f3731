package download_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"

	"semesterhaus/platform/identity"
	"semesterhaus/platform/picture/picturetest"
	pgadapter "semesterhaus/services/document/internal/adapters/postgres"
	"semesterhaus/services/document/internal/domain"
)

// storePhoto stores a handover photo of the renter's renting, as renting's StoreUploads leaves it.
func storePhoto(t *testing.T, repo *pgadapter.Repository, renterID int64, renting, content string) string {
	t.Helper()
	ids, err := repo.Store(context.Background(), renterID, renting, domain.TheRenter, []domain.File{{
		Type: domain.TypeHandoverPhoto, Format: domain.FormatJPEG, Content: []byte(content), SHA256: sha256.Sum256([]byte(content)),
	}})
	if err != nil {
		t.Fatal(err)
	}
	return ids[0]
}

// renterOf is the renter a renting's documents belong to.
func (p renterPage) renterOf(renting string) int64 {
	p.t.Helper()
	var renter int64
	if err := p.pool.QueryRow(context.Background(), "SELECT renter_id FROM document WHERE renting_id = $1 LIMIT 1", renting).Scan(&renter); err != nil {
		p.t.Fatal(err)
	}
	return renter
}

func TestRenterPageFiles_theTokensRenterGetsTheirRentingsHandoverPhoto(t *testing.T) {
	t.Parallel()
	p := newRenterPage(t)
	photo := storePhoto(t, pgadapter.NewRepository(p.pool), p.renterOf(p.anna), p.anna, "Annas Fleck an der Wand")

	status, header, body := p.get("/my-booking/" + p.anna + "/photo-" + photo + "?token=anna-token")
	if status != http.StatusOK || string(body) != "Annas Fleck an der Wand" {
		t.Fatalf("photo: %d %q", status, body)
	}
	for name, value := range map[string]string{"Content-Type": "image/jpeg", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"} {
		if header.Get(name) != value {
			t.Errorf("%s = %q, want %q", name, header.Get(name), value)
		}
	}
	if disposition := header.Get("Content-Disposition"); !strings.HasPrefix(disposition, `attachment; filename="uebergabefoto-`) || !strings.HasSuffix(disposition, `.jpg"`) {
		t.Errorf("Content-Disposition %q; want an attachment uebergabefoto-….jpg", disposition)
	}
	var reads int
	if err := p.pool.QueryRow(context.Background(), "SELECT count(*) FROM audit_log WHERE actor = 'renter (own page)' AND action = 'readDocument' AND subject = $1", "document/"+photo).Scan(&reads); err != nil || reads != 1 {
		t.Errorf("audited reads of the photo %d, %v; want 1", reads, err)
	}
	_, _, list := p.get("/my-booking/documents?token=anna-token")
	var documents struct{ Documents []struct{ ID, Type string } }
	if err := json.Unmarshal(list, &documents); err != nil {
		t.Fatal(err)
	}
	for _, d := range documents.Documents {
		if d.ID == photo || d.Type == "HANDOVER_PHOTO" {
			t.Errorf("the document list %s names the handover photo; it is shown with its handover", list)
		}
	}
}

// Attacks on the handover photos: another renter's token, another renting's id, an identity card's
// or a contract's id on the photo route all answer 404 with nothing, and nothing is recorded as read.
func TestRenterPageFiles_anotherRentersOrRentingsPhotoOrAnIdentityCardGetsNothing(t *testing.T) {
	t.Parallel()
	p := newRenterPage(t)
	repo := pgadapter.NewRepository(p.pool)
	anna, bob := p.renterOf(p.anna), p.renterOf(p.bob)
	annasPhoto := storePhoto(t, repo, anna, p.anna, "secret photo of Anna's renting")
	annasOtherPhoto := storePhoto(t, repo, anna, p.unpaid, "secret photo of Anna's other renting")
	bobsPhoto := storePhoto(t, repo, bob, p.bob, "secret photo of Bob's renting")
	var contract string
	if err := p.pool.QueryRow(context.Background(), "SELECT id FROM document WHERE renting_id = $1 AND type = 'CONTRACT'", p.anna).Scan(&contract); err != nil {
		t.Fatal(err)
	}
	photo := func(renting, id, token string) string {
		return "/my-booking/" + renting + "/photo-" + id + "?token=" + token
	}
	for name, path := range map[string]string{
		"no token":                                   "/my-booking/" + p.anna + "/photo-" + annasPhoto,
		"empty token":                                photo(p.anna, annasPhoto, ""),
		"forged token":                               photo(p.anna, annasPhoto, "forged"),
		"the renting id as token":                    photo(p.anna, annasPhoto, p.anna),
		"another renter's token":                     photo(p.anna, annasPhoto, "bob-token"),
		"another renter's token, own renting":        photo(p.bob, annasPhoto, "bob-token"),
		"own token, another renter's photo":          photo(p.bob, bobsPhoto, "anna-token"),
		"another renter's photo, own renting":        photo(p.anna, bobsPhoto, "anna-token"),
		"another renting's id":                       photo(p.unpaid, annasPhoto, "anna-token"),
		"another renting's photo":                    photo(p.anna, annasOtherPhoto, "anna-token"),
		"an identity card's id":                      photo(p.anna, p.annaCard, "anna-token"),
		"a contract's id":                            photo(p.anna, contract, "anna-token"),
		"an unknown id":                              photo(p.anna, uuid.NewString(), "anna-token"),
		"no UUID":                                    photo(p.anna, "1", "anna-token"),
		"no id":                                      photo(p.anna, "", "anna-token"),
		"a renting that is no UUID":                  photo("renting-1", annasPhoto, "anna-token"),
		"the photo's id without its prefix":          "/my-booking/" + p.anna + "/" + annasPhoto + "?token=anna-token",
		"the document route, another renter's token": "/my-booking/documents/" + annasPhoto + "?token=bob-token",
	} {
		t.Run(name, func(t *testing.T) {
			status, header, body := p.get(path)
			if status != http.StatusNotFound || strings.HasPrefix(header.Get("Content-Type"), "image/") ||
				header.Get("Content-Type") == "application/pdf" || bytes.Contains(body, []byte("secret")) || bytes.Contains(body, []byte("card")) {
				t.Errorf("%s: %d %v %q; want 404 and nothing", path, status, header, body)
			}
		})
	}
	p.wantNothingRead()
}

func TestDownload_adminGetsAHandoverPhotoByItsIdAndTheAccessIsRecorded(t *testing.T) {
	t.Parallel()
	s := newService(t)
	ids, err := s.documents.StoreUploads(context.Background(), 7, uuid.NewString(), domain.TheRenter, []domain.Upload{
		{Type: domain.TypeHandoverPhoto, Path: "damages.0.photos.0", Content: picturetest.PNG(t, 1200, 800)},
	})
	if err != nil {
		t.Fatal(err)
	}
	resp, body := s.get(&admin, "/documents/"+ids[0])
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "image/jpeg" ||
		resp.Header.Get("Content-Disposition") != `attachment; filename="uebergabefoto-7.jpg"` || resp.Header.Get("Cache-Control") != "no-store" ||
		resp.Header.Get("X-Content-Type-Options") != "nosniff" || !bytes.Equal(body, s.stored(ids[0])) {
		t.Errorf("GET /documents/%s = %d %v", ids[0], resp.StatusCode, resp.Header)
	}
	if n := s.accessesBy("hausmeister", "document/"+ids[0]); n != 1 {
		t.Errorf("%d audit entries, want 1", n)
	}
	if resp, _ := s.get(&identity.Identity{Subject: "renter-7", Role: identity.RoleAnonymous}, "/documents/"+ids[0]); resp.StatusCode != http.StatusForbidden {
		t.Errorf("a renter's token on the admin route: %d, want 403", resp.StatusCode)
	}
}
