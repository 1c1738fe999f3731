//go:build !libjpeg

package picture

import (
	"image"
	"image/jpeg"
	"io"
)

// JPEGEncoder names the encoder this build writes JPEGs with.
const JPEGEncoder = "image/jpeg"

// writeJPEG encodes with the standard library in builds without the libjpeg tag (no C toolchain or no
// libjpeg-turbo headers at hand, as the catalog's image): the same pictures for about five times the
// CPU.
func writeJPEG(w io.Writer, img *image.RGBA) error {
	return jpeg.Encode(w, img, &jpeg.Options{Quality: JPEGQuality})
}
