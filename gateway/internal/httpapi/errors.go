package httpapi

import (
	"encoding/json"
	"net/http"
)

// Error codes the gateway itself puts in extensions.code (subgraphs add their own).
const (
	codeBadRequest      = "BAD_REQUEST"
	codeCrossOrigin     = "CROSS_ORIGIN_REFUSED"
	codeForbidden       = "FORBIDDEN"
	codeInternal        = "INTERNAL_SERVER_ERROR"
	codeNotFound        = "NOT_FOUND"
	codePayloadTooLarge = "PAYLOAD_TOO_LARGE"
	codeTooDeep         = "QUERY_TOO_DEEP"
	codeUnsupported     = "OPERATION_NOT_SUPPORTED"
	codeUnauthorized    = "UNAUTHENTICATED"
	codeUnavailable     = "SUBGRAPH_UNAVAILABLE"
	codeWrongMediaType  = "UNSUPPORTED_MEDIA_TYPE"
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
}

// writeError answers in the GraphQL error shape, which every client of /api understands: a JSON
// object with an errors array. The message is meant for clients; details belong in the log.
func writeError(w http.ResponseWriter, status int, code, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(errorBody{Errors: []errorEntry{{Message: message, Extensions: errorExtension{Code: code}}}})
}
