package httpapi

import (
	"fmt"
	"net/http"
)

// The webhooks are posted by the payment and signing providers, server to server: no browser, no
// cookie, and each report is signed, so they need no origin check.
const (
	paymentWebhookRoute = "POST /api/webhooks/payment"
	signingWebhookRoute = "POST /api/webhooks/signing"
)

// refuseCrossOrigin refuses every state-changing request (anything but GET, HEAD and OPTIONS) that
// a browser sends from a page of another origin, including another port of the same host, with 403
// before any handler runs. It trusts the browser's Sec-Fetch-Site header and, in browsers without it,
// compares Origin with the Host the request was sent to (net/http's CrossOriginProtection); clients
// that send neither (curl, the providers) are not browsers and carry no victim's cookie.
// trustedOrigins are further origins whose pages may post. SameSite=Strict on the session cookie is
// the second lock.
func refuseCrossOrigin(trustedOrigins []string, next http.Handler) (http.Handler, error) {
	protection := http.NewCrossOriginProtection()
	for _, origin := range trustedOrigins {
		if err := protection.AddTrustedOrigin(origin); err != nil {
			return nil, fmt.Errorf("PUBLIC_ORIGINS: %w", err)
		}
	}
	for _, route := range []string{paymentWebhookRoute, signingWebhookRoute} {
		protection.AddInsecureBypassPattern(route)
	}
	protection.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		writeError(w, http.StatusForbidden, codeCrossOrigin, "cross-origin request refused")
	}))
	return protection.Handler(next), nil
}
