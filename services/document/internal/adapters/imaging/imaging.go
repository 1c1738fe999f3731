// Package imaging draws the document service's pictures: it decodes an accepted upload into nothing
// but its pixels, writes the copy mark across an identity card and encodes the result anew as a JPEG.
// Decoding and encoding are platform/picture's, shared with the catalog; the mark is this service's.
// What is accepted, and how large, the domain decides before a picture gets here.
package imaging

import (
	"errors"
	"fmt"

	"semesterhaus/platform/picture"
	"semesterhaus/services/document/internal/domain"
)

// Pictures redraws uploaded pictures; it implements domain.Pictures.
type Pictures struct{}

// New returns the picture drawer.
func New() Pictures { return Pictures{} }

// Redraw decodes the picture and writes its pixels anew as a JPEG, with domain.CopyMark across them
// when asCopy is set. Content that does not decode comes back as domain.ErrUndecodablePicture.
func (Pictures) Redraw(content []byte, format picture.Format, asCopy bool) ([]byte, error) {
	pixels, err := picture.Decode(content, format)
	if errors.Is(err, picture.ErrUndecodable) {
		return nil, fmt.Errorf("%w: %w", domain.ErrUndecodablePicture, err)
	}
	if err != nil {
		return nil, err
	}
	if asCopy {
		markAsCopy(pixels)
	}
	return picture.EncodeJPEG(pixels)
}
