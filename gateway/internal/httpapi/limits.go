package httpapi

import (
	"net/http"
)

// limitBody refuses request bodies above maxBytes with 413. A declared Content-Length is checked
// before anything is read; a chunked body is cut off by MaxBytesReader once it passes the limit,
// and the handler reading it then answers 413 (see isTooLarge).
func limitBody(maxBytes int64, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > maxBytes {
			// Not reading the body means the connection cannot be reused; say so instead of
			// letting the client find out.
			w.Header().Set("Connection", "close")
			writeError(w, http.StatusRequestEntityTooLarge, codePayloadTooLarge, "request body too large")
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, maxBytes)
		next.ServeHTTP(w, r)
	})
}
