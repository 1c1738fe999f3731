package httpapi

import (
	"crypto/tls"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"

	"semesterhaus/gateway/internal/upstream"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/tracing"
)

// Upstream forwards requests to the services' HTTP ports.
type Upstream struct {
	// transport carries every forwarded request; with tracing on, each is a client span.
	transport http.RoundTripper
}

// NewUpstream returns the forwarder to the services, over TLS verified with tlsConfig where it is
// given (production) and plain HTTP otherwise.
func NewUpstream(tlsConfig *tls.Config) Upstream {
	return Upstream{transport: tracing.HTTPTransport(upstream.NewTransport(tlsConfig))}
}

// forwardTo points the outgoing request at target with the given path. The session cookie stays
// with the gateway, and so does any identity token a client sent.
func forwardTo(r *httputil.ProxyRequest, target *url.URL, path string) {
	r.SetURL(target)
	r.Out.URL.Path, r.Out.URL.RawPath = path, ""
	r.Out.Header.Del("Cookie")
	r.Out.Header.Del(identity.Header)
}

func unavailable(w http.ResponseWriter, _ *http.Request, _ error) {
	writeError(w, http.StatusBadGateway, codeUnavailable, "service temporarily unavailable")
}

// Forward serves a service's public pages and its provider's webhooks (the sandbox signing and
// checkout pages, /api/webhooks/...): the request goes on unchanged, body, headers and query, but for
// the path (from is replaced by to), the session cookie and any identity token, so whoever calls
// these is anonymous to the service.
func (u Upstream) Forward(target *url.URL, from, to string) http.Handler {
	return &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			forwardTo(r, target, to+strings.TrimPrefix(r.In.URL.Path, from))
		},
		ErrorHandler: unavailable,
		Transport:    u.transport,
	}
}

// Documents serves the admins' document downloads by forwarding them to the document service with
// the admin's identity token: GET /api/renter/{id}/identity/{front|back} and GET /api/documents/{id}.
// The gateway refuses anybody else before forwarding; the document service checks the token again
// and audits every access.
type Documents struct {
	identify func(*http.Request) identity.Identity
	signer   TokenSigner
	proxy    *httputil.ReverseProxy
}

// NewDocuments forwards to the document service's HTTP address, e.g. http://127.0.0.1:8104.
func (u Upstream) Documents(target *url.URL, identify func(*http.Request) identity.Identity, signer TokenSigner) *Documents {
	proxy := &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			forwardTo(r, target, documentPath(r.In))
			r.Out.URL.RawQuery = ""
			r.Out.Header.Set(identity.Header, r.In.Header.Get(identity.Header)) // the gateway's, set below
		},
		ErrorHandler: unavailable,
		Transport:    u.transport,
	}
	return &Documents{identify: identify, signer: signer, proxy: proxy}
}

// documentPath is the document service's path for a gateway path.
func documentPath(r *http.Request) string {
	if id := r.PathValue("renterId"); id != "" {
		return "/identity/" + url.PathEscape(id) + "/" + url.PathEscape(r.PathValue("side"))
	}
	return "/documents/" + url.PathEscape(r.PathValue("documentId"))
}

func (d *Documents) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	caller := d.identify(r)
	if !caller.IsAdmin() {
		writeError(w, http.StatusUnauthorized, codeUnauthorized, "sign in as an administrator")
		return
	}
	token, err := d.signer.Sign(caller, "document")
	if err != nil {
		writeError(w, http.StatusInternalServerError, codeInternal, "internal error")
		return
	}
	r.Header.Set(identity.Header, token)
	d.proxy.ServeHTTP(w, r)
}
