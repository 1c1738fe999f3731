// Package domain holds the document service's documents and the rules an upload must meet.
package domain

import (
	"errors"

	"semesterhaus/platform/picture"
)

// ErrNotFound means the asked-for document does not exist.
var ErrNotFound = errors.New("not found")

// Message ids of the business exceptions the document service raises (SPEC section 5); the web apps
// translate them.
const (
	MsgMissing         = picture.MsgMissing
	MsgInvalidSize     = picture.MsgInvalidSize
	MsgInvalidImage    = picture.MsgInvalidImage
	MsgInvalidDim      = picture.MsgInvalidDim
	MsgTooManyPixels   = picture.MsgTooManyPixels
	MsgNotAPDF         = "NOT_A_PDF"
	MsgInvalidFileType = "INVALID_FILETYPE"
)
