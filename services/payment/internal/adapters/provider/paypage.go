package provider

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"semesterhaus/services/payment/internal/domain"
)

// canceledBooking is what the payment page and the sandbox's checkout say of a cancelled booking's
// payment, in both languages of the residence.
const canceledBooking = "Diese Buchung wurde storniert, es ist nichts mehr zu bezahlen. / This booking was cancelled; there is nothing left to pay."

// debitUnderWay is what the payment page says while a completed payment's debit is under way.
const debitUnderWay = "Deine Lastschrift ist unterwegs; sobald das Geld da ist, bekommst du eine E-Mail. / Your direct debit is under way; you get an e-mail once the money is there."

// Checkouts is the use case behind the payment page.
type Checkouts interface {
	CheckoutFor(ctx context.Context, paymentID string) (domain.Payment, error)
}

// PaymentPageRoute registers GET /pay/{paymentId}, the link of the mails and the booking's payment
// step (the gateway forwards /api/pay/…; public: the payment id is the capability). It sends the
// renter (303) to a checkout session that is open now — a Stripe session lives 24 hours, a link in a
// reminder must outlive it — or, once paid, to the booking's done page. A cancelled booking's payment
// gets 410 and says so.
func PaymentPageRoute(mux *http.ServeMux, payments Checkouts, publicURL string, logger *slog.Logger) {
	pages := bookingPages(publicURL)
	mux.HandleFunc("GET /pay/{paymentId}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		p, err := payments.CheckoutFor(r.Context(), r.PathValue("paymentId"))
		switch {
		case errors.Is(err, domain.ErrNotFound):
			http.Error(w, "Zahlung nicht gefunden / payment not found", http.StatusNotFound)
		case err != nil:
			logger.ErrorContext(r.Context(), "payment page", "payment", r.PathValue("paymentId"), "err", err)
			http.Error(w, "Zahlungsdienst nicht erreichbar, bitte versuche es gleich noch einmal / payment provider unavailable, please try again in a moment", http.StatusBadGateway)
		case p.Status == domain.StatusProcessing:
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			_, _ = io.WriteString(w, debitUnderWay)
		case p.Status == domain.StatusCanceled:
			http.Error(w, canceledBooking, http.StatusGone)
		case p.Status == domain.StatusPaid:
			http.Redirect(w, r, pages.done(p.RentingID), http.StatusSeeOther)
		default:
			http.Redirect(w, r, p.Checkout.URL, http.StatusSeeOther)
		}
	})
}
