package domain

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // image.DecodeConfig and image.Decode must know JPEG
	_ "image/png"  // and PNG
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
// pixels (identity cards also the "KOPIE" mark), PDFs are kept as they came.
type File struct {
	Type    Type
	Format  Format
	Content []byte
	SHA256  [sha256.Size]byte
}

// formFields names the booking form's upload fields, the paths of their violations.
var formFields = map[Type]string{
	TypeIdentityCardFront: "identityCardFront",
	TypeIdentityCardBack:  "identityCardBack",
	TypeImmatriculation:   "immatriculation",
}

// Check checks the upload by its content and returns the file to store. A broken upload comes back as
// a *ValidationError; an upload of a type the form does not have as ErrNotUploadable.
func (u Upload) Check() (File, error) {
	field, ok := formFields[u.Type]
	if !ok {
		return File{}, fmt.Errorf("%w: %q", ErrNotUploadable, u.Type)
	}
	path := u.Path
	if path == "" {
		path = field
	}
	switch {
	case len(u.Content) == 0:
		return File{}, invalid(path, MsgMissing)
	case len(u.Content) > MaxFileBytes:
		return File{}, invalid(path, MsgInvalidSize, "max", itoa(MaxFileBytes))
	}
	if u.Type.IsIdentityCard() {
		return checkIdentityCard(u, path)
	}
	return checkCertificate(u, path)
}

// checkIdentityCard accepts a PNG or JPEG photo and stores it as a marked copy.
func checkIdentityCard(u Upload, path string) (File, error) {
	format := Sniff(u.Content)
	if format != FormatPNG && format != FormatJPEG {
		return File{}, invalid(path, MsgInvalidImage)
	}
	img, verr := decodeImage(u.Content, path, MsgInvalidImage)
	if verr != nil {
		return File{}, verr
	}
	markAsCopy(img)
	return encodeJPEG(u.Type, img)
}

// checkCertificate accepts a PDF as it is, or a PNG or JPEG scan, re-encoded.
func checkCertificate(u Upload, path string) (File, error) {
	switch format := Sniff(u.Content); format {
	case FormatPDF:
		if !isWellFormedPDF(u.Content) {
			return File{}, invalid(path, MsgNotAPDF)
		}
		return newFile(u.Type, FormatPDF, u.Content), nil
	case FormatPNG, FormatJPEG:
		img, verr := decodeImage(u.Content, path, MsgInvalidFileType)
		if verr != nil {
			return File{}, verr
		}
		return encodeJPEG(u.Type, img)
	default:
		return File{}, invalid(path, MsgInvalidFileType)
	}
}

// decodeImage decodes a PNG or JPEG into a fresh RGBA picture. The header's size is checked before
// any pixel is decoded, so a small file that claims a giant picture (a decompression bomb) costs
// nothing. brokenMsg is the violation for content that does not decode.
func decodeImage(content []byte, path, brokenMsg string) (*image.RGBA, *ValidationError) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(content))
	if err != nil {
		return nil, invalid(path, brokenMsg)
	}
	if !dimensionsAllowed(cfg.Width, cfg.Height) {
		return nil, invalid(path, MsgInvalidDim,
			"minWidth", itoa(MinLongSide), "minHeight", itoa(MinShortSide),
			"maxWidth", itoa(MaxSide), "maxHeight", itoa(MaxSide))
	}
	img, _, err := image.Decode(bytes.NewReader(content))
	if err != nil {
		return nil, invalid(path, brokenMsg)
	}
	return pixelsOfDecoded(img), nil
}

// dimensionsAllowed accepts pictures in either orientation: a card photographed upright is as good
// as one lying flat.
func dimensionsAllowed(width, height int) bool {
	long, short := max(width, height), min(width, height)
	return long >= MinLongSide && short >= MinShortSide && long <= MaxSide
}

func newFile(t Type, format Format, content []byte) File {
	return File{Type: t, Format: format, Content: content, SHA256: sha256.Sum256(content)}
}
