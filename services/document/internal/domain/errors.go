// Package domain holds the document service's documents and the rules an upload must meet.
package domain

import (
	"errors"
	"strconv"
)

// ErrNotFound means the asked-for document does not exist.
var ErrNotFound = errors.New("not found")

// Message ids of the business exceptions the document service raises (SPEC section 5); the web apps
// translate them.
const (
	MsgMissing         = "missing"
	MsgInvalidSize     = "INVALID_SIZE"
	MsgInvalidImage    = "INVALID_IMAGE"
	MsgInvalidDim      = "INVALID_DIMENSION"
	MsgTooManyPixels   = "TOO_MANY_PIXELS"
	MsgNotAPDF         = "NOT_A_PDF"
	MsgInvalidFileType = "INVALID_FILETYPE"
)

// ValidationError is a business exception: which input (Path) broke which rule (MessageID), with the
// values the message needs (Params).
type ValidationError struct {
	Path      string
	MessageID string
	Params    map[string]string
}

func (e *ValidationError) Error() string {
	return e.Path + ": " + e.MessageID
}

func invalid(path, messageID string, params ...string) *ValidationError {
	p := make(map[string]string, len(params)/2)
	for i := 0; i+1 < len(params); i += 2 {
		p[params[i]] = params[i+1]
	}
	return &ValidationError{Path: path, MessageID: messageID, Params: p}
}

func itoa(n int) string { return strconv.Itoa(n) }
