package domain

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"image"
	"image/color"
	_ "image/jpeg" // image.DecodeConfig must know JPEG
	_ "image/png"  // and PNG
	"strconv"

	"semesterhaus/platform/exception"
)

// Limits of an upload (DESIGN.md section 5).
const (
	MaxFileBytes = 10 << 20
	MinLongSide  = 600
	MinShortSide = 400
	MaxSide      = 10000
)

// ErrNotUploadable means an upload of a type the booking form does not have (e.g. a contract).
var ErrNotUploadable = errors.New("this document type cannot be uploaded")

// Upload is a file as the booking form sent it.
type Upload struct {
	Type    Type
	Path    string // the form field, named in a violation; empty: the type's field
	Content []byte
}

// File is an upload that passed its checks, ready to be stored: images hold nothing but their
// pixels (identity cards also the "KOPIE" mark), PDFs nothing but their pages.
type File struct {
	Type    Type
	Format  Format
	Content []byte
	SHA256  [sha256.Size]byte
}

// Rules are the limits an upload is held to beyond DESIGN.md's bounds; the service's settings
// choose them.
type Rules struct {
	// MaxPixels is the most pixels (width × height) a picture may have. Decoding takes 4 to 8 bytes
	// a pixel whatever the file's size, so a small file claiming a large picture is refused by its
	// header, before any pixel is decoded.
	MaxPixels int
}

// Checked is an upload whose cheap checks passed: its size, its format and, for a picture, the size
// its header claims. Process does the costly part.
type Checked struct {
	upload Upload
	path   string
	format Format
	// brokenMsg is the violation of a picture that turns out not to decode.
	brokenMsg string
}

// formFields names the booking form's upload fields, the paths of their violations.
var formFields = map[Type]string{
	TypeIdentityCardFront: "identityCardFront",
	TypeIdentityCardBack:  "identityCardBack",
	TypeImmatriculation:   "immatriculation",
}

// Check checks the upload without decoding it, in microseconds whatever it claims. A broken upload
// comes back as a *exception.Error; an upload of a type the form does not have as ErrNotUploadable.
func (u Upload) Check(rules Rules) (Checked, error) {
	field, ok := formFields[u.Type]
	if !ok {
		return Checked{}, fmt.Errorf("%w: %q", ErrNotUploadable, u.Type)
	}
	path := u.Path
	if path == "" {
		path = field
	}
	switch {
	case len(u.Content) == 0:
		return Checked{}, exception.New(path, MsgMissing)
	case len(u.Content) > MaxFileBytes:
		return Checked{}, exception.New(path, MsgInvalidSize, "max", itoa(MaxFileBytes))
	}
	c := Checked{upload: u, path: path, format: Sniff(u.Content), brokenMsg: MsgInvalidFileType}
	if u.Type.IsIdentityCard() {
		c.brokenMsg = MsgInvalidImage
	}
	switch {
	case c.format == FormatPNG || c.format == FormatJPEG:
		if err := c.checkPictureHeader(rules); err != nil {
			return Checked{}, err
		}
		return c, nil
	case c.format == FormatPDF && !u.Type.IsIdentityCard():
		if !isWellFormedPDF(u.Content) {
			return Checked{}, exception.New(path, MsgNotAPDF)
		}
		return c, nil
	default:
		return Checked{}, exception.New(path, c.brokenMsg)
	}
}

// checkPictureHeader reads the picture's size from its header and holds it to the bounds.
func (c Checked) checkPictureHeader(rules Rules) error {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(c.upload.Content))
	switch {
	case err != nil:
		return exception.New(c.path, c.brokenMsg)
	case !dimensionsAllowed(cfg.Width, cfg.Height):
		return exception.New(c.path, MsgInvalidDim,
			"minWidth", itoa(MinLongSide), "minHeight", itoa(MinShortSide),
			"maxWidth", itoa(MaxSide), "maxHeight", itoa(MaxSide))
	}
	if limit := rules.MaxPixels / decodeCostFactor(c.format, cfg.ColorModel, c.upload.Content); cfg.Width*cfg.Height > limit {
		return exception.New(c.path, MsgTooManyPixels, "maxMegapixels", megapixels(limit))
	}
	return nil
}

// decodeCostFactor is how many times the memory of an ordinary picture of as many pixels a decode
// takes. Go's decoder keeps a progressive JPEG's coefficients (4 bytes a sample) besides its
// pixels, and a 16-bit PNG decodes to 8 bytes a pixel before the 4 of the copy: about three times
// the 4 to 7 bytes a pixel of an 8-bit PNG or a baseline JPEG.
func decodeCostFactor(format Format, model color.Model, content []byte) int {
	switch {
	case format == FormatJPEG && isProgressiveJPEG(content):
		return 3
	case model == color.RGBA64Model || model == color.NRGBA64Model || model == color.Gray16Model:
		return 3
	default:
		return 1
	}
}

// isProgressiveJPEG reports whether the JPEG's frame header is a progressive one (SOF2, 6, 10, 14). It
// walks the segments before the frame header, which image.DecodeConfig has read successfully.
func isProgressiveJPEG(content []byte) bool {
	for i := 2; i+4 <= len(content); {
		if content[i] != 0xFF {
			return false
		}
		switch marker := content[i+1]; {
		case marker == 0xFF: // a fill byte
			i++
			continue
		case marker == 0xC2 || marker == 0xC6 || marker == 0xCA || marker == 0xCE:
			return true
		case marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
			return false // another frame header: sequential
		}
		i += 2 + (int(content[i+2])<<8 | int(content[i+3]))
	}
	return false
}

// Process does the costly part of a checked upload and returns the file to store: a picture is
// decoded, an identity card marked as a copy, and written anew as a JPEG by pictures; a PDF loses
// its active content. Content that does not decode comes back as a *exception.Error.
func (c Checked) Process(ctx context.Context, pictures Pictures) (File, error) {
	if c.format == FormatPDF {
		cleaned, err := withoutActiveContent(ctx, c.upload.Content)
		if err != nil {
			return File{}, exception.New(c.path, MsgNotAPDF)
		}
		return newFile(c.upload.Type, FormatPDF, cleaned), nil
	}
	content, err := pictures.Redraw(c.upload.Content, c.upload.Type.IsIdentityCard())
	switch {
	case errors.Is(err, ErrUndecodablePicture):
		return File{}, exception.New(c.path, c.brokenMsg)
	case err != nil:
		return File{}, err
	}
	return newFile(c.upload.Type, FormatJPEG, content), nil
}

// dimensionsAllowed accepts pictures in either orientation: a card photographed upright is as good
// as one lying flat.
func dimensionsAllowed(width, height int) bool {
	long, short := max(width, height), min(width, height)
	return long >= MinLongSide && short >= MinShortSide && long <= MaxSide
}

// megapixels writes a pixel count in millions, as cameras state their resolution, to a tenth
// rounded down (8333333 is 8.3).
func megapixels(pixels int) string {
	return strconv.FormatFloat(float64(pixels/100_000)/10, 'f', -1, 64)
}

func newFile(t Type, format Format, content []byte) File {
	return File{Type: t, Format: format, Content: content, SHA256: sha256.Sum256(content)}
}
