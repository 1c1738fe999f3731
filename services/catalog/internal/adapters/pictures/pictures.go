// Package pictures serves the files of the apartments' uploaded pictures over HTTP, to anybody: the
// gateway forwards GET /api/pictures/{id}/{file} here, and the booking site's srcset names them.
package pictures

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"semesterhaus/services/catalog/internal/domain"
)

// Route is the pattern the handler serves: {file} is "{width}-{sha256}.jpg" (domain.PictureFileName).
const Route = "GET /pictures/{id}/{file}"

// Files is the use case the handler needs.
type Files interface {
	PictureFile(ctx context.Context, fileID string, width int) (domain.PictureFile, error)
}

// NewHandler serves Route: a file whose name says its width and the start of its content's SHA-256,
// so that an address always means the same bytes and browsers and caches may keep them for a year
// without asking again. A name that does not match the stored file is 404.
func NewHandler(files Files, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		width, ok := widthOf(r.PathValue("file"))
		if !ok {
			http.NotFound(w, r)
			return
		}
		f, err := files.PictureFile(r.Context(), r.PathValue("id"), width)
		switch {
		case errors.Is(err, domain.ErrNotFound):
			http.NotFound(w, r)
			return
		case err != nil:
			logger.ErrorContext(r.Context(), "picture file failed", "path", r.URL.Path, "err", err)
			http.Error(w, "internal error", http.StatusInternalServerError)
			return
		case r.PathValue("file") != domain.PictureFileName(f.Width, f.SHA256[:]):
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		h.Set("Content-Type", "image/jpeg")
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
		h.Set("ETag", `"`+strings.TrimSuffix(r.PathValue("file"), ".jpg")+`"`)
		h.Set("X-Content-Type-Options", "nosniff")
		// ServeContent answers If-None-Match (the ETag), ranges and HEAD.
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(f.Content))
	})
}

// widthOf reads the width from a file name "{width}-{sha256}.jpg".
func widthOf(name string) (int, bool) {
	digits, _, ok := strings.Cut(name, "-")
	if !ok {
		return 0, false
	}
	width, err := strconv.Atoi(digits)
	return width, err == nil && width > 0
}
