package imaging_test

import (
	"bytes"
	"errors"
	"image"
	"image/jpeg"
	"image/png"
	"testing"

	"semesterhaus/platform/picture"
	"semesterhaus/platform/picture/picturetest"

	"semesterhaus/services/document/internal/adapters/imaging"
	"semesterhaus/services/document/internal/domain"
)

func TestRedraw_asCopy_writesTheMarkAcrossTheDiagonal(t *testing.T) {
	t.Parallel()
	white := image.NewRGBA(image.Rect(0, 0, 900, 600))
	for i := range white.Pix {
		white.Pix[i] = 0xFF
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, white); err != nil {
		t.Fatal(err)
	}
	content, err := imaging.New().Redraw(buf.Bytes(), picture.FormatPNG, true)
	if err != nil {
		t.Fatal(err)
	}
	stored, err := jpeg.Decode(bytes.NewReader(content))
	if err != nil {
		t.Fatalf("stored copy does not decode: %v", err)
	}
	if stored.Bounds() != white.Bounds() {
		t.Fatalf("stored copy is %v, want %v", stored.Bounds(), white.Bounds())
	}
	// The mark runs through the centre along the diagonal; the corner beside it stays untouched.
	if n := changedPixels(stored, image.Rect(300, 200, 600, 400)); n < 300*200/20 {
		t.Errorf("only %d pixels changed around the centre, want the KOPIE mark there", n)
	}
	if n := changedPixels(stored, image.Rect(0, 0, 60, 60)); n != 0 {
		t.Errorf("%d pixels changed in the top left corner, want none", n)
	}
}

func TestRedraw_photo_carriesNoMetadata(t *testing.T) {
	t.Parallel()
	upload := picturetest.JPEG(t, 800, 600)
	if !bytes.Contains(upload, []byte(picturetest.ExifMarker)) {
		t.Fatal("the test photo lacks its EXIF segment")
	}
	content, err := imaging.New().Redraw(upload, picture.FormatJPEG, false)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(content, []byte(picturetest.ExifMarker)) || bytes.Contains(content, []byte("Exif\x00")) {
		t.Error("the stored copy still carries the EXIF segment")
	}
	if _, _, err := image.Decode(bytes.NewReader(content)); err != nil {
		t.Errorf("stored copy does not decode: %v", err)
	}
}

func TestRedraw_headerWithoutPixels_isUndecodable(t *testing.T) {
	t.Parallel()
	if _, err := imaging.New().Redraw(picturetest.PNGHeader(1000, 1000), picture.FormatPNG, false); !errors.Is(err, domain.ErrUndecodablePicture) {
		t.Errorf("Redraw() = %v, want ErrUndecodablePicture", err)
	}
}

func changedPixels(img image.Image, area image.Rectangle) int {
	n := 0
	for y := area.Min.Y; y < area.Max.Y; y++ {
		for x := area.Min.X; x < area.Max.X; x++ {
			// JPEG may shift a white pixel by a step or two; the mark changes it by far more.
			if r, g, b, _ := img.At(x, y).RGBA(); r < 0xF000 || g < 0xF000 || b < 0xF000 {
				n++
			}
		}
	}
	return n
}
