package domain

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"math"

	"golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/f64"
	"golang.org/x/image/math/fixed"
)

// JPEGQuality is the quality re-encoded JPEGs are written with.
const JPEGQuality = 90

// CopyMark is the word written across identity-card copies: German law asks that a copy of an
// identity card be recognisable as one.
const CopyMark = "KOPIE"

// copyMarkColor is a semi-transparent red: the card stays readable under the mark.
var copyMarkColor = color.NRGBA{R: 220, G: 0, B: 0, A: 110}

// copyMarkFont is Go Bold, embedded in the binary; parsing the embedded bytes cannot fail at run time.
var copyMarkFont = mustParseFont(gobold.TTF)

func mustParseFont(ttf []byte) *opentype.Font {
	f, err := opentype.Parse(ttf)
	if err != nil {
		panic(fmt.Sprintf("embedded font: %v", err))
	}
	return f
}

// pixelsOf draws img onto a new white RGBA picture: only the pixels survive, no metadata (EXIF with
// location or camera, comments, colour profiles) of the original file, and transparent parts turn
// white as on paper.
func pixelsOf(img image.Image) *image.RGBA {
	b := img.Bounds()
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

// markAsCopy writes CopyMark across img along its diagonal from bottom left to top right, spanning
// about two thirds of it whatever the picture's size.
func markAsCopy(img *image.RGBA) {
	w, h := float64(img.Bounds().Dx()), float64(img.Bounds().Dy())
	text := renderCopyMark(0.66 * math.Hypot(w, h))
	tw, th := float64(text.Bounds().Dx()), float64(text.Bounds().Dy())
	sin, cos := math.Sincos(-math.Atan2(h, w))
	// Maps the text's centre onto the picture's centre, rotated onto the diagonal.
	toPicture := f64.Aff3{
		cos, -sin, w/2 - cos*tw/2 + sin*th/2,
		sin, cos, h/2 - sin*tw/2 - cos*th/2,
	}
	// ApproxBiLinear: a few times cheaper than BiLinear, and a semi-transparent mark shows no difference.
	draw.ApproxBiLinear.Transform(img, toPicture, text, text.Bounds(), draw.Over, nil)
}

// renderCopyMark draws CopyMark horizontally, width pixels wide, on a transparent picture.
func renderCopyMark(width float64) *image.RGBA {
	const probeSize = 100
	size := probeSize * width / measure(probeSize)
	face := copyMarkFace(size)
	defer face.Close()
	m := face.Metrics()
	text := image.NewRGBA(image.Rect(0, 0, font.MeasureString(face, CopyMark).Ceil(), (m.Ascent + m.Descent).Ceil()))
	d := font.Drawer{Dst: text, Src: image.NewUniform(copyMarkColor), Face: face, Dot: fixed.Point26_6{Y: m.Ascent}}
	d.DrawString(CopyMark)
	return text
}

// measure is the width of CopyMark at the given font size, in pixels.
func measure(size float64) float64 {
	face := copyMarkFace(size)
	defer face.Close()
	return float64(font.MeasureString(face, CopyMark)) / 64 // 26.6 fixed point
}

// copyMarkFace returns the mark's font at size pixels. The font is known good and the sizes come
// from pictures within MaxSide, so an error here is a programming error.
func copyMarkFace(size float64) font.Face {
	face, err := opentype.NewFace(copyMarkFont, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic(fmt.Sprintf("font face of size %.1f: %v", size, err))
	}
	return face
}

// encodeJPEG writes the pixels anew as a JPEG at JPEGQuality, whatever the upload's format: what
// is stored is a copy for reading, and JPEG encodes several times faster than PNG, which matters
// because a booking waits for three re-encodings.
func encodeJPEG(t Type, img image.Image) (File, error) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: JPEGQuality}); err != nil {
		return File{}, fmt.Errorf("encode JPEG: %w", err)
	}
	return newFile(t, FormatJPEG, buf.Bytes()), nil
}
