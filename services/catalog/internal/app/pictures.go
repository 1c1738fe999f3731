package app

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/picture"
	"semesterhaus/services/catalog/internal/domain"
)

// UploadApartmentPicture adds a picture an administrator uploaded after the apartment's others. It
// is for admins only. The upload is checked as the document service checks an identity card (its
// size, format and header first, before anything waits or is decoded), then decoded into nothing but
// its pixels and written anew as a JPEG in each of domain.PictureWidths, without any mark; the files
// are stored in the catalog's database and the picture names them. Invalid input comes back as a
// *exception.Error and stores nothing.
func (c *Catalog) UploadApartmentPicture(ctx context.Context, apartmentID int, upload domain.PictureUpload) error {
	if err := identity.RequireAdmin(ctx); err != nil {
		return err
	}
	noApartment := exception.New("apartmentId", domain.MsgNoApartment, "id", fmt.Sprint(apartmentID))
	if _, err := c.Apartment(ctx, apartmentID); errors.Is(err, domain.ErrNotFound) {
		return noApartment
	}
	format, upload, err := upload.Check(picture.Rules{MaxPixels: c.settings.MaxImagePixels})
	if err != nil {
		return err
	}
	files, err := c.drawPictureFiles(ctx, upload.Content, format)
	if err != nil {
		return err
	}
	fileID := uuid.NewString()
	p := domain.NewUploadedPicture(fileID, files, upload)
	err = c.repo.AddPicture(ctx, apartmentID, identity.FromContext(ctx).Subject, fileID, files, func(a *domain.Apartment) error {
		return a.AddPicture(p)
	})
	if errors.Is(err, domain.ErrNotFound) {
		return noApartment
	}
	return c.written(ctx, err)
}

// drawPictureFiles waits for a free decode slot (or for the caller to give up), decodes the checked
// upload and encodes it in each width, the narrowest first, each scaled from the next wider one.
func (c *Catalog) drawPictureFiles(ctx context.Context, content []byte, format picture.Format) ([]domain.PictureFile, error) {
	if err := c.decodes.Acquire(ctx, 1); err != nil {
		return nil, fmt.Errorf("wait to decode an upload: %w", err)
	}
	defer c.decodes.Release(1)
	pixels, err := picture.Decode(content, format)
	if errors.Is(err, picture.ErrUndecodable) {
		return nil, exception.New("file", picture.MsgInvalidImage)
	}
	if err != nil {
		return nil, err
	}
	var files []domain.PictureFile
	for i := len(domain.PictureWidths) - 1; i >= 0; i-- {
		pixels = picture.Fit(pixels, domain.PictureWidths[i])
		if len(files) > 0 && pixels.Bounds().Dx() == files[0].Width {
			continue // narrower than this width too: offered in its own width once
		}
		encoded, err := picture.EncodeJPEG(pixels)
		if err != nil {
			return nil, err
		}
		files = append([]domain.PictureFile{domain.NewPictureFile(pixels.Bounds().Dx(), pixels.Bounds().Dy(), encoded)}, files...)
	}
	return files, nil
}

// PictureFile returns one width of an uploaded picture's files for the booking site (anybody may
// read them), or domain.ErrNotFound. It reads the database: the files are not held in memory.
func (c *Catalog) PictureFile(ctx context.Context, fileID string, width int) (domain.PictureFile, error) {
	if uuid.Validate(fileID) != nil {
		return domain.PictureFile{}, fmt.Errorf("picture file %q: %w", fileID, domain.ErrNotFound)
	}
	return c.repo.PictureFile(ctx, fileID, width)
}
