package download

import (
	"context"
	"log/slog"
	"net/http"

	"semesterhaus/services/document/internal/app"
	"semesterhaus/services/document/internal/domain"
)

// PageRoutes registers the downloads of the renter's own page ("Meine Buchung") on mux; the gateway
// forwards /api/my-booking/... here:
//
//	GET /my-booking/{rentingId}/contract.pdf?token=…  the renting's contract (signed once signed)
//	GET /my-booking/{rentingId}/receipt.pdf?token=…   the paid renting's receipt
//
// The page token is the only credential: an unknown, expired or another renter's token, another
// renter's renting and a file that does not exist yet all answer 404 alike.
func PageRoutes(mux *http.ServeMux, files *app.RenterPageFiles, logger *slog.Logger) {
	h := handler{logger: logger}
	mux.HandleFunc("GET /my-booking/{rentingId}/{file}", func(w http.ResponseWriter, r *http.Request) {
		token, rentingID := r.URL.Query().Get("token"), r.PathValue("rentingId")
		var load func(context.Context) (domain.Document, error)
		switch r.PathValue("file") {
		case "contract.pdf":
			load = func(ctx context.Context) (domain.Document, error) { return files.Contract(ctx, token, rentingID) }
		case "receipt.pdf":
			load = func(ctx context.Context) (domain.Document, error) { return files.Receipt(ctx, token, rentingID) }
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
