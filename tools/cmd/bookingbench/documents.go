package main

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
)

// documents are the three uploads of a booking, base64-encoded as the booking form sends them.
type documents struct{ front, back, certificate string }

// largeDocuments are three different PNG scans of about 1 MB each: opaque, as scans and photos are,
// and noisy, which does not compress.
func largeDocuments() documents {
	return documents{front: encode(noisePNG(1)), back: encode(noisePNG(2)), certificate: encode(noisePNG(3))}
}

// smallDocuments are valid but small scans, for runs that measure something other than uploads.
func smallDocuments() documents {
	scan := encode(plainPNG())
	return documents{front: scan, back: scan, certificate: scan}
}

func noisePNG(seed uint64) []byte {
	rng := rand.New(rand.NewPCG(seed, seed))
	img := image.NewRGBA(image.Rect(0, 0, 720, 480))
	for i := range img.Pix {
		img.Pix[i] = byte(rng.Uint32())
		if i%4 == 3 {
			img.Pix[i] = 0xff
		}
	}
	return encodePNG(img)
}

func plainPNG() []byte {
	img := image.NewRGBA(image.Rect(0, 0, 800, 500))
	for y := 0; y < 500; y++ {
		for x := 0; x < 800; x++ {
			img.Set(x, y, color.RGBA{R: 200, G: 210, B: byte(x / 4), A: 255})
		}
	}
	return encodePNG(img)
}

func encodePNG(img image.Image) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err)
	}
	return b.Bytes()
}
