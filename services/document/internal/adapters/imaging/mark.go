package imaging

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sync"

	"golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"semesterhaus/services/document/internal/domain"
)

// copyMarkColor is a semi-transparent red: the card stays readable under the mark.
var copyMarkColor = color.NRGBA{R: 220, G: 0, B: 0, A: 110}

// copyMarkOutline is domain.CopyMark laid out once in Go Bold (embedded in the binary): outlines scale
// without loss, so every mark is drawn from it at the picture's size.
var copyMarkOutline = layOutText(gobold.TTF, domain.CopyMark)

// textOutline is a line of text as vector paths, with the dot's start at the origin and y down.
type textOutline struct {
	segments        []sfnt.Segment
	width           float64 // the advance of the whole line
	ascent, descent float64
}

// outlineSize is the font size the outline is laid out at: large enough that the 26.6 fixed-point
// coordinates lose nothing visible when scaled up.
const outlineSize = 512

// layOutText places the glyphs of text one after the other, with kerning. The font is known good and
// the text fixed, so an error here is a programming error.
func layOutText(ttf []byte, text string) textOutline {
	f, err := sfnt.Parse(ttf)
	if err != nil {
		panic(fmt.Sprintf("embedded font: %v", err))
	}
	var buf sfnt.Buffer
	ppem := fixed.I(outlineSize)
	metrics, err := f.Metrics(&buf, ppem, font.HintingNone)
	if err != nil {
		panic(fmt.Sprintf("font metrics: %v", err))
	}
	var out textOutline
	var dot fixed.Int26_6
	previous := sfnt.GlyphIndex(0)
	for i, r := range text {
		glyph, err := f.GlyphIndex(&buf, r)
		if err != nil || glyph == 0 {
			panic(fmt.Sprintf("the font has no glyph for %q", r))
		}
		if i > 0 {
			if kern, err := f.Kern(&buf, previous, glyph, ppem, font.HintingNone); err == nil {
				dot += kern
			}
		}
		segments, err := f.LoadGlyph(&buf, glyph, ppem, nil)
		if err != nil {
			panic(fmt.Sprintf("glyph %q: %v", r, err))
		}
		for _, s := range segments {
			for j := range s.Args {
				s.Args[j].X += dot
			}
			out.segments = append(out.segments, s)
		}
		advance, err := f.GlyphAdvance(&buf, glyph, ppem, font.HintingNone)
		if err != nil {
			panic(fmt.Sprintf("advance of %q: %v", r, err))
		}
		dot += advance
		previous = glyph
	}
	out.width = fixedToFloat(dot)
	out.ascent, out.descent = fixedToFloat(metrics.Ascent), fixedToFloat(metrics.Descent)
	return out
}

func fixedToFloat(v fixed.Int26_6) float64 { return float64(v) / 64 }

// markAsCopy writes domain.CopyMark across img along its diagonal from bottom left to top right,
// spanning about two thirds of it whatever the picture's size.
func markAsCopy(img *image.RGBA) {
	size := img.Bounds().Size()
	if mask := copyMarks.forSize(size); mask != nil {
		drawMark(img, mask)
		return
	}
	// A mark too large to keep is rasterized band by band: the rasterizer takes 4 bytes a pixel of
	// what it covers, 60 MB for the whole mark on a picture of 25 MP, a band a few.
	layout := layOutCopyMark(size)
	for y := layout.area.Min.Y; y < layout.area.Max.Y; y += markBandRows {
		drawMark(img, layout.mask(image.Rect(layout.area.Min.X, y, layout.area.Max.X, min(y+markBandRows, layout.area.Max.Y))))
	}
}

// markBandRows is how many rows of a large mark are rasterized at a time.
const markBandRows = 256

func drawMark(img *image.RGBA, mask *image.Alpha) {
	draw.DrawMask(img, mask.Rect, image.NewUniform(copyMarkColor), image.Point{}, mask, mask.Rect.Min, draw.Over)
}

// copyMarks keeps the marks of the last few picture sizes: scans come in the few sizes of scanners
// and phone cameras, and rasterizing the letters cost more than blending them in.
var copyMarks = maskCache{masks: map[image.Point]*image.Alpha{}}

