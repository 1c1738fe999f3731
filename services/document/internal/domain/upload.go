package domain

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/picture"
)

// Limits of an upload (DESIGN.md section 5), the same for every picture the services take.
const (
	MaxFileBytes = picture.MaxFileBytes
	MinLongSide  = picture.MinLongSide
	MinShortSide = picture.MinShortSide
	MaxSide      = picture.MaxSide
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

// Rules are the limits an upload is held to beyond DESIGN.md's bounds (picture.Rules: the most
// pixels a picture may have); the service's settings choose them.
type Rules = picture.Rules

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
	TypeHandoverPhoto:     "photo", // renting names each photo's path (damages.<i>.photos.<j>)
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
	if err := picture.CheckSize(u.Content, path); err != nil {
		return Checked{}, err
	}
	c := Checked{upload: u, path: path, format: Sniff(u.Content), brokenMsg: MsgInvalidFileType}
	if u.Type.IsPictureOnly() {
		c.brokenMsg = MsgInvalidImage
	}
	switch {
	case c.format == FormatPNG || c.format == FormatJPEG:
		if err := rules.CheckHeader(u.Content, picture.Format(c.format), path, c.brokenMsg); err != nil {
			return Checked{}, err
		}
		return c, nil
	case c.format == FormatPDF && !u.Type.IsPictureOnly():
		if !isWellFormedPDF(u.Content) {
			return Checked{}, exception.New(path, MsgNotAPDF)
		}
		return c, nil
	default:
		return Checked{}, exception.New(path, c.brokenMsg)
	}
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
	content, err := pictures.Redraw(c.upload.Content, picture.Format(c.format), c.upload.Type.IsIdentityCard())
	switch {
	case errors.Is(err, ErrUndecodablePicture):
		return File{}, exception.New(c.path, c.brokenMsg)
	case err != nil:
		return File{}, err
	}
	return newFile(c.upload.Type, FormatJPEG, content), nil
}

func newFile(t Type, format Format, content []byte) File {
	return File{Type: t, Format: format, Content: content, SHA256: sha256.Sum256(content)}
}
