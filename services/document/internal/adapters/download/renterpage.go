package download

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"semesterhaus/services/document/internal/app"
	"semesterhaus/services/document/internal/domain"
)

// PageRoutes registers the downloads of the renter's own page ("Meine Buchung") on mux; the gateway
// forwards /api/my-booking/... here:
//
//	GET /my-booking/{rentingId}/contract.pdf?token=…  the renting's contract (signed once signed)
//	GET /my-booking/{rentingId}/receipt.pdf?token=…   the paid renting's receipt
//	GET /my-booking/{rentingId}/photo-{documentId}?token=…  a photo of the renting's handover
//	GET /my-booking/documents?token=…                 the list of the renter's documents (JSON)
//	GET /my-booking/documents/{documentId}?token=…    one of them, as stored
//
// The page token is the only credential: an unknown, expired or another renter's token, another
// renter's renting or document and a file that does not exist yet all answer 404 alike.
func PageRoutes(mux *http.ServeMux, files *app.RenterPageFiles, logger *slog.Logger) {
	h := handler{logger: logger}
	mux.HandleFunc("GET /my-booking/documents", func(w http.ResponseWriter, r *http.Request) {
		h.listPageDocuments(w, r, files)
	})
	mux.HandleFunc("GET /my-booking/documents/{documentId}", func(w http.ResponseWriter, r *http.Request) {
		token := r.URL.Query().Get("token")
		if token == "" {
			http.NotFound(w, r)
			return
		}
		h.serve(w, r, func(ctx context.Context) (domain.Document, error) {
			return files.Document(ctx, token, r.PathValue("documentId"))
		})
	})
	mux.HandleFunc("GET /my-booking/{rentingId}/{file}", func(w http.ResponseWriter, r *http.Request) {
		token, rentingID := r.URL.Query().Get("token"), r.PathValue("rentingId")
		var load func(context.Context) (domain.Document, error)
		photoID, isPhoto := strings.CutPrefix(r.PathValue("file"), "photo-")
		switch {
		case r.PathValue("file") == "contract.pdf":
			load = func(ctx context.Context) (domain.Document, error) { return files.Contract(ctx, token, rentingID) }
		case r.PathValue("file") == "receipt.pdf":
			load = func(ctx context.Context) (domain.Document, error) { return files.Receipt(ctx, token, rentingID) }
		case isPhoto:
			load = func(ctx context.Context) (domain.Document, error) {
				return files.HandoverPhoto(ctx, token, rentingID, photoID)
			}
		default:
			http.NotFound(w, r)
			return
		}
		if token == "" {
			http.NotFound(w, r)
			return
		}
		h.serve(w, r, load)
	})
}

// pageDocument is a document in the list of the renter's own page: what it is, never its content.
type pageDocument struct {
	ID          string    `json:"id"`
	Type        string    `json:"type"`
	FileName    string    `json:"fileName"`
	ContentType string    `json:"contentType"`
	Size        int64     `json:"size"`
	UploadedAt  time.Time `json:"uploadedAt"`
}

func (h handler) listPageDocuments(w http.ResponseWriter, r *http.Request, files *app.RenterPageFiles) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	token := r.URL.Query().Get("token")
	if token == "" {
		http.NotFound(w, r)
		return
	}
	docs, err := files.Documents(r.Context(), token)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	list := make([]pageDocument, len(docs))
	for i, d := range docs {
		list[i] = pageDocument{ID: d.ID, Type: string(d.Type), FileName: d.FileName, ContentType: d.ContentType, Size: d.Size, UploadedAt: d.UploadedAt}
	}
	w.Header().Set("Content-Type", "application/json")
	if err := json.NewEncoder(w).Encode(map[string]any{"documents": list}); err != nil {
		h.logger.WarnContext(r.Context(), "document list interrupted", "err", err)
	}
}
