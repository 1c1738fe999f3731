package domain

import (
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
	if mask := cache.forSize(huge); len(mask.Pix) <= maxCachedMaskBytes || cache.masks[huge] != nil {
		t.Errorf("a mask of %d bytes was cached", len(mask.Pix))
	}
}
