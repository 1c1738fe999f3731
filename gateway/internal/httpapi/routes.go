// Package httpapi is the gateway's HTTP surface: /api/graphql, sign-in under /api/auth, /api/whoami,
// health and the two web apps, behind the request body limit, the cross-origin check and the
// security headers. Prometheus metrics have a port of their own (MetricsHandler).
package httpapi

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"semesterhaus/gateway/internal/auth"
	"semesterhaus/platform/health"
	"semesterhaus/platform/metrics"
	"semesterhaus/platform/tracing"
)

// Routes are the handlers and settings the router mounts.
type Routes struct {
	GraphQL *GraphQL
	// Verify forwards the confirmation mail's link to the renting service.
	Verify http.Handler
	// Pictures forwards the files of the apartments' uploaded pictures to the catalog, for anybody.
	Pictures  http.Handler
	Documents *Documents
	// Signing and Payment forward the sandbox pages and the providers' webhooks of the document and
	// payment services.
	Signing, SigningWebhook, Checkout, PaymentWebhook http.Handler
	// Pay forwards the payment page, the mails' payment link, which sends the renter on to an open
	// checkout, to the payment service.
	Pay http.Handler
	// RenterPageFiles forwards the renter's own page's downloads (contract, receipt, the list of the
	// renter's documents and each of them) to the document service, which checks the page token in
	// the query.
	RenterPageFiles http.Handler
	Auth            *auth.Service
	// ReadinessChecks decide /readyz; /healthz answers as long as the process serves HTTP.
	ReadinessChecks []health.Check
	// PublicDir and AdminDir hold the built web apps, served at / and /admin/ when set.
	PublicDir, AdminDir string
	MaxBodyBytes        int64
	// TrustedOrigins may post besides the gateway's own origin (PUBLIC_ORIGINS).
	TrustedOrigins []string
	// HSTS sends Strict-Transport-Security (production, behind TLS).
	HSTS   bool
	Logger *slog.Logger
}

// NewRouter returns the gateway's handler.
func NewRouter(routes Routes) (http.Handler, error) {
	mux := http.NewServeMux()
	mux.Handle("POST /api/graphql", routes.GraphQL)
	mux.Handle("GET /api/graphql", routes.GraphQL)
	mux.HandleFunc("POST /api/auth/login", routes.Auth.Login)
	mux.HandleFunc("POST /api/auth/logout", routes.Auth.Logout)
	mux.HandleFunc("GET /api/whoami", routes.Auth.WhoAmI)
	mux.HandleFunc("GET /api/auth/sso", routes.Auth.SSOStatus)
	mux.HandleFunc("GET /api/auth/sso/login", routes.Auth.SSOLogin)
	mux.HandleFunc("GET /api/auth/sso/callback", routes.Auth.SSOCallback)
	mux.Handle("GET /api/verify", routes.Verify)
	mux.Handle("GET /api/pictures/{id}/{file}", routes.Pictures)
	mux.Handle("GET /api/renter/{renterId}/identity/{side}", routes.Documents)
	mux.Handle("GET /api/documents/{documentId}", routes.Documents)
	mux.Handle("GET /api/my-booking/{rentingId}/{file}", routes.RenterPageFiles)
	mux.Handle("GET /api/my-booking/documents", routes.RenterPageFiles)
	mux.Handle("/api/signing/", routes.Signing)
	mux.Handle(signingWebhookRoute, routes.SigningWebhook)
	mux.Handle("/api/checkout/", routes.Checkout)
	mux.Handle("GET /api/pay/{paymentId}", routes.Pay)
	mux.Handle(paymentWebhookRoute, routes.PaymentWebhook)
	// Everything else under /api is unknown: answer 404 rather than letting the web app's
	// index.html reply to an API call.
	mux.HandleFunc("/api/", notFound)
	health.Mux(mux, routes.ReadinessChecks...)
	// The metrics are on their own port; here the path answers 404 rather than the web app's index.html.
	mux.HandleFunc(metrics.Path, notFound)
	if err := mountWebApps(mux, routes.PublicDir, routes.AdminDir); err != nil {
		return nil, err
	}
	sameOrigin, err := refuseCrossOrigin(routes.TrustedOrigins, limitBody(routes.MaxBodyBytes, mux))
	if err != nil {
		return nil, err
	}
	// Request metrics see the route the mux matched; the span of a request (when tracing is on)
	// starts a new trace, whatever a client sends.
	handler := withSecurityHeaders(routes.HSTS, metrics.HTTP(sameOrigin))
	handler = tracing.HTTPHandler(handler, "gateway", tracing.Public())
	if routes.Logger.Enabled(context.Background(), slog.LevelDebug) {
		handler = accessLog(routes.Logger, handler)
	}
	return handler, nil
}

func notFound(w http.ResponseWriter, _ *http.Request) {
	writeError(w, http.StatusNotFound, codeNotFound, "not found")
}

// MetricsHandler serves the Prometheus metrics at /metrics, for the gateway's metrics port.
func MetricsHandler() http.Handler {
	mux := http.NewServeMux()
	metrics.Mount(mux)
	return mux
}

func mountWebApps(mux *http.ServeMux, publicDir, adminDir string) error {
	if adminDir != "" {
		if err := checkWebDir(adminDir); err != nil {
			return fmt.Errorf("WEB_ADMIN_DIR: %w", err)
		}
		mux.Handle("/admin/", http.StripPrefix("/admin", spa(adminDir)))
		mux.Handle("/admin", http.RedirectHandler("/admin/", http.StatusMovedPermanently))
	}
	if publicDir != "" {
		if err := checkWebDir(publicDir); err != nil {
			return fmt.Errorf("WEB_PUBLIC_DIR: %w", err)
		}
		mux.Handle("/", spa(publicDir))
	}
	return nil
}

// accessLog logs every request at debug level. It is only installed when debug logging is on, so
// the hot path pays nothing for it otherwise.
func accessLog(logger *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		recorder := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(recorder, r)
		logger.Debug("request", "method", r.Method, "path", r.URL.Path, "status", recorder.status, "duration", time.Since(start))
	})
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(status int) {
	s.status = status
	s.ResponseWriter.WriteHeader(status)
}
