// Package imaging draws the document service's pictures: it decodes an accepted upload with Go's
// memory-safe decoders, keeps nothing but its pixels, writes the copy mark across an identity card
// and encodes the result anew as a JPEG (with libjpeg-turbo through cgo in builds with -tags
// libjpeg). What is accepted, and how large, the domain decides before a picture gets here.
package imaging

import (
	"bytes"
	"fmt"
	"image"
	_ "image/jpeg" // image.Decode must know JPEG
	_ "image/png"  // and PNG

	"golang.org/x/image/draw"

	"semesterhaus/services/document/internal/domain"
)

// JPEGQuality is the quality re-encoded JPEGs are written with.
const JPEGQuality = 90

// Pictures redraws uploaded pictures; it implements domain.Pictures.
type Pictures struct{}

// New returns the picture drawer.
func New() Pictures { return Pictures{} }

// Redraw decodes the picture and writes its pixels anew as a JPEG, with domain.CopyMark across them
// when asCopy is set. Content that does not decode comes back as domain.ErrUndecodablePicture.
func (Pictures) Redraw(content []byte, asCopy bool) ([]byte, error) {
	img, _, err := image.Decode(bytes.NewReader(content))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", domain.ErrUndecodablePicture, err)
	}
	pixels := pixelsOfDecoded(img)
	if asCopy {
		markAsCopy(pixels)
	}
	return encodeJPEG(pixels)
}

// pixelsOfDecoded turns a picture image.Decode returned into an RGBA picture of nothing but its
// pixels: no metadata (EXIF with location or camera, comments, colour profiles) of the original file
// survives, and transparent parts turn white as on paper.
func pixelsOfDecoded(img image.Image) *image.RGBA {
	b := img.Bounds()
	// image/png returns an *image.RGBA only for truecolour without transparency: opaque throughout, so
	// it is kept as decoded (a decoder's picture holds nothing but pixels), without scanning its alpha.
	if rgba, ok := img.(*image.RGBA); ok && b.Min == (image.Point{}) {
		return rgba
	}
	// image/png returns an *image.NRGBA for truecolour with transparency: blended onto white where it
	// lies, it needs no second picture of as many bytes (100 MB at 25 MP).
	if nrgba, ok := img.(*image.NRGBA); ok && b.Min == (image.Point{}) {
		return onWhiteInPlace(nrgba)
	}
	dst := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	if opaque, ok := img.(interface{ Opaque() bool }); ok && opaque.Opaque() {
		// Nothing shows through: copying the pixels is all (and much cheaper than blending).
		draw.Draw(dst, dst.Bounds(), img, b.Min, draw.Src)
		return dst
	}
	draw.Draw(dst, dst.Bounds(), image.White, image.Point{}, draw.Src)
	draw.Draw(dst, dst.Bounds(), img, b.Min, draw.Over)
	return dst
}

// onWhiteInPlace blends the picture onto white in its own pixels and returns them as an opaque RGBA
// picture: NRGBA and RGBA lay pixels out alike, and an opaque pixel is the same in both.
func onWhiteInPlace(img *image.NRGBA) *image.RGBA {
	pix := img.Pix
	for y := range img.Rect.Dy() {
		row := pix[y*img.Stride : y*img.Stride+4*img.Rect.Dx()]
		for i := 0; i < len(row); i += 4 {
			alpha := uint32(row[i+3])
			if alpha == 0xff {
				continue
			}
			for c := range 3 {
				row[i+c] = uint8((uint32(row[i+c])*alpha + 0xff*(0xff-alpha) + 0x7f) / 0xff)
			}
			row[i+3] = 0xff
		}
	}
	return &image.RGBA{Pix: pix, Stride: img.Stride, Rect: img.Rect}
}

// encodeJPEG writes the pixels anew as a JPEG at JPEGQuality, whatever the upload's format: what
// is stored is a copy for reading, and JPEG encodes several times faster than PNG, which matters
// because a booking waits for three re-encodings.
func encodeJPEG(img *image.RGBA) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(len(img.Pix) / 8) // a scan's JPEG is a few bits per pixel: one allocation, no regrowth
	if err := writeJPEG(&buf, img); err != nil {
		return nil, fmt.Errorf("encode JPEG: %w", err)
	}
	return buf.Bytes(), nil
}
