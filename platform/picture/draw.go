package picture

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"

	"golang.org/x/image/draw"
	"golang.org/x/image/webp"
)

// JPEGQuality is the quality re-encoded JPEGs are written with.
const JPEGQuality = 90

// ErrUndecodable means a picture whose header passed its checks but whose pixels do not decode.
var ErrUndecodable = errors.New("the picture does not decode")

// Decode decodes a picture of format (as Sniff found it; a checked one) with Go's memory-safe
// decoders and returns nothing but its pixels, transparent parts white as on paper. Content that
// does not decode comes back as ErrUndecodable.
func Decode(content []byte, format Format) (*image.RGBA, error) {
	var decode func(io.Reader) (image.Image, error)
	switch format {
	case FormatPNG:
		decode = png.Decode
	case FormatJPEG:
		decode = jpeg.Decode
	case FormatWebP:
		decode = webp.Decode
	default:
		return nil, fmt.Errorf("%w: no picture format: %q", ErrUndecodable, format)
	}
	img, err := decode(bytes.NewReader(content))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUndecodable, err)
	}
	return pixelsOfDecoded(img), nil
}

// pixelsOfDecoded turns a decoded picture into an RGBA picture of nothing but its pixels: no metadata
// (EXIF with location or camera, comments, colour profiles) of the original file survives, and
// transparent parts turn white as on paper.
func pixelsOfDecoded(img image.Image) *image.RGBA {
	b := img.Bounds()
	// image/png returns an *image.RGBA only for truecolour without transparency: opaque throughout, so
	// it is kept as decoded (a decoder's picture holds nothing but pixels), without scanning its alpha.
	if rgba, ok := img.(*image.RGBA); ok && b.Min == (image.Point{}) {
		return rgba
	}
	// image/png returns an *image.NRGBA for truecolour with transparency (and a lossless WebP
	// decodes to one): blended onto white where it lies, it needs no second picture of as many bytes
	// (100 MB at 25 MP).
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

// Fit returns the picture scaled down to width pixels wide, its aspect ratio kept (the height
// rounded, at least 1); a picture no wider comes back as it is: nothing is enlarged.
func Fit(img *image.RGBA, width int) *image.RGBA {
	b := img.Bounds()
	if width >= b.Dx() {
		return img
	}
	height := max(1, (b.Dy()*width+b.Dx()/2)/b.Dx())
	dst := image.NewRGBA(image.Rect(0, 0, width, height))
	// Catmull-Rom keeps a photo sharp when it shrinks; its cost grows with the factor, so a large
	// photo is first halved by averaging (cheap) to within twice the width.
	src := img
	for src.Bounds().Dx() >= 4*width {
		half := image.NewRGBA(image.Rect(0, 0, src.Bounds().Dx()/2, src.Bounds().Dy()/2))
		draw.ApproxBiLinear.Scale(half, half.Bounds(), src, src.Bounds(), draw.Src, nil)
		src = half
	}
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, src.Bounds(), draw.Src, nil)
	return dst
}

// EncodeJPEG writes the pixels anew as a JPEG at JPEGQuality, whatever the upload's format: JPEG
// encodes several times faster than PNG, and every browser shows it.
func EncodeJPEG(img *image.RGBA) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(len(img.Pix) / 8) // a photo's JPEG is a few bits per pixel: one allocation, no regrowth
	if err := writeJPEG(&buf, img); err != nil {
		return nil, fmt.Errorf("encode JPEG: %w", err)
	}
	return buf.Bytes(), nil
}
