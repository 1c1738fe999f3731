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

func itoa(n int) string { return strconv.Itoa(n) }
