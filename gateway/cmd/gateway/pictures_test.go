package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image/jpeg"
	"net/http"
	"strings"
	"testing"

	"semesterhaus/platform/picture/picturetest"
	"semesterhaus/services/catalog/catalogtest"
)

// withCatalogHTTP serves the whole HTTP port of a test catalog (GraphQL and the pictures' files) to
// the gateway, as SUBGRAPH_URLS and CATALOG_URL.
func withCatalogHTTP(t *testing.T, gw *testGateway) {
	base := catalogtest.NewHTTPServer(t, gw.publicKey)
	t.Setenv("SUBGRAPH_URLS", "catalog="+base+"/graphql")
	t.Setenv("CATALOG_URL", base)
}

const uploadPicture = `mutation($p: PictureUpload!) { uploadApartmentPicture(apartmentId: 12, picture: $p) { exception { path messageId } } }`

// TestPictures_anonymousUploadRefused_adminsUploadServedToAnybodyCacheableForGood: an upload (a real
// PNG of about 60 KB as base64, lifted out of the request and put back on the way to the catalog) is
// refused to an anonymous caller, with and without a session of another kind, and changes nothing;
// the admin's is stored, and its files reach anybody at the URLs the booking site gets, with cache
// headers that keep them for good.
func TestPictures_anonymousUploadRefused_adminsUploadServedToAnybodyCacheableForGood(t *testing.T) {
	gw := startGateway(t, withCatalogHTTP)
	body, _ := json.Marshal(map[string]any{"query": uploadPicture, "variables": map[string]any{"p": map[string]any{
		"content":       base64.StdEncoding.EncodeToString(picturetest.PNG(t, 1200, 800)),
		"descriptionDe": "Blick aus dem Fenster", "descriptionEn": "View from the window",
	}}})
	type pictures struct {
		ApartmentByID struct {
			Pictures []struct {
				URL     string
				Sources []struct{ Type, Srcset string }
			}
		}
	}
	read := func() pictures {
		var data pictures
		res := gw.query(t, browser(t), `{ apartmentById(id: 12) { pictures { url sources { type srcset } } } }`)
		if err := json.Unmarshal(res.Data, &data); err != nil {
			t.Fatalf("%v: %s", err, res.raw)
		}
		return data
	}

	refused := decodeGraphQL(t, gw.send(t, browser(t), "/api/graphql", "application/json", body))
	if refused.errorCode() != "FORBIDDEN" || hasData(refused) {
		t.Errorf("anonymous upload = %s, want FORBIDDEN and no data", refused.raw)
	}
	if n := len(read().ApartmentByID.Pictures); n != 3 {
		t.Fatalf("pictures after the refused upload: %d, want the demo's 3", n)
	}

	admin := browser(t)
	gw.login(t, admin, "admin", adminPassword)
	uploaded := decodeGraphQL(t, gw.send(t, admin, "/api/graphql", "application/json", body))
	if len(uploaded.Errors) > 0 || !strings.Contains(uploaded.raw, `"exception":null`) {
		t.Fatalf("admin's upload = %s", uploaded.raw)
	}
	after := read().ApartmentByID.Pictures
	if len(after) != 4 || len(after[3].Sources) != 1 {
		t.Fatalf("pictures after the admin's upload: %+v", after)
	}
	srcset := strings.Split(after[3].Sources[0].Srcset, ", ")
	if len(srcset) != 2 || !strings.HasSuffix(srcset[0], " 480w") || !strings.HasSuffix(srcset[1], " 960w") {
		t.Fatalf("srcset %q, want 480 and 960 px wide", after[3].Sources[0].Srcset)
	}
	for _, src := range srcset {
		url, _, _ := strings.Cut(src, " ")
		res, content := get(t, gw.url+url)
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/jpeg" ||
			res.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Fatalf("GET %s = %d %v", url, res.StatusCode, res.Header)
		}
		checkPageHeaders(t, "GET "+url, res.Header)
		if _, err := jpeg.DecodeConfig(bytes.NewReader([]byte(content))); err != nil {
			t.Errorf("GET %s: no JPEG: %v", url, err)
		}
	}
	if res, _ := get(t, gw.url+"/api/pictures/"+strings.Repeat("0", 8)+"/960-0.jpg"); res.StatusCode != http.StatusNotFound {
		t.Errorf("an unknown picture = %d, want 404", res.StatusCode)
	}
}
