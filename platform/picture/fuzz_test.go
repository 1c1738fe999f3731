package picture_test

import (
	"bytes"
	"errors"
	"image/jpeg"
	"slices"
	"testing"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/picture"
	"semesterhaus/platform/picture/picturetest"
)

// fuzzRules bound a decode to a megapixel, so that each of the fuzzer's runs stays cheap; the
// property holds for any bound.
var fuzzRules = picture.Rules{MaxPixels: 1_000_000}

// refusals are the message ids an upload may be refused with.
var refusals = []string{picture.MsgMissing, picture.MsgInvalidSize, picture.MsgInvalidImage, picture.MsgInvalidDim, picture.MsgTooManyPixels}

// FuzzUpload runs an upload through what a service does with an identity card, a certificate or
// an apartment photo: CheckSize, Sniff, CheckHeader, Decode, Fit and EncodeJPEG. Whatever the bytes,
// nothing panics; a refusal is a business exception with one of the picture message ids and the
// upload's path; a picture whose header passed decodes to exactly the size its header claimed,
// within the rules' pixels, or is ErrUndecodable; what is drawn anew is opaque and its JPEG decodes
// to the same size again. Seeds: small real pictures, headers of bombs and the inputs under
// testdata/fuzz/FuzzUpload.
func FuzzUpload(f *testing.F) {
	f.Add(picturetest.FlatPNG(f, 600, 400))
	f.Add(picturetest.FlatJPEG(f, 400, 600))
	f.Add(picturetest.WebP())
	f.Add(picturetest.PNGHeader(10000, 10000))
	f.Add(picturetest.PNGHeaderOfDepth(1000, 1000, 16))
	f.Add(picturetest.WebPHeader(16000, 16000))
	f.Add(picturetest.JPEGClaiming(f, 9000, 9000))
	f.Add([]byte("%PDF-1.7\n"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, content []byte) {
		refused := func(err error) {
			var e *exception.Error
			if !errors.As(err, &e) || e.Path != "upload" || !slices.Contains(refusals, e.MessageID) {
				t.Fatalf("a refusal that is no picture business exception on the upload's path: %v", err)
			}
		}
		if err := picture.CheckSize(content, "upload"); err != nil {
			refused(err)
			return
		}
		format := picture.Sniff(content)
		if format == picture.FormatUnknown {
			return
		}
		if err := fuzzRules.CheckHeader(content, format, "upload", picture.MsgInvalidImage); err != nil {
			refused(err)
			return
		}
		img, err := picture.Decode(content, format)
		if err != nil {
			if !errors.Is(err, picture.ErrUndecodable) {
				t.Fatalf("Decode failed with %v, not ErrUndecodable", err)
			}
			return
		}
		b := img.Bounds()
		if b.Dx()*b.Dy() > fuzzRules.MaxPixels || b.Dx() < 1 || b.Dy() < 1 {
			t.Fatalf("decoded %v, beyond the %d pixels the header was held to", b, fuzzRules.MaxPixels)
		}
		for i := 3; i < len(img.Pix); i += 4 {
			if img.Pix[i] != 0xff {
				t.Fatalf("pixel %d is not opaque after drawing anew: alpha %d", i/4, img.Pix[i])
			}
		}
		small := picture.Fit(img, 120)
		if small.Bounds().Dx() > 120 || small.Bounds().Dy() < 1 {
			t.Fatalf("Fit(120) = %v", small.Bounds())
		}
		out, err := picture.EncodeJPEG(small)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(out))
		if err != nil || cfg.Width != small.Bounds().Dx() || cfg.Height != small.Bounds().Dy() {
			t.Fatalf("the JPEG drawn anew: %dx%d, %v; want %v", cfg.Width, cfg.Height, err, small.Bounds())
		}
	})
}
