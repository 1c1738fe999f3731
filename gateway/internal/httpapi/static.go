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
// year, everything else (index.html above all) revalidated on every use.
func serveFile(w http.ResponseWriter, r *http.Request, root fs.FS, name string) bool {
	file, err := root.Open(name)
	if err != nil {
		return false
	}
	defer file.Close()
	info, err := file.Stat()
	if err != nil || !info.Mode().IsRegular() {
		return false
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
	http.ServeContent(w, r, name, info.ModTime(), content)
	return true
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
