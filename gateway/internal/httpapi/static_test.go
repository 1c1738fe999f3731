package httpapi

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

func TestSPA_precompressedCopy_sentToClientsThatAcceptGzip(t *testing.T) {
	dir := t.TempDir()
	script := []byte("console.log('the booking site');")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, _ = zw.Write(script)
	_ = zw.Close()
	for name, content := range map[string][]byte{
		"index.html":              []byte("<!doctype html>index"),
		"assets/app-1a2b3c.js":    script,
		"assets/app-1a2b3c.js.gz": gz.Bytes(),
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	handler := spa(dir)

	cases := []struct {
		acceptEncoding string
		wantEncoding   string
	}{
		{"gzip, deflate, br", "gzip"},
		{"br;q=1.0, gzip;q=0.8", "gzip"},
		{"*", "gzip"},
		{"", ""},
		{"br", ""},
		{"gzip;q=0", ""},
	}
	for _, c := range cases {
		req := httptest.NewRequest(http.MethodGet, "/assets/app-1a2b3c.js", nil)
		if c.acceptEncoding != "" {
			req.Header.Set("Accept-Encoding", c.acceptEncoding)
		}
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		res := rec.Result()
		body, _ := io.ReadAll(res.Body)
		if c.wantEncoding == "gzip" {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err == nil {
				body, err = io.ReadAll(zr)
			}
			if err != nil {
				t.Errorf("Accept-Encoding %q: body is not gzip: %v", c.acceptEncoding, err)
			}
		}
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Encoding") != c.wantEncoding ||
			!bytes.Equal(body, script) || res.Header.Get("Vary") != "Accept-Encoding" ||
			res.Header.Get("Content-Type") != "text/javascript; charset=utf-8" {
			t.Errorf("Accept-Encoding %q: %d, Content-Encoding %q, Vary %q, Content-Type %q, body %q; want 200 %q and the script",
				c.acceptEncoding, res.StatusCode, res.Header.Get("Content-Encoding"), res.Header.Get("Vary"),
				res.Header.Get("Content-Type"), body, c.wantEncoding)
		}
	}

	// A file without a compressed copy is sent as it is, without Vary.
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodGet, "/booking/step1", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Encoding") != "" || rec.Body.String() != "<!doctype html>index" {
		t.Errorf("GET /booking/step1 = %d, Content-Encoding %q, body %q; want the plain index", rec.Code,
			rec.Header().Get("Content-Encoding"), rec.Body.String())
	}
}
