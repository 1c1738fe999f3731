// Package picture checks uploaded pictures and draws them anew, for every service that takes
// pictures from outside: the document service's identity cards and certificates, the catalog's
// apartment photos. What it does, in the order a service calls it:
//
//   - CheckSize and Rules.CheckHeader check an upload cheaply, in microseconds whatever it claims:
//     its size, its format by its magic bytes (Sniff) and the size its header claims, against
//     DESIGN.md's bounds and the most pixels a decode may cost (a decompression bomb is refused
//     before any pixel is decoded);
//   - Decode decodes it with Go's memory-safe decoders into nothing but its pixels (no EXIF, location,
//     comment or colour profile of the original survives; transparent parts turn white);
//   - Fit scales the pixels to a width, EncodeJPEG writes them anew as a JPEG (with libjpeg-turbo
//     through cgo in builds with -tags libjpeg).
//
// Refusals are business exceptions (exception.Error) with the message ids below, the same for every
// service, so the web apps translate them once.
package picture

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"strconv"

	"golang.org/x/image/webp"

	"semesterhaus/platform/exception"
)

// Limits of an upload (DESIGN.md section 5).
const (
	MaxFileBytes = 10 << 20
	MinLongSide  = 600
	MinShortSide = 400
	MaxSide      = 10000
)

// DefaultMaxPixels is the default of the services' MAX_IMAGE_PIXELS: any phone photo or 300 dpi A4
// scan.
const DefaultMaxPixels = 25_000_000

// Message ids of the refusals (SPEC section 5); the web apps translate them.
const (
	MsgMissing       = "missing"
	MsgInvalidSize   = "INVALID_SIZE"
	MsgInvalidImage  = "INVALID_IMAGE"
	MsgInvalidDim    = "INVALID_DIMENSION"
	MsgTooManyPixels = "TOO_MANY_PIXELS"
)

// Format is a picture format as recognised by the file's content, never by its name.
type Format string

const (
	FormatUnknown Format = ""
	FormatPNG     Format = "png"
	FormatJPEG    Format = "jpeg"
	FormatWebP    Format = "webp"
)

var (
	pngMagic  = []byte("\x89PNG\r\n\x1a\n")
	jpegMagic = []byte{0xFF, 0xD8, 0xFF}
)

// Sniff recognises a picture format by the content's first bytes; anything else is FormatUnknown.
func Sniff(content []byte) Format {
	switch {
	case bytes.HasPrefix(content, pngMagic):
		return FormatPNG
	case bytes.HasPrefix(content, jpegMagic):
		return FormatJPEG
	case len(content) >= 16 && string(content[:4]) == "RIFF" && string(content[8:12]) == "WEBP":
		return FormatWebP
	default:
		return FormatUnknown
	}
}

// CheckSize refuses an empty upload (MsgMissing) and one larger than MaxFileBytes (MsgInvalidSize).
func CheckSize(content []byte, path string) error {
	switch {
	case len(content) == 0:
		return exception.New(path, MsgMissing)
	case len(content) > MaxFileBytes:
		return exception.New(path, MsgInvalidSize, "max", strconv.Itoa(MaxFileBytes))
	}
	return nil
}

// Rules are the limits a picture is held to beyond DESIGN.md's bounds; the service's settings
// choose them.
type Rules struct {
	// MaxPixels is the most pixels (width × height) a picture may have. Decoding takes 4 to 8 bytes
	// a pixel whatever the file's size, so a small file claiming a large picture is refused by its
	// header, before any pixel is decoded.
	MaxPixels int
}

// CheckHeader reads the size of a picture of format from its header, without decoding a pixel, and
// holds it to DESIGN.md's bounds (either orientation: a card photographed upright is as good as one
// lying flat) and to MaxPixels. A header that does not decode is refused with brokenMsg (the service
// says what it expected: an image, or an image or a PDF).
func (r Rules) CheckHeader(content []byte, format Format, path, brokenMsg string) error {
	cfg, err := decodeConfig(content, format)
	switch {
	case err != nil:
		return exception.New(path, brokenMsg)
	case !dimensionsAllowed(cfg.Width, cfg.Height):
		return exception.New(path, MsgInvalidDim,
			"minWidth", strconv.Itoa(MinLongSide), "minHeight", strconv.Itoa(MinShortSide),
			"maxWidth", strconv.Itoa(MaxSide), "maxHeight", strconv.Itoa(MaxSide))
	}
	if limit := r.MaxPixels / decodeCostFactor(format, cfg.ColorModel, content); cfg.Width*cfg.Height > limit {
		return exception.New(path, MsgTooManyPixels, "maxMegapixels", megapixels(limit))
	}
	return nil
}

func decodeConfig(content []byte, format Format) (image.Config, error) {
	r := bytes.NewReader(content)
	switch format {
	case FormatPNG:
		return png.DecodeConfig(r)
	case FormatJPEG:
		return jpeg.DecodeConfig(r)
	case FormatWebP:
		return webp.DecodeConfig(r)
	default:
		return image.Config{}, fmt.Errorf("no picture format: %q", format)
	}
}

// decodeCostFactor is how many times the memory of an ordinary picture of as many pixels a decode
// takes. Go's decoder keeps a progressive JPEG's coefficients (4 bytes a sample) besides its
// pixels, and a 16-bit PNG decodes to 8 bytes a pixel before the 4 of the copy: about three times
// the 4 to 7 bytes a pixel of an 8-bit PNG or a baseline JPEG. A lossless (or extended) WebP is
// decoded into 4 bytes a pixel of ARGB and then into the 4 of its NRGBA picture: twice.
func decodeCostFactor(format Format, model color.Model, content []byte) int {
	switch {
	case format == FormatJPEG && isProgressiveJPEG(content):
		return 3
	case model == color.RGBA64Model || model == color.NRGBA64Model || model == color.Gray16Model:
		return 3
	case format == FormatWebP && string(content[12:16]) != "VP8 ":
		return 2
	default:
		return 1
	}
}

// isProgressiveJPEG reports whether the JPEG's frame header is a progressive one (SOF2, 6, 10, 14). It
// walks the segments before the frame header, which DecodeConfig has read successfully.
func isProgressiveJPEG(content []byte) bool {
	for i := 2; i+4 <= len(content); {
		if content[i] != 0xFF {
			return false
		}
		switch marker := content[i+1]; {
		case marker == 0xFF: // a fill byte
			i++
			continue
		case marker == 0xC2 || marker == 0xC6 || marker == 0xCA || marker == 0xCE:
			return true
		case marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
			return false // another frame header: sequential
		}
		i += 2 + (int(content[i+2])<<8 | int(content[i+3]))
	}
	return false
}

func dimensionsAllowed(width, height int) bool {
	long, short := max(width, height), min(width, height)
	return long >= MinLongSide && short >= MinShortSide && long <= MaxSide
}

// megapixels writes a pixel count in millions, as cameras state their resolution, to a tenth
// rounded down (8333333 is 8.3).
func megapixels(pixels int) string {
	return strconv.FormatFloat(float64(pixels/100_000)/10, 'f', -1, 64)
}
