//go:build libjpeg

package picture

import (
	"image"
	"io"

	libjpeg "github.com/pixiv/go-libjpeg/jpeg"
)

// JPEGEncoder names the encoder this build writes JPEGs with.
const JPEGEncoder = "libjpeg-turbo"

// writeJPEG encodes with libjpeg-turbo through cgo (builds with -tags libjpeg): its SIMD colour
// conversion, DCT and entropy coding take a fifth of image/jpeg's time, and a booking waits for three
// encodings. Only pixels Decode drew reach C; the untrusted uploads are decoded by Go's
// memory-safe decoders.
func writeJPEG(w io.Writer, img *image.RGBA) error {
	return libjpeg.Encode(w, img, &libjpeg.EncoderOptions{Quality: JPEGQuality})
}
