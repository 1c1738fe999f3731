package pictures_test

import (
	"bytes"
	"context"
	"image/jpeg"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"semesterhaus/platform/identity"
	"semesterhaus/platform/pgtest"
	"semesterhaus/platform/picture/picturetest"
	"semesterhaus/services/catalog/internal/adapters/pictures"
	"semesterhaus/services/catalog/internal/domain"
	"semesterhaus/services/catalog/internal/testenv"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestRoute_servesAnUploadedPicturesFilesToAnybody_cacheableForGood(t *testing.T) {
	t.Parallel()
	catalog := testenv.NewCatalog(t, time.Now)
	admin := identity.WithIdentity(context.Background(), identity.Identity{Subject: "admin", Role: identity.RoleAdmin})
	upload := domain.PictureUpload{Content: picturetest.PNG(t, 1200, 800), DescriptionDe: "Blick", DescriptionEn: "View"}
	if err := catalog.UploadApartmentPicture(admin, 12, upload); err != nil {
		t.Fatal(err)
	}
	a, err := catalog.Apartment(context.Background(), 12)
	if err != nil {
		t.Fatal(err)
	}
	p := a.Pictures[3]
	mux := http.NewServeMux()
	mux.Handle(pictures.Route, pictures.NewHandler(catalog, slog.New(slog.DiscardHandler)))
	server := httptest.NewServer(mux)
	t.Cleanup(server.Close)
	// The gateway forwards /api/pictures/... to /pictures/... with no cookie and no identity.
	path := func(url string) string { return server.URL + strings.TrimPrefix(url, "/api") }

	for _, src := range strings.Split(p.Sources[0].Srcset, ", ") {
		url, width, _ := strings.Cut(src, " ")
		res, body := get(t, path(url), nil)
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/jpeg" ||
			res.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" || res.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Fatalf("GET %s = %d %v", url, res.StatusCode, res.Header)
		}
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(body))
		if err != nil || width != strconv.Itoa(cfg.Width)+"w" {
			t.Errorf("GET %s: a JPEG %d px wide (%v), srcset says %s", url, cfg.Width, err, width)
		}
		// A browser that has it asks with its ETag and gets 304.
		again, _ := get(t, path(url), http.Header{"If-None-Match": {res.Header.Get("ETag")}})
		if again.StatusCode != http.StatusNotModified {
			t.Errorf("GET %s with its ETag = %d, want 304", url, again.StatusCode)
		}
	}

	widest := strings.TrimPrefix(p.URL, "/api/pictures/"+p.File+"/")
	for _, wrong := range []string{
		"/pictures/" + p.File + "/960-0000000000000000.jpg",                  // another content's hash
		"/pictures/" + p.File + "/480-" + strings.TrimPrefix(widest, "960-"), // the 960's hash for the 480
		"/pictures/" + p.File + "/961-" + strings.TrimPrefix(widest, "960-"),
		"/pictures/" + p.File + "/960",
		"/pictures/not-a-uuid/" + widest,
		"/pictures/5f0e1c1e-0000-4000-8000-000000000000/" + widest,
	} {
		if res, _ := get(t, server.URL+wrong, nil); res.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s = %d, want 404", wrong, res.StatusCode)
		}
	}
}

func get(t *testing.T, url string, header http.Header) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, body
}
