package httpapi

import (
	"encoding/json"
	"math"
	"net/http"
	"strconv"
	"time"
)

// Error codes the gateway itself puts in extensions.code (subgraphs add their own).
const (
	codeBadRequest       = "BAD_REQUEST"
	codeCrossOrigin      = "CROSS_ORIGIN_REFUSED"
	codeForbidden        = "FORBIDDEN"
	codeInternal         = "INTERNAL_SERVER_ERROR"
	codeInvalidOperation = "GRAPHQL_VALIDATION_FAILED"
	codeNotFound         = "NOT_FOUND"
	codePayloadTooLarge  = "PAYLOAD_TOO_LARGE"
	codeQueryTooLarge    = "QUERY_TOO_LARGE"
	codeTimeout          = "OPERATION_TIMEOUT"
	codeTooDeep          = "QUERY_TOO_DEEP"
	codeTooExpensive     = "QUERY_TOO_EXPENSIVE"
	codeTooMany          = "TOO_MANY_REQUESTS"
	codeUnsupported      = "OPERATION_NOT_SUPPORTED"
	codeUnauthorized     = "UNAUTHENTICATED"
	codeUnavailable      = "SUBGRAPH_UNAVAILABLE"
	codeWrongMediaType   = "UNSUPPORTED_MEDIA_TYPE"
)

type errorBody struct {
	Errors []errorEntry `json:"errors"`
}

type errorEntry struct {
	Message    string         `json:"message"`
	Extensions errorExtension `json:"extensions"`
}

type errorExtension struct {
	Code string `json:"code"`
	// RetryAfter is in seconds, as the Retry-After header, for clients that cannot read headers.
	RetryAfter int `json:"retryAfter,omitempty"`
}

// writeError answers in the GraphQL error shape, which every client of /api understands: a JSON
// object with an errors array. The message is meant for clients; details belong in the log.
func writeError(w http.ResponseWriter, status int, code, message string) {
	writeErrorEntry(w, status, errorEntry{Message: message, Extensions: errorExtension{Code: code}})
}

// writeTooManyRequests answers 429 with when to try again, in the header and in the error.
func writeTooManyRequests(w http.ResponseWriter, retryAfter time.Duration, message string) {
	seconds := max(1, int(math.Ceil(retryAfter.Seconds())))
	w.Header().Set("Retry-After", strconv.Itoa(seconds))
	writeErrorEntry(w, http.StatusTooManyRequests, errorEntry{Message: message, Extensions: errorExtension{Code: codeTooMany, RetryAfter: seconds}})
}

func writeErrorEntry(w http.ResponseWriter, status int, entry errorEntry) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(errorBody{Errors: []errorEntry{entry}})
}
