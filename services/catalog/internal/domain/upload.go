package domain

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/picture"
)

// PictureWidths are the widths an uploaded picture is offered in, as the booking site's pictures are
// (its srcset: a phone takes the narrow one, a wide screen the other). A picture narrower than one of
// them is offered in its own width instead: nothing is enlarged.
var PictureWidths = []int{480, 960}

// MaxPictures is the most pictures an apartment may have.
const MaxPictures = 20

// PictureUpload is a picture an administrator uploads for an apartment, with its descriptions.
type PictureUpload struct {
	Content       []byte
	DescriptionDe string
	DescriptionEn string
}

// Check checks the upload without decoding it, exactly as the document service checks an identity
// card (platform/picture: the same bounds, MAX_IMAGE_PIXELS and refusals), but that WebP is accepted
// beside PNG and JPEG; and its descriptions as ArrangePictures does. A refusal is a *exception.Error
// (the picture's path is "file"); otherwise it returns the picture's format and the descriptions
// trimmed.
func (u PictureUpload) Check(rules picture.Rules) (picture.Format, PictureUpload, error) {
	var err error
	if u.DescriptionDe, err = pictureDescription("descriptionDe", u.DescriptionDe); err != nil {
		return "", u, err
	}
	if u.DescriptionEn, err = pictureDescription("descriptionEn", u.DescriptionEn); err != nil {
		return "", u, err
	}
	if err := picture.CheckSize(u.Content, "file"); err != nil {
		return "", u, err
	}
	format := picture.Sniff(u.Content)
	if format == picture.FormatUnknown {
		return "", u, exception.New("file", picture.MsgInvalidImage)
	}
	if err := rules.CheckHeader(u.Content, format, "file", picture.MsgInvalidImage); err != nil {
		return "", u, err
	}
	return format, u, nil
}

// PictureFile is one width of an uploaded picture, as a JPEG.
type PictureFile struct {
	Width, Height int
	Content       []byte
	SHA256        [sha256.Size]byte
}

// NewPictureFile is the JPEG content of a picture of width × height pixels.
func NewPictureFile(width, height int, content []byte) PictureFile {
	return PictureFile{Width: width, Height: height, Content: content, SHA256: sha256.Sum256(content)}
}

// PictureFilePath is where the booking site gets a file of the uploaded picture id: its width and
// the start of its content's SHA-256 in the path, so that a file is never served under the address of
// another and browsers may keep it for good.
func PictureFilePath(id string, f PictureFile) string {
	return fmt.Sprintf("/api/pictures/%s/%s", id, PictureFileName(f.Width, f.SHA256[:]))
}

// PictureFileName is the last part of PictureFilePath: "960-0123456789abcdef.jpg".
func PictureFileName(width int, sha []byte) string {
	return strconv.Itoa(width) + "-" + hex.EncodeToString(sha[:8]) + ".jpg"
}

// NewUploadedPicture is the picture of the files (one per width, the narrowest first) stored under
// id: the widest is its URL and size, all together its one JPEG source.
func NewUploadedPicture(id string, files []PictureFile, upload PictureUpload) Picture {
	srcset := make([]string, len(files))
	for i, f := range files {
		srcset[i] = PictureFilePath(id, f) + " " + strconv.Itoa(f.Width) + "w"
	}
	widest := files[len(files)-1]
	return Picture{
		Name: "upload-" + strings.ReplaceAll(id, "-", "")[:12], File: id,
		URL: PictureFilePath(id, widest), Width: widest.Width, Height: widest.Height,
		Sources:       []PictureSource{{Type: "image/jpeg", Srcset: strings.Join(srcset, ", ")}},
		DescriptionDe: upload.DescriptionDe, DescriptionEn: upload.DescriptionEn,
	}
}

// AddPicture adds the picture after the apartment's others; an apartment with MaxPictures pictures
// refuses it.
func (a *Apartment) AddPicture(p Picture) error {
	if len(a.Pictures) >= MaxPictures {
		return exception.New("file", MsgTooManyPictures, "max", strconv.Itoa(MaxPictures))
	}
	for _, other := range a.Pictures {
		if other.Name == p.Name {
			return fmt.Errorf("apartment %d has a picture named %s already", a.ID, p.Name)
		}
	}
	a.Pictures = append(a.Pictures, p)
	return nil
}
