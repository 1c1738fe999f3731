package picture_test

import (
	"bytes"
	"errors"
	"image"
	"image/jpeg"
	"maps"
	"testing"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/picture"
	"semesterhaus/platform/picture/picturetest"
)

var rules = picture.Rules{MaxPixels: picture.DefaultMaxPixels}

var dimensionParams = map[string]string{"minWidth": "600", "minHeight": "400", "maxWidth": "10000", "maxHeight": "10000"}

// check is what a service does with an upload of a picture it accepts: size, format, header.
func check(content []byte) error {
	if err := picture.CheckSize(content, "file"); err != nil {
		return err
	}
	return rules.CheckHeader(content, picture.Sniff(content), "file", picture.MsgInvalidImage)
}

func TestSniff_recognisesPicturesByTheirContent(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		content []byte
		want    picture.Format
	}{
		{"PNG", picturetest.PNG(t, 10, 10), picture.FormatPNG},
		{"JPEG", picturetest.JPEG(t, 10, 10), picture.FormatJPEG},
		{"lossy WebP", picturetest.WebP(), picture.FormatWebP},
		{"lossless WebP header", picturetest.WebPHeader(800, 600), picture.FormatWebP},
		{"RIFF of another kind (a WAV)", append([]byte("RIFF\x24\x00\x00\x00WAVEfmt "), make([]byte, 16)...), picture.FormatUnknown},
		{"PDF", []byte("%PDF-1.7\n"), picture.FormatUnknown},
		{"text", []byte("not a picture"), picture.FormatUnknown},
		{"nothing", nil, picture.FormatUnknown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := picture.Sniff(tt.content); got != tt.want {
				t.Errorf("Sniff() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestCheck_refusesBrokenAndHostilePicturesByTheirHeader(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		content []byte
		message string
		params  map[string]string
	}{
		{"empty is missing", nil, picture.MsgMissing, nil},
		{"over 10 MiB is too large", append(picturetest.PNG(t, 10, 10), make([]byte, picture.MaxFileBytes)...), picture.MsgInvalidSize, map[string]string{"max": "10485760"}},
		{"text is no picture", []byte("not a picture, whatever its name says"), picture.MsgInvalidImage, nil},
		{"WebP magic followed by garbage", append([]byte("RIFF\x10\x00\x00\x00WEBPVP8 "), "garbage!"...), picture.MsgInvalidImage, nil},
		{"599×400 PNG is too small", picturetest.PNG(t, 599, 400), picture.MsgInvalidDim, dimensionParams},
		{"WebP header claiming 10001×500", picturetest.WebPHeader(10001, 500), picture.MsgInvalidDim, dimensionParams},
		{"PNG header claiming 10000×10000", picturetest.PNGHeader(10000, 10000), picture.MsgTooManyPixels, map[string]string{"maxMegapixels": "25"}},
		{"JPEG claiming 10000×9000", picturetest.JPEGClaiming(t, 10000, 9000), picture.MsgTooManyPixels, map[string]string{"maxMegapixels": "25"}},
		{"lossless WebP header claiming 6000×4200 (twice the cost)", picturetest.WebPHeader(6000, 4200), picture.MsgTooManyPixels, map[string]string{"maxMegapixels": "12.5"}},
		{"16-bit PNG of 4000×3000 (three times the cost)", picturetest.PNGHeaderOfDepth(4000, 3000, 16), picture.MsgTooManyPixels, map[string]string{"maxMegapixels": "8.3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := check(tt.content)
			var v *exception.Error
			if !errors.As(err, &v) {
				t.Fatalf("check() = %v, want a %s violation", err, tt.message)
			}
			if v.MessageID != tt.message || v.Path != "file" || !maps.Equal(v.Params, tt.params) {
				t.Errorf("violation = %+v, want %s with %v", v, tt.message, tt.params)
			}
		})
	}
}

func TestCheck_acceptsRealPicturesOfEachFormat(t *testing.T) {
	t.Parallel()
	for name, content := range map[string][]byte{
		"PNG":                           picturetest.PNG(t, 800, 600),
		"JPEG portrait":                 picturetest.JPEG(t, 600, 800),
		"lossy WebP":                    picturetest.WebP(),
		"lossless WebP header of 12 MP": picturetest.WebPHeader(4000, 3000),
	} {
		if err := check(content); err != nil {
			t.Errorf("%s: check() = %v, want accepted", name, err)
		}
	}
}

func TestDecode_keepsNothingButThePixels(t *testing.T) {
	t.Parallel()
	photo := picturetest.JPEG(t, 800, 600)
	pixels, err := picture.Decode(photo, picture.FormatJPEG)
	if err != nil {
		t.Fatal(err)
	}
	encoded, err := picture.EncodeJPEG(pixels)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(encoded, []byte(picturetest.ExifMarker)) || bytes.Contains(encoded, []byte("Exif\x00")) {
		t.Error("the re-encoded photo still carries the EXIF segment")
	}
	webp, err := picture.Decode(picturetest.WebP(), picture.FormatWebP)
	if err != nil {
		t.Fatal(err)
	}
	if webp.Bounds() != image.Rect(0, 0, 960, 640) {
		t.Errorf("WebP decoded to %v, want 960×640", webp.Bounds())
	}
}

func TestDecode_headerWithoutPixels_isUndecodable(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		content []byte
		format  picture.Format
	}{
		{picturetest.PNGHeader(1000, 1000), picture.FormatPNG},
		{picturetest.WebPHeader(1000, 1000), picture.FormatWebP},
		{picturetest.PNG(t, 700, 500), picture.FormatUnknown},
	} {
		if _, err := picture.Decode(tt.content, tt.format); !errors.Is(err, picture.ErrUndecodable) {
			t.Errorf("Decode(%s) = %v, want ErrUndecodable", tt.format, err)
		}
	}
}

func TestFit_scalesDownToTheWidthKeepingTheAspectRatioAndNeverEnlarges(t *testing.T) {
	t.Parallel()
	tests := []struct {
		size  image.Point
		width int
		want  image.Point
	}{
		{image.Pt(960, 640), 480, image.Pt(480, 320)},
		{image.Pt(6000, 4000), 960, image.Pt(960, 640)}, // halved twice first
		{image.Pt(1001, 667), 480, image.Pt(480, 320)},
		{image.Pt(600, 900), 960, image.Pt(600, 900)},
	}
	for _, tt := range tests {
		img := image.NewRGBA(image.Rectangle{Max: tt.size})
		for i := range img.Pix {
			img.Pix[i] = 0x80
			if i%4 == 3 {
				img.Pix[i] = 0xff
			}
		}
		got := picture.Fit(img, tt.width)
		if got.Bounds().Size() != tt.want {
			t.Errorf("Fit(%v, %d) = %v, want %v", tt.size, tt.width, got.Bounds().Size(), tt.want)
		}
		// A flat grey stays flat grey: the scaling neither darkens nor shifts it.
		if c := got.RGBAAt(got.Bounds().Dx()/2, got.Bounds().Dy()/2); c.R < 0x7e || c.R > 0x82 || c.A != 0xff {
			t.Errorf("Fit(%v, %d) centre = %v, want the grey", tt.size, tt.width, c)
		}
	}
}

func TestEncodeJPEG_writesAJPEGOfThePixels(t *testing.T) {
	t.Parallel()
	pixels, err := picture.Decode(picturetest.PNG(t, 700, 500), picture.FormatPNG)
	if err != nil {
		t.Fatal(err)
	}
	encoded, err := picture.EncodeJPEG(picture.Fit(pixels, 480))
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(encoded))
	if err != nil || cfg.Width != 480 || cfg.Height != 343 {
		t.Errorf("encoded = %d×%d (%v), want a JPEG of 480×343", cfg.Width, cfg.Height, err)
	}
}
