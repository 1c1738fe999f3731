package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/jpeg"
	"image/png"
	"slices"
	"sync"
	"time"

	"semesterhaus/tools/internal/systemtest"
)

// The largest picture the booking form takes (the document service's 25 MP), and what a
// decompression bomb claims.
const (
	largestSide = 5000
	bombSide    = 10000
)

// corpus is the hostile-upload corpus of one round: bookings whose three scans are pictures of the
// largest size allowed, which decode to 100 MB each, and bookings whose front scan is a bomb.
type corpus struct {
	large [][3]string // base64 scans of the bookings that must be taken
	bombs []string    // base64 front scans that must be refused
}

func newCorpus() (corpus, error) {
	var c corpus
	pngLarge, err := flatPicture("png", largestSide)
	if err != nil {
		return c, err
	}
	jpegLarge, err := flatPicture("jpeg", largestSide)
	if err != nil {
		return c, err
	}
	pngSmall, err := flatPicture("png", 16)
	if err != nil {
		return c, err
	}
	jpegSmall, err := flatPicture("jpeg", 16)
	if err != nil {
		return c, err
	}
	p, j := encode(pngLarge), encode(jpegLarge)
	c.large = [][3]string{{p, j, p}, {j, p, j}, {p, p, j}}
	c.bombs = []string{encode(pngClaiming(pngSmall, bombSide)), encode(jpegClaiming(jpegSmall, bombSide))}
	return c, nil
}

// flatPicture is a side×side picture of one translucent colour (PNG) or one grey (JPEG, 4:2:0 as
// cameras write): a small file that decodes to its full size, the cheapest way to ask for the most
// memory.
func flatPicture(format string, side int) ([]byte, error) {
	var buf bytes.Buffer
	if format == "png" {
		img := image.NewNRGBA(image.Rect(0, 0, side, side))
		for i := range len(img.Pix) / 4 {
			copy(img.Pix[4*i:], []byte{60, 120, 180, 250})
		}
		err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, img)
		return buf.Bytes(), err
	}
	img := image.NewYCbCr(image.Rect(0, 0, side, side), image.YCbCrSubsampleRatio420)
	for i := range img.Y {
		img.Y[i] = 150
	}
	err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 80})
	return buf.Bytes(), err
}

// pngClaiming is a real PNG whose header now claims side×side pixels (its checksum fixed): the
// pixels it holds are far fewer.
func pngClaiming(picture []byte, side uint32) []byte {
	out := bytes.Clone(picture)
	header := out[8+8 : 8+8+13] // after the signature and the IHDR chunk's length and type
	binary.BigEndian.PutUint32(header[0:], side)
	binary.BigEndian.PutUint32(header[4:], side)
	binary.BigEndian.PutUint32(out[8+8+13:], crc32.ChecksumIEEE(out[8+4:8+8+13]))
	return out
}

// jpegClaiming is a real baseline JPEG whose frame header now claims side×side pixels.
func jpegClaiming(picture []byte, side uint16) []byte {
	out := bytes.Clone(picture)
	frame := bytes.Index(out, []byte{0xFF, 0xC0}) // marker, length (2), precision (1), height, width
	binary.BigEndian.PutUint16(out[frame+5:], side)
	binary.BigEndian.PutUint16(out[frame+7:], side)
	return out
}

func encode(b []byte) string { return base64.StdEncoding.EncodeToString(b) }