// maskCache holds at most maxCachedMasks masks of at most maxCachedMaskBytes each; the oldest goes
// first. Masks are never written once made, so any number of uploads may draw with one at a time.
type maskCache struct {
	mu    sync.Mutex
	masks map[image.Point]*image.Alpha
	order []image.Point // oldest first
}

const (
	maxCachedMasks     = 8
	maxCachedMaskBytes = 2 << 20
)

// forSize returns the mark for a picture of size, or nil when it is too large to keep.
func (c *maskCache) forSize(size image.Point) *image.Alpha {
	c.mu.Lock()
	mask, ok := c.masks[size]
	c.mu.Unlock()
	if ok {
		return mask
	}
	layout := layOutCopyMark(size)
	if layout.area.Dx()*layout.area.Dy() > maxCachedMaskBytes {
		return nil
	}
	mask = layout.mask(layout.area)
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.masks[size]; !ok {
		if len(c.order) == maxCachedMasks {
			delete(c.masks, c.order[0])
			c.order = c.order[1:]
		}
		c.masks[size] = mask
		c.order = append(c.order, size)
	}
	return mask
}

// markLayout is CopyMark placed on a picture: the part of the picture the text's box covers, and
// where a point of the text lands.
type markLayout struct {
	area  image.Rectangle
	place func(x, y float64) (float64, float64)
}

// layOutCopyMark scales and rotates the letters' outlines onto the picture's diagonal: no picture of
// the text is drawn and resampled.
func layOutCopyMark(size image.Point) markLayout {
	w, h := float64(size.X), float64(size.Y)
	text := copyMarkOutline
	scale := 0.66 * math.Hypot(w, h) / text.width
	sin, cos := math.Sincos(-math.Atan2(h, w))
	// Maps a point of the text onto the picture: the text's centre onto the picture's centre, scaled
	// and rotated onto the diagonal.
	cx, cy := text.width/2, (text.descent-text.ascent)/2
	place := func(x, y float64) (float64, float64) {
		x, y = scale*(x-cx), scale*(y-cy)
		return cos*x - sin*y + w/2, sin*x + cos*y + h/2
	}
	var area image.Rectangle
	for _, corner := range [][2]float64{{0, -text.ascent}, {text.width, -text.ascent}, {0, text.descent}, {text.width, text.descent}} {
		x, y := place(corner[0], corner[1])
		area = area.Union(image.Rect(int(math.Floor(x)), int(math.Floor(y)), int(math.Ceil(x))+1, int(math.Ceil(y))+1))
	}
	return markLayout{area: area.Intersect(image.Rectangle{Max: size}), place: place}
}

// mask is the coverage of the mark's letters over part of its area, filled at the picture's
// resolution. A coverage mask: blending the colour in only where a letter covers the picture is
// several times cheaper than blending every pixel.
func (l markLayout) mask(part image.Rectangle) *image.Alpha {
	toPart := func(p fixed.Point26_6) (float32, float32) {
		x, y := l.place(fixedToFloat(p.X), fixedToFloat(p.Y))
		return float32(x - float64(part.Min.X)), float32(y - float64(part.Min.Y))
	}
	var z vector.Rasterizer
	z.Reset(part.Dx(), part.Dy())
	for _, s := range copyMarkOutline.segments {
		x0, y0 := toPart(s.Args[0])
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			z.ClosePath() // the glyph's previous contour, if any
			z.MoveTo(x0, y0)
		case sfnt.SegmentOpLineTo:
			z.LineTo(x0, y0)
		case sfnt.SegmentOpQuadTo:
			x1, y1 := toPart(s.Args[1])
			z.QuadTo(x0, y0, x1, y1)
		case sfnt.SegmentOpCubeTo:
			x1, y1 := toPart(s.Args[1])
			x2, y2 := toPart(s.Args[2])
			z.CubeTo(x0, y0, x1, y1, x2, y2)
		}
	}
	z.ClosePath()
	mask := image.NewAlpha(part)
	z.Draw(mask, part, image.Opaque, image.Point{})
	return mask
}
