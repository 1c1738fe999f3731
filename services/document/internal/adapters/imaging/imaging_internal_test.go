package imaging

import (
	"bytes"
	"image"
	"testing"
)

func TestMaskCache_keepsTheMarksOfTheLastSizes(t *testing.T) {
	t.Parallel()
	cache := maskCache{masks: map[image.Point]*image.Alpha{}}
	scan := image.Pt(720, 480)
	first := cache.forSize(scan)
	if again := cache.forSize(scan); again != first {
		t.Error("a second scan of the same size got a new mask")
	}
	if got := cache.forSize(image.Pt(480, 720)); got == first || got.Rect.Dx() >= first.Rect.Dx() {
		t.Errorf("a portrait scan got the landscape mask (%v)", got.Rect)
	}
	for i := range maxCachedMasks {
		cache.forSize(image.Pt(100+i, 100))
	}
	if again := cache.forSize(scan); again == first {
		t.Errorf("the oldest of %d sizes is still cached", maxCachedMasks+2)
	}
	if len(cache.masks) != maxCachedMasks || len(cache.order) != maxCachedMasks {
		t.Errorf("cache holds %d masks (%d in order), want at most %d", len(cache.masks), len(cache.order), maxCachedMasks)
	}
	huge := image.Pt(6000, 4000)
	if mask := cache.forSize(huge); mask != nil || cache.masks[huge] != nil {
		t.Error("the mark of a 24 MP picture was made whole and kept, want it drawn band by band")
	}
}

func TestMarkAsCopy_largePictureMarkedBandByBand_looksAsMarkedWhole(t *testing.T) {
	t.Parallel()
	size := image.Pt(3000, 2000)
	layout := layOutCopyMark(size)
	if layout.area.Dy() <= 2*markBandRows || copyMarks.forSize(size) != nil {
		t.Fatalf("the mark of %v spans %d rows and is kept whole, want it banded", size, layout.area.Dy())
	}
	banded, whole := whitePicture(size), whitePicture(size)
	markAsCopy(banded)
	drawMark(whole, layout.mask(layout.area))
	differing := 0
	for i := range whole.Pix {
		// The bands place the letters with other float offsets: an edge pixel may round apart.
		if d := int(banded.Pix[i]) - int(whole.Pix[i]); d < -1 || d > 1 {
			differing++
		}
	}
	if differing > len(whole.Pix)/100000 {
		t.Errorf("%d bytes differ between the banded and the whole mark", differing)
	}
	if bytes.Equal(banded.Pix, whitePicture(size).Pix) {
		t.Error("the banded mark drew nothing")
	}
}

func whitePicture(size image.Point) *image.RGBA {
	img := image.NewRGBA(image.Rectangle{Max: size})
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	return img
}
