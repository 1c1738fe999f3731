package picture

import (
	"image"
	"testing"
)

func TestPixelsOfDecoded_translucentPictureIsBlendedOntoWhiteInItsOwnPixels(t *testing.T) {
	t.Parallel()
	img := image.NewNRGBA(image.Rect(0, 0, 4, 1))
	copy(img.Pix, []uint8{
		10, 20, 30, 255, // opaque: kept
		200, 100, 0, 0, // transparent: white
		0, 0, 0, 128, // half black: grey
		40, 80, 160, 250, // nearly opaque
	})
	want := []uint8{10, 20, 30, 255, 255, 255, 255, 255, 127, 127, 127, 255, 44, 83, 162, 255}
	got := pixelsOfDecoded(img)
	for i := range want {
		// draw.Over's 16-bit arithmetic and the 8-bit blend may round apart by one.
		if d := int(got.Pix[i]) - int(want[i]); d < -1 || d > 1 {
			t.Fatalf("pixels = %v, want %v", got.Pix, want)
		}
	}
	if &got.Pix[0] != &img.Pix[0] {
		t.Error("the blended picture is a copy, want the decoded picture's own pixels")
	}
}
