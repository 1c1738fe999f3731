// Package emaillink serves the link of the confirmation mail. The gateway forwards
// GET /api/verify?email=…&token=… here (docs/booking.md, "E-mail confirmation").
package emaillink

import (
	"context"
	"log/slog"
	"net/http"
	"net/url"

	"semesterhaus/services/renting/internal/domain"
)

// Confirmer confirms the e-mail of a booking request (app.Booking).
type Confirmer interface {
	ConfirmEmail(ctx context.Context, email, token string) (domain.Outcome, string, error)
}

// Routes registers GET /verify?email=…&token=… on mux: it confirms the e-mail and sends the browser
// to the booking step that follows.
func Routes(mux *http.ServeMux, rentings Confirmer, logger *slog.Logger) {
	mux.Handle("GET /verify", handler{rentings: rentings, logger: logger})
}

type handler struct {
	rentings Confirmer
	logger   *slog.Logger
}

func (h handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	email, token := r.URL.Query().Get("email"), r.URL.Query().Get("token")
	if email == "" || token == "" {
		http.Redirect(w, r, nextStep(domain.InvalidToken, ""), http.StatusSeeOther)
		return
	}
	outcome, rentingID, err := h.rentings.ConfirmEmail(r.Context(), email, token)
	if err != nil {
		h.logger.ErrorContext(r.Context(), "e-mail confirmation failed", "err", err)
		w.Header().Set("Retry-After", "30")
		http.Error(w, "Die Bestätigung ist gerade nicht möglich, bitte versuche es gleich noch einmal.\n"+
			"The confirmation is not possible right now, please try again in a moment.", http.StatusServiceUnavailable)
		return
	}
	http.Redirect(w, r, nextStep(outcome, rentingID), http.StatusSeeOther)
}

// nextStep is the booking site's page for an outcome: confirmed, apartment taken meanwhile (the
// renter may choose another), or a link that does not work.
func nextStep(outcome domain.Outcome, rentingID string) string {
	query := url.Values{}
	if rentingID != "" {
		query.Set("rentingId", rentingID)
	}
	switch outcome {
	case domain.Confirmed:
		return "/booking/step3done?" + query.Encode()
	case domain.ApartmentTaken:
		return "/booking/step3failed?" + query.Encode()
	default:
		query.Set("reason", string(outcome))
		return "/booking/step3failed?" + query.Encode()
	}
}
