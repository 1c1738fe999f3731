package httpapi

import (
	"net/http"
	"net/http/httputil"
	"net/url"

	"semesterhaus/platform/identity"
)

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
func NewDocuments(target *url.URL, identify func(*http.Request) identity.Identity, signer TokenSigner) *Documents {
	d := &Documents{identify: identify, signer: signer}
	d.proxy = &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			r.SetURL(target)
			r.Out.URL.Path = documentPath(r.In)
			r.Out.URL.RawPath = ""
			r.Out.URL.RawQuery = ""
			r.Out.Header.Del("Cookie") // the session stays with the gateway
		},
		ErrorHandler: func(w http.ResponseWriter, _ *http.Request, _ error) {
			writeError(w, http.StatusBadGateway, codeUnavailable, "service temporarily unavailable")
		},
	}
	return d
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
	token, err := d.signer.Sign(caller)
	if err != nil {
		writeError(w, http.StatusInternalServerError, codeInternal, "internal error")
		return
	}
	r.Header.Set(identity.Header, token)
	d.proxy.ServeHTTP(w, r)
}
