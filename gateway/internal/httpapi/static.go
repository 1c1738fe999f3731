package httpapi

import (
	"errors"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"strings"
)

const (
	indexFile = "index.html"
	// hashedAssetsDir is where the web build puts files whose names carry a content hash: a new
	// build gets new names, so browsers may keep these forever.
	hashedAssetsDir = "assets/"
)

// spa serves a built single-page app: existing files as they are, and index.html for every other
// path without a file extension, so that the app's own router handles deep links. It is mounted
// for all methods (a "GET /" pattern would conflict with the mux's "/api/") and refuses all but
// GET and HEAD itself.
func spa(dir string) http.Handler {
	root := os.DirFS(dir)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if name == "" {
			name = indexFile
		}
		if serveFile(w, r, root, name) {
			return
		}
		if path.Ext(name) != "" {
			http.NotFound(w, r) // a missing asset, not a route of the app
			return
		}
		if !serveFile(w, r, root, indexFile) {
			http.NotFound(w, r)
		}
	})
}

// serveFile serves name from root if it is a regular file, with a cache policy: hashed assets for a
// year, everything else (index.html above all) revalidated on every use. When the build left a
// gzip-compressed copy beside the file (name.gz) and the client accepts gzip, that copy is sent
// instead, with Content-Encoding: gzip and the original's content type.
func serveFile(w http.ResponseWriter, r *http.Request, root fs.FS, name string) bool {
	file, info, ok := openRegular(root, name)
	if !ok {
		return false
	}
	defer file.Close()
	if gz, gzInfo, ok := openRegular(root, name+".gz"); ok {
		defer gz.Close()
		w.Header().Add("Vary", "Accept-Encoding")
		if acceptsGzip(r.Header.Get("Accept-Encoding")) {
			w.Header().Set("Content-Encoding", "gzip")
			file, info = gz, gzInfo
		}
	}
	content, ok := file.(io.ReadSeeker)
	if !ok {
		return false
	}
	if strings.HasPrefix(name, hashedAssetsDir) {
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		w.Header().Set("Cache-Control", "no-cache")
	}
	// The name (not name.gz) decides the content type.
	http.ServeContent(w, r, name, info.ModTime(), content)
	return true
}

func openRegular(root fs.FS, name string) (fs.File, fs.FileInfo, bool) {
	file, err := root.Open(name)
	if err != nil {
		return nil, nil, false
	}
	info, err := file.Stat()
	if err != nil || !info.Mode().IsRegular() {
		file.Close()
		return nil, nil, false
	}
	return file, info, true
}

// acceptsGzip reports whether an Accept-Encoding header allows gzip (not refused with q=0).
func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding != "gzip" && coding != "*" {
			continue
		}
		q := strings.ReplaceAll(strings.ToLower(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

var errNoDir = errors.New("not a directory")

// checkWebDir fails early for a configured web directory that cannot be served.
func checkWebDir(dir string) error {
	info, err := os.Stat(dir)
	if err != nil {
		return err
	}
	if !info.IsDir() {
		return errNoDir
	}
	return nil
}
