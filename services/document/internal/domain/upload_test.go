package domain_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"maps"
	"testing"

	"semesterhaus/platform/picture/picturetest"

	"semesterhaus/platform/exception"
	"semesterhaus/services/document/documenttest"
	"semesterhaus/services/document/internal/adapters/imaging"
	"semesterhaus/services/document/internal/domain"
	"semesterhaus/services/document/internal/testenv"
)

var dimensionParams = map[string]string{"minWidth": "600", "minHeight": "400", "maxWidth": "10000", "maxHeight": "10000"}

func TestUploadCheck_refusesBrokenUploadsByContent(t *testing.T) {
	t.Parallel()
	pdf := documenttest.PDF()
	tests := []struct {
		name    string
		upload  domain.Upload
		message string
		params  map[string]string
	}{
		{"empty front is missing", front(nil), domain.MsgMissing, nil},
		{"empty certificate is missing", certificate(nil), domain.MsgMissing, nil},
		{"12 MB photo is too large", front(noisePNG(t, 2000, 1600)), domain.MsgInvalidSize, map[string]string{"max": "10485760"}},
		{"text file (named .png by the browser) is no image", front([]byte("not a picture, whatever its name says")), domain.MsgInvalidImage, nil},
		{"GIF is no accepted image", front(gifImage(t)), domain.MsgInvalidImage, nil},
		{"PDF is no identity card image", back(pdf), domain.MsgInvalidImage, nil},
		{"PNG magic followed by garbage is no image", front(append([]byte("\x89PNG\r\n\x1a\n"), "garbage"...)), domain.MsgInvalidImage, nil},
		{"50×50 picture is too small", front(picturetest.PNG(t, 50, 50)), domain.MsgInvalidDim, dimensionParams},
		{"599×400 picture is too small", front(picturetest.PNG(t, 599, 400)), domain.MsgInvalidDim, dimensionParams},
		{"700×399 picture is too small", back(picturetest.JPEG(t, 700, 399)), domain.MsgInvalidDim, dimensionParams},
		{"header claiming 20000×20000 is refused before decoding", front(picturetest.PNGHeader(20000, 20000)), domain.MsgInvalidDim, dimensionParams},
		{"header claiming 10001×500 is refused before decoding", front(picturetest.PNGHeader(10001, 500)), domain.MsgInvalidDim, dimensionParams},
		{"allowed header with no pixels is a broken image", front(picturetest.PNGHeader(5000, 5000)), domain.MsgInvalidImage, nil},
		{"truncated PDF is not a PDF", certificate(pdf[:len(pdf)-20]), domain.MsgNotAPDF, nil},
		{"PDF whose startxref points nowhere is not a PDF", certificate(bytes.Replace(pdf, []byte("startxref\n"), []byte("startxref\n9"), 1)), domain.MsgNotAPDF, nil},
		{"PDF header on text is not a PDF", certificate([]byte("%PDF-1.7 just kidding")), domain.MsgNotAPDF, nil},
		{"GIF is no certificate", certificate(gifImage(t)), domain.MsgInvalidFileType, nil},
		{"text is no certificate", certificate([]byte("Immatrikulationsbescheinigung")), domain.MsgInvalidFileType, nil},
		{"broken PNG is no certificate", certificate(picturetest.PNGHeader(1000, 1000)), domain.MsgInvalidFileType, nil},
		{"tiny scan is no certificate", certificate(picturetest.PNG(t, 50, 50)), domain.MsgInvalidDim, dimensionParams},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := check(tt.upload)
			var v *exception.Error
			if !errors.As(err, &v) {
				t.Fatalf("Check() error = %v, want a %s violation", err, tt.message)
			}
			wantPath := map[domain.Type]string{
				domain.TypeIdentityCardFront: "identityCardFront", domain.TypeIdentityCardBack: "identityCardBack",
				domain.TypeImmatriculation: "immatriculation",
			}[tt.upload.Type]
			if v.MessageID != tt.message || v.Path != wantPath || !maps.Equal(v.Params, tt.params) {
				t.Errorf("violation = %+v, want %s at %s with %v", v, tt.message, wantPath, tt.params)
			}
		})
	}
}

func TestUploadCheck_acceptsPhotosInEitherOrientationAndRealPDFs(t *testing.T) {
	t.Parallel()
	pdf := documenttest.PDF()
	tests := []struct {
		name   string
		upload domain.Upload
		format domain.Format
	}{
		{"landscape PNG front, stored as JPEG", front(picturetest.PNG(t, 800, 600)), domain.FormatJPEG},
		{"portrait JPEG back", back(picturetest.JPEG(t, 400, 600)), domain.FormatJPEG},
		{"smallest landscape", front(picturetest.PNG(t, 600, 400)), domain.FormatJPEG},
		{"PDF certificate", certificate(pdf), domain.FormatPDF},
		{"scanned certificate", certificate(picturetest.JPEG(t, 1240, 1754)), domain.FormatJPEG},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f, err := check(tt.upload)
			if err != nil {
				t.Fatalf("Check() = %v", err)
			}
			if f.Format != tt.format || f.Type != tt.upload.Type || len(f.Content) == 0 {
				t.Errorf("file = %s %s (%d bytes), want %s", f.Type, f.Format, len(f.Content), tt.format)
			}
		})
	}
}

func TestUploadCheck_violationNamesTheCallersPath(t *testing.T) {
	t.Parallel()
	_, err := check(domain.Upload{Type: domain.TypeImmatriculation, Path: "rentingRenewal.immatriculation"})
	var v *exception.Error
	if !errors.As(err, &v) || v.Path != "rentingRenewal.immatriculation" || v.MessageID != domain.MsgMissing {
		t.Errorf("Check() = %v, want missing at the given path", err)
	}
}

func TestUploadCheck_contractsAreNotUploadable(t *testing.T) {
	t.Parallel()
	for _, typ := range []domain.Type{domain.TypeContract, domain.TypeSignedContract, domain.TypeOther, ""} {
		if _, err := check(domain.Upload{Type: typ, Content: documenttest.PDF()}); !errors.Is(err, domain.ErrNotUploadable) {
			t.Errorf("type %q: Check() = %v, want ErrNotUploadable", typ, err)
		}
	}
}

// rules are the service's default settings.
var rules = domain.Rules{MaxPixels: testenv.UploadLimits.MaxImagePixels}

// check runs both steps of an upload's check, as the service does, with the service's pictures.
func check(u domain.Upload) (domain.File, error) {
	c, err := u.Check(rules)
	if err != nil {
		return domain.File{}, err
	}
	return c.Process(context.Background(), imaging.New())
}

func front(content []byte) domain.Upload {
	return domain.Upload{Type: domain.TypeIdentityCardFront, Content: content}
}

func back(content []byte) domain.Upload {
	return domain.Upload{Type: domain.TypeIdentityCardBack, Content: content}
}

func certificate(content []byte) domain.Upload {
	return domain.Upload{Type: domain.TypeImmatriculation, Content: content}
}

// noisePNG is an uncompressed PNG of random-looking pixels: width×height×4 bytes and more.
func noisePNG(t *testing.T, width, height int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, width, height))
	seed := uint32(1)
	for i := range img.Pix {
		seed = seed*1664525 + 1013904223
		img.Pix[i] = byte(seed >> 24)
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.NoCompression}).Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func gifImage(t *testing.T) []byte {
	t.Helper()
	img := image.NewPaletted(image.Rect(0, 0, 800, 600), color.Palette{color.White, color.Black})
	var buf bytes.Buffer
	if err := gif.Encode(&buf, img, nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
