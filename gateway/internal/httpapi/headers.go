package httpapi

import (
	"mime"
	"net/http"
)

// pagePolicy is the Content-Security-Policy of every answer but a PDF: scripts only from the
// gateway's own files (no inline script, no eval), no plugins, no <base>, forms post to the gateway
// only, and no other site may frame the page (clickjacking). Styles may be inline: antd writes its
// styles at run time and the pages style elements; style is no script.
const pagePolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; frame-src 'self'; " +
	"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// pdfPolicy lets the signing page show the contract in a frame of the gateway's own origin, and no
// other site.
const pdfPolicy = "frame-ancestors 'self'"

// hstsPolicy keeps browsers on HTTPS for a year once they have seen the site over HTTPS.
const hstsPolicy = "max-age=31536000; includeSubDomains"

// withSecurityHeaders puts the security headers on every answer, the forwarded pages of the payment
// and signing sandboxes and every error included: the content security policy and X-Frame-Options
// (framing: DENY, for a PDF SAMEORIGIN), X-Content-Type-Options nosniff, a Referrer-Policy that sends
// no address with capability links in it to another site, and with hsts Strict-Transport-Security.
// They are set when the answer's status is written, so they replace what a forwarded service sent.
func withSecurityHeaders(hsts bool, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(&securityHeaderWriter{ResponseWriter: w, hsts: hsts}, r)
	})
}

type securityHeaderWriter struct {
	http.ResponseWriter
	hsts    bool
	written bool
}

func (s *securityHeaderWriter) WriteHeader(status int) {
	if status >= http.StatusOK { // an informational answer (100 Continue) comes before the real one
		s.setHeaders()
	}
	s.ResponseWriter.WriteHeader(status)
}

func (s *securityHeaderWriter) Write(p []byte) (int, error) {
	s.setHeaders()
	return s.ResponseWriter.Write(p)
}

// Unwrap lets http.ResponseController (the reverse proxy's flushes) reach the connection.
func (s *securityHeaderWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }

func (s *securityHeaderWriter) setHeaders() {
	if s.written {
		return
	}
	s.written = true
	h := s.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "same-origin")
	if s.hsts {
		h.Set("Strict-Transport-Security", hstsPolicy)
	}
	if mediaType, _, _ := mime.ParseMediaType(h.Get("Content-Type")); mediaType == "application/pdf" {
		h.Set("Content-Security-Policy", pdfPolicy)
		h.Set("X-Frame-Options", "SAMEORIGIN")
		return
	}
	h.Set("Content-Security-Policy", pagePolicy)
	h.Set("X-Frame-Options", "DENY")
}
