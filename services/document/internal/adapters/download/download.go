// Package download serves stored documents to admins' browsers over HTTP. The gateway forwards
// /api/renter/{id}/identity/{side} and /api/documents/{id} here with the caller's identity token.
package download

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"

	"semesterhaus/platform/identity"
	"semesterhaus/services/document/internal/app"
	"semesterhaus/services/document/internal/domain"
)

// Routes registers the downloads on mux:
//
//	GET /identity/{renterId}/{side}  the newest identity card copy of a side (front or back)
//	GET /documents/{documentId}      any document by id
//
// Both are for admins only; every access is recorded before a byte is sent.
func Routes(mux *http.ServeMux, documents *app.Documents, verifier *identity.Verifier, logger *slog.Logger) {
	h := handler{documents: documents, logger: logger}
	withIdentity := identity.Middleware(verifier)
	mux.Handle("GET /identity/{renterId}/{side}", withIdentity(http.HandlerFunc(h.identityCard)))
	mux.Handle("GET /documents/{documentId}", withIdentity(http.HandlerFunc(h.document)))
}

type handler struct {
	documents *app.Documents
	logger    *slog.Logger
}

func (h handler) identityCard(w http.ResponseWriter, r *http.Request) {
	renterID, err := strconv.ParseInt(r.PathValue("renterId"), 10, 64)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	h.serve(w, r, func(ctx context.Context) (domain.Document, error) {
		return h.documents.IdentityCard(ctx, renterID, r.PathValue("side"))
	})
}

func (h handler) document(w http.ResponseWriter, r *http.Request) {
	h.serve(w, r, func(ctx context.Context) (domain.Document, error) {
		return h.documents.Document(ctx, r.PathValue("documentId"))
	})
}

// serve sends the loaded document as an attachment that no cache keeps and no browser reinterprets.
func (h handler) serve(w http.ResponseWriter, r *http.Request, load func(context.Context) (domain.Document, error)) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	doc, err := load(r.Context())
	if err != nil {
		h.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", doc.ContentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(doc.Content)))
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", doc.FileName))
	if _, err := w.Write(doc.Content); err != nil {
		h.logger.WarnContext(r.Context(), "document download interrupted", "document", doc.ID, "err", err)
	}
}

// fail is the one place where the downloads' errors become HTTP statuses. Every caller who is not an
// admin gets 403: the gateway signs in, so there is nothing to authenticate against here.
func (h handler) fail(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case errors.Is(err, identity.ErrForbidden):
		http.Error(w, "forbidden", http.StatusForbidden)
	case errors.Is(err, domain.ErrNotFound):
		http.NotFound(w, r)
	default:
		h.logger.ErrorContext(r.Context(), "document download failed", "path", r.URL.Path, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
	}
}
