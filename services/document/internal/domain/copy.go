package domain

import (
	"errors"

	"semesterhaus/platform/picture"
)

// CopyMark is the word written across identity-card copies: German law asks that a copy of an
// identity card be recognisable as one.
const CopyMark = "KOPIE"

// Pictures redraws an accepted picture as the copy to store (an adapter does the decoding, drawing
// and encoding; the rules of what is accepted stay here).
type Pictures interface {
	// Redraw decodes content of format and writes nothing but its pixels anew as a JPEG,
	// transparent parts white, with CopyMark across them when asCopy is set. Content that does not
	// decode comes back as ErrUndecodablePicture.
	Redraw(content []byte, format picture.Format, asCopy bool) ([]byte, error)
}

// ErrUndecodablePicture means a picture whose header passed its checks but whose pixels do not
// decode.
var ErrUndecodablePicture = errors.New("the picture does not decode")
