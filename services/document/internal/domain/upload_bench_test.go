package domain_test

import (
	"bytes"
	"image"
	"image/png"
	"math/rand/v2"
	"testing"

	"semesterhaus/services/document/internal/domain"
)

// BenchmarkUploadCheck is one booking's uploads as tools/cmd/bookingbench sends them: identity card
// front and back and a scanned certificate, each an opaque PNG of noise of about 1 MB.
func BenchmarkUploadCheck(b *testing.B) {
	scan := opaqueNoisePNG(b, 720, 480)
	uploads := []domain.Upload{front(scan), back(scan), certificate(scan)}
	b.SetBytes(int64(3 * len(scan)))
	for b.Loop() {
		for _, u := range uploads {
			if _, err := check(u); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func opaqueNoisePNG(b *testing.B, width, height int) []byte {
	b.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	for i := range img.Pix {
		img.Pix[i] = byte(rng.Uint32())
		if i%4 == 3 {
			img.Pix[i] = 0xff
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}
