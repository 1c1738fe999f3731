package main

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWebApps_servedWithFallbackToIndexAndCachePolicy(t *testing.T) {
	public := webApp(t, "public")
	admin := webApp(t, "admin")
	gw := startGateway(t, withEnv("WEB_PUBLIC_DIR", public), withEnv("WEB_ADMIN_DIR", admin))

	cases := []struct {
		path, wantBody, wantCache string
		wantStatus                int
	}{
		{"/", "public index", "no-cache", http.StatusOK},
		{"/booking/12/3", "public index", "no-cache", http.StatusOK}, // a route of the app
		{"/assets/app-3f9a1c2b.js", "public script", "public, max-age=31536000, immutable", http.StatusOK},
		{"/favicon.svg", "public icon", "no-cache", http.StatusOK},
		{"/assets/gone-00000000.js", "", "", http.StatusNotFound}, // a missing file is no route
		{"/admin/", "admin index", "no-cache", http.StatusOK},
		{"/admin/renters/7", "admin index", "no-cache", http.StatusOK},
		{"/admin/assets/app-3f9a1c2b.js", "admin script", "public, max-age=31536000, immutable", http.StatusOK},
	}
	for _, c := range cases {
		res, body := get(t, gw.url+c.path)
		if res.StatusCode != c.wantStatus || !strings.Contains(body, c.wantBody) || res.Header.Get("Cache-Control") != c.wantCache {
			t.Errorf("GET %s = %d %q Cache-Control %q, want %d %q %q", c.path, res.StatusCode, body,
				res.Header.Get("Cache-Control"), c.wantStatus, c.wantBody, c.wantCache)
		}
	}
}

func TestAPI_unknownPath_404NotTheWebApp(t *testing.T) {
	gw := startGateway(t, withEnv("WEB_PUBLIC_DIR", webApp(t, "public")))
	for _, path := range []string{"/api/nothing", "/api/graphql/extra", "/api/"} {
		res, body := get(t, gw.url+path)
		if res.StatusCode != http.StatusNotFound || strings.Contains(body, "index") {
			t.Errorf("GET %s = %d %q, want 404 from the API", path, res.StatusCode, body)
		}
	}
}

func TestHealth_liveAndReady(t *testing.T) {
	gw := startGateway(t)
	for _, path := range []string{"/healthz", "/readyz"} {
		if res, body := get(t, gw.url+path); res.StatusCode != http.StatusOK {
			t.Errorf("GET %s = %d %s, want 200", path, res.StatusCode, body)
		}
	}
}

// webApp writes a built web app's shape: index.html, a hashed asset, an unhashed file.
func webApp(t *testing.T, name string) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"index.html":             "<html>" + name + " index</html>",
		"assets/app-3f9a1c2b.js": name + " script",
		"favicon.svg":            name + " icon",
	}
	for file, content := range files {
		path := filepath.Join(dir, file)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func get(t *testing.T, url string) (*http.Response, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	return res, string(readAll(t, res.Body))
}