// hostileUploads posts opt.uploads rounds of the corpus, each round's bookings side by side: the
// large pictures must be taken, every bomb refused.
func hostileUploads(ctx context.Context, site *systemtest.Site, opt options) (string, error) {
	c, err := newCorpus()
	if err != nil {
		return "", err
	}
	semester, apartment, err := systemtest.FreeApartment(ctx, site.Gateway+"/api/graphql")
	if err != nil {
		return "", err
	}
	stamp := time.Now().Format("150405")
	var slowest time.Duration
	for round := range opt.uploads {
		var wg sync.WaitGroup
		errs := make([]error, len(c.large)+len(c.bombs))
		took := make([]time.Duration, len(errs))
		book := func(i int, scans [3]string) error {
			b := systemtest.Booking{ApartmentID: apartment, SemesterID: semester, Email: fmt.Sprintf("upload-%s-%d-%d@example.org", stamp, round, i), FirstName: "Upload"}
			input := b.Input()
			input["identityCardFront"], input["identityCardBack"], input["immatriculation"] = scans[0], scans[1], scans[2]
			started := time.Now()
			_, err := site.BookWith(ctx, input)
			took[i] = time.Since(started)
			return err
		}
		for i, scans := range c.large {
			wg.Go(func() { errs[i] = book(i, scans) })
		}
		for j, bomb := range c.bombs {
			i := len(c.large) + j
			wg.Go(func() {
				var refused *systemtest.Exception
				if err := book(i, [3]string{bomb, c.large[0][1], c.large[0][2]}); !errors.As(err, &refused) {
					errs[i] = fmt.Errorf("a bomb got %v, want it refused", err)
				}
			})
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			return "", fmt.Errorf("round %d: %w", round+1, err)
		}
		for _, d := range took {
			slowest = max(slowest, d)
		}
	}
	return fmt.Sprintf("%d rounds of %d bookings with three 25 MP pictures each and %d bombs side by side: every large booking taken, every bomb refused, the slowest answer in %s",
		opt.uploads, len(c.large), len(c.bombs), slowest.Round(time.Millisecond)), nil
}

// uploadPicture is the apartments editor's upload of a picture.
const uploadPicture = `mutation($a: Int!, $p: PictureUpload!) { uploadApartmentPicture(apartmentId: $a, picture: $p) { exception { messageId path } } }`

// hostilePictures has an administrator upload opt.uploads rounds of apartment pictures to the
// catalog, each round side by side: a 25 MP PNG and JPEG, which must be taken, and both bombs, which
// must be refused.
func hostilePictures(ctx context.Context, site *systemtest.Site, opt options) (string, error) {
	c, err := newCorpus()
	if err != nil {
		return "", err
	}
	admin := systemtest.NewSite(site.Gateway, site.Mail)
	if err := admin.SignIn(ctx, "admin", "admin"); err != nil {
		return "", err
	}
	upload := func(apartment int, content string) (string, error) {
		var out struct {
			UploadApartmentPicture struct{ Exception *struct{ MessageID string } }
		}
		variables := map[string]any{"a": apartment, "p": map[string]any{"content": content, "descriptionDe": "Druck", "descriptionEn": "Pressure"}}
		if err := admin.GraphQL(ctx, uploadPicture, variables, &out); err != nil {
			return "", err
		}
		if e := out.UploadApartmentPicture.Exception; e != nil {
			return e.MessageID, nil
		}
		return "", nil
	}
	large := []string{c.large[0][0], c.large[0][1]} // the PNG and the JPEG
	var slowest time.Duration
	for round := range opt.uploads {
		apartment := 1 + round
		contents := append(append([]string{}, large...), c.bombs...)
		errs := make([]error, len(contents))
		took := make([]time.Duration, len(contents))
		var wg sync.WaitGroup
		for i, content := range contents {
			wg.Go(func() {
				started := time.Now()
				refusal, err := upload(apartment, content)
				took[i] = time.Since(started)
				switch {
				case err != nil:
					errs[i] = err
				case i < len(large) && refusal != "":
					errs[i] = fmt.Errorf("a 25 MP picture was refused: %s", refusal)
				case i >= len(large) && refusal == "":
					errs[i] = errors.New("a bomb was taken")
				}
			})
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			return "", fmt.Errorf("round %d: %w", round+1, err)
		}
		slowest = max(slowest, slices.Max(took[:len(large)]))
	}
	return fmt.Sprintf("%d rounds of a 25 MP PNG, a 25 MP JPEG and %d bombs uploaded side by side by an administrator: every picture taken, every bomb refused, the slowest upload in %s",
		opt.uploads, len(c.bombs), slowest.Round(time.Millisecond)), nil
}
