// Package picturetest makes valid and hostile pictures for the tests of every service that takes
// uploads (platform/picture): real PNG, JPEG and WebP photos, and headers that claim giant pictures
// as decompression bombs do.
package picturetest

import (
	"bytes"
	_ "embed"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"testing"
)

// ExifMarker is text that JPEG gives in its EXIF segment; a stored copy must not contain it.
const ExifMarker = "GPS 48.1371N 11.5754E semesterhaus-camera"

// PNG returns a real PNG photo of the given size: a gradient, so that re-encoding has work to do.
func PNG(t testing.TB, width, height int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, gradient(width, height)); err != nil {
		t.Fatalf("encode png: %v", err)
	}
	return buf.Bytes()
}

// JPEG returns a real JPEG photo of the given size that carries an EXIF segment with ExifMarker, as
// a phone camera's photo does.
func JPEG(t testing.TB, width, height int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, gradient(width, height), &jpeg.Options{Quality: 85}); err != nil {
		t.Fatalf("encode jpeg: %v", err)
	}
	plain := buf.Bytes()
	exif := append([]byte("Exif\x00\x00"), ExifMarker...)
	segment := append([]byte{0xFF, 0xE1, byte((len(exif) + 2) >> 8), byte(len(exif) + 2)}, exif...)
	// The APP1 (EXIF) segment comes right after the start-of-image marker.
	return append(append(append([]byte{}, plain[:2]...), segment...), plain[2:]...)
}

func gradient(width, height int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	for y := range height {
		for x := range width {
			img.Set(x, y, color.RGBA{R: uint8(x), G: uint8(y), B: 200, A: 255})
		}
	}
	return img
}

// PNGHeader is a PNG that has only its header chunk: it claims a size but holds no pixels, as a
// decompression bomb's header would.
func PNGHeader(width, height uint32) []byte {
	return PNGHeaderOfDepth(width, height, 8)
}

// PNGHeaderOfDepth is PNGHeader of an RGBA picture of 8 or 16 bits a sample.
func PNGHeaderOfDepth(width, height uint32, bitDepth byte) []byte {
	data := binary.BigEndian.AppendUint32(nil, width)
	data = binary.BigEndian.AppendUint32(data, height)
	data = append(data, bitDepth, 6, 0, 0, 0) // RGBA, deflate, no filter, no interlace
	chunk := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	chunk = append(chunk, "IHDR"...)
	chunk = append(chunk, data...)
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(chunk[4:]))
	return append([]byte("\x89PNG\r\n\x1a\n"), chunk...)
}

// JPEGClaiming is a real small JPEG whose frame header is changed to claim width×height: a
// decompression bomb's header.
func JPEGClaiming(t testing.TB, width, height int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, image.NewGray(image.Rect(0, 0, 16, 16)), nil); err != nil {
		t.Fatal(err)
	}
	content := buf.Bytes()
	sof := bytes.Index(content, []byte{0xFF, 0xC0}) // baseline frame: length, precision, height, width
	if sof < 0 {
		t.Fatal("no frame header in the encoded JPEG")
	}
	content[sof+5], content[sof+6] = byte(height>>8), byte(height)
	content[sof+7], content[sof+8] = byte(width>>8), byte(width)
	return content
}

// FlatPNG is a PNG of width×height pixels of one translucent colour: it compresses about a
// thousand times (an 84 KB file of 5000×5000), and decodes to 4 bytes a pixel and, being
// translucent, is blended onto white in a second picture of as many.
func FlatPNG(t testing.TB, width, height int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, width, height))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = 40, 80, 160, 250
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, img); err != nil {
		t.Fatalf("encode png: %v", err)
	}
	return buf.Bytes()
}

// FlatJPEG is a baseline JPEG (4:2:0, as cameras write them) of width×height pixels of one colour: a
// few hundred KB that decode to 1.5 bytes a pixel of YCbCr and then to the 4 of the copy.
func FlatJPEG(t testing.TB, width, height int) []byte {
	t.Helper()
	img := image.NewYCbCr(image.Rect(0, 0, width, height), image.YCbCrSubsampleRatio420)
	for i := range img.Y {
		img.Y[i] = 180
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85}); err != nil {
		t.Fatalf("encode jpeg: %v", err)
	}
	return buf.Bytes()
}

//go:embed testdata/bath-960x640.webp
var webPPhoto []byte

// WebP is a real lossy WebP photo of 960×640 pixels (one of the demo residence's renderings).
func WebP() []byte { return bytes.Clone(webPPhoto) }

// WebPHeader is a lossless WebP (VP8L) that has only its header: it claims width×height (at most
// 16384 each) but holds no pixels, as a decompression bomb's header would.
func WebPHeader(width, height int) []byte {
	bits := uint32(width-1) | uint32(height-1)<<14 // alpha unused, version 0
	vp8l := binary.LittleEndian.AppendUint32([]byte{0x2f}, bits)
	chunk := binary.LittleEndian.AppendUint32([]byte("VP8L"), uint32(len(vp8l)))
	chunk = append(chunk, vp8l...)
	if len(chunk)%2 == 1 {
		chunk = append(chunk, 0)
	}
	riff := binary.LittleEndian.AppendUint32([]byte("RIFF"), uint32(4+len(chunk)))
	return append(append(riff, "WEBP"...), chunk...)
}
