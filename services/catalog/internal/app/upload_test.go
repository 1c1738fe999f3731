package app_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"maps"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/picture"
	"semesterhaus/platform/picture/picturetest"
	pgadapter "semesterhaus/services/catalog/internal/adapters/postgres"
	"semesterhaus/services/catalog/internal/demo"
	"semesterhaus/services/catalog/internal/domain"
	"semesterhaus/services/catalog/internal/testenv"
)

var admin = identity.WithIdentity(context.Background(), identity.Identity{Subject: "erika", Role: identity.RoleAdmin})

func described(content []byte) domain.PictureUpload {
	return domain.PictureUpload{Content: content, DescriptionDe: " Blick aus dem Fenster ", DescriptionEn: "View from the window"}
}

// storedFiles counts the uploaded pictures' files in the database.
func storedFiles(t *testing.T, pool *pgxpool.Pool) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM picture_file`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestUploadApartmentPicture_pngJPEGAndWebP_writtenAnewInTheSitesWidthsAfterTheOthers(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		content []byte
		// the files' sizes, narrowest first
		sizes []image.Point
	}{
		{"PNG 1200×800", picturetest.PNG(t, 1200, 800), []image.Point{{480, 320}, {960, 640}}},
		{"JPEG with EXIF, 800×600 (narrower than 960: its own width)", picturetest.JPEG(t, 800, 600), []image.Point{{480, 360}, {800, 600}}},
		{"WebP 960×640", picturetest.WebP(), []image.Point{{480, 320}, {960, 640}}},
		{"portrait PNG 400×600 (narrower than 480: one width)", picturetest.PNG(t, 400, 600), []image.Point{{400, 600}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			catalog, pool := testenv.NewCatalogOn(t, func() time.Time { return designDay })
			if err := catalog.UploadApartmentPicture(admin, 12, described(tt.content)); err != nil {
				t.Fatal(err)
			}
			a, err := catalog.Apartment(context.Background(), 12)
			if err != nil {
				t.Fatal(err)
			}
			if len(a.Pictures) != 4 || a.Pictures[0].Name != "standard-room" {
				t.Fatalf("pictures after the upload: %+v, want the three of before and the new one last", a.Pictures)
			}
			p := a.Pictures[3]
			widest := tt.sizes[len(tt.sizes)-1]
			if p.File == "" || !strings.HasPrefix(p.Name, "upload-") || p.Width != widest.X || p.Height != widest.Y ||
				p.DescriptionDe != "Blick aus dem Fenster" || p.DescriptionEn != "View from the window" {
				t.Errorf("uploaded picture = %+v", p)
			}
			if len(p.Sources) != 1 || p.Sources[0].Type != "image/jpeg" || strings.Count(p.Sources[0].Srcset, "w,")+1 != len(tt.sizes) {
				t.Fatalf("sources = %+v, want one JPEG srcset of %d widths", p.Sources, len(tt.sizes))
			}
			for i, want := range tt.sizes {
				f, err := catalog.PictureFile(context.Background(), p.File, want.X)
				if err != nil {
					t.Fatalf("file of %d px: %v", want.X, err)
				}
				cfg, err := jpeg.DecodeConfig(bytes.NewReader(f.Content))
				if err != nil || cfg.Width != want.X || cfg.Height != want.Y || f.Width != want.X || f.Height != want.Y {
					t.Errorf("file of %d px is %d×%d (%v), want a JPEG of %v", want.X, cfg.Width, cfg.Height, err, want)
				}
				path := domain.PictureFilePath(p.File, f)
				if !strings.Contains(p.Sources[0].Srcset, path) || (i == len(tt.sizes)-1) != (p.URL == path) {
					t.Errorf("file %s: srcset %q, url %q", path, p.Sources[0].Srcset, p.URL)
				}
				if bytes.Contains(f.Content, []byte(picturetest.ExifMarker)) || bytes.Contains(f.Content, []byte("Exif\x00")) {
					t.Errorf("the %d px file carries the upload's EXIF segment", want.X)
				}
			}
			var action, file string
			if err := pool.QueryRow(context.Background(), `SELECT action, details->'after'->3->>'file' FROM audit_log
				WHERE subject = 'apartment/12' AND actor = 'erika'`).Scan(&action, &file); err != nil || action != "uploadApartmentPicture" || file != p.File {
				t.Errorf("audit entry: %q, file %q (%v)", action, file, err)
			}
		})
	}
}

func TestUploadApartmentPicture_notMarkedAsACopy(t *testing.T) {
	t.Parallel()
	catalog, _ := testenv.NewCatalogOn(t, func() time.Time { return designDay })
	white := image.NewRGBA(image.Rect(0, 0, 960, 640))
	for i := range white.Pix {
		white.Pix[i] = 0xff
	}
	var upload bytes.Buffer
	if err := jpeg.Encode(&upload, white, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	if err := catalog.UploadApartmentPicture(admin, 12, described(upload.Bytes())); err != nil {
		t.Fatal(err)
	}
	a, _ := catalog.Apartment(context.Background(), 12)
	f, err := catalog.PictureFile(context.Background(), a.Pictures[3].File, 960)
	if err != nil {
		t.Fatal(err)
	}
	stored, err := jpeg.Decode(bytes.NewReader(f.Content))
	if err != nil {
		t.Fatal(err)
	}
	// The document service's "KOPIE" runs through the centre; an apartment's picture stays white.
	for y := 200; y < 440; y += 4 {
		for x := 300; x < 660; x += 4 {
			if r, g, b, _ := stored.At(x, y).RGBA(); r < 0xF000 || g < 0xF000 || b < 0xF000 {
				t.Fatalf("pixel (%d, %d) is %v, want white: no mark", x, y, stored.At(x, y))
			}
		}
	}
}

func TestUploadApartmentPicture_brokenOrHostileUploads_refusedAsIdentityCardsAreAndStoreNothing(t *testing.T) {
	t.Parallel()
	var gifFile bytes.Buffer
	if err := gif.Encode(&gifFile, image.NewPaletted(image.Rect(0, 0, 800, 600), color.Palette{color.Black, color.White}), nil); err != nil {
		t.Fatal(err)
	}
	dims := map[string]string{"minWidth": "600", "minHeight": "400", "maxWidth": "10000", "maxHeight": "10000"}
	tests := []struct {
		name    string
		upload  domain.PictureUpload
		path    string
		message string
		params  map[string]string
	}{
		{"no file", described(nil), "file", picture.MsgMissing, nil},
		{"over 10 MiB", described(append(picturetest.PNG(t, 700, 500), make([]byte, 10<<20)...)), "file", picture.MsgInvalidSize, map[string]string{"max": "10485760"}},
		{"text named .png", described([]byte("not a picture, whatever its name says")), "file", picture.MsgInvalidImage, nil},
		{"a GIF", described(gifFile.Bytes()), "file", picture.MsgInvalidImage, nil},
		{"a PDF", described([]byte("%PDF-1.7\n%%EOF")), "file", picture.MsgInvalidImage, nil},
		{"too small", described(picturetest.PNG(t, 599, 400)), "file", picture.MsgInvalidDim, dims},
		{"PNG bomb: 10000×10000 claimed by 50 bytes", described(picturetest.PNGHeader(10000, 10000)), "file", picture.MsgTooManyPixels, map[string]string{"maxMegapixels": "25"}},
		{"JPEG bomb claiming 10000×9000", described(picturetest.JPEGClaiming(t, 10000, 9000)), "file", picture.MsgTooManyPixels, map[string]string{"maxMegapixels": "25"}},
		{"lossless WebP bomb claiming 6000×4200", described(picturetest.WebPHeader(6000, 4200)), "file", picture.MsgTooManyPixels, map[string]string{"maxMegapixels": "12.5"}},
		{"header of an allowed size without pixels", described(picturetest.PNGHeader(1000, 1000)), "file", picture.MsgInvalidImage, nil},
		{"WebP header without pixels", described(picturetest.WebPHeader(1000, 800)), "file", picture.MsgInvalidImage, nil},
		{"no German description", domain.PictureUpload{Content: picturetest.WebP(), DescriptionEn: "View"}, "descriptionDe", domain.MsgNotNull, nil},
		{"a description of two lines", domain.PictureUpload{Content: picturetest.WebP(), DescriptionDe: "Blick", DescriptionEn: "View\nfrom the window"}, "descriptionEn", domain.MsgSingleLine, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			catalog, pool := testenv.NewCatalogOn(t, func() time.Time { return designDay })
			err := catalog.UploadApartmentPicture(admin, 12, tt.upload)
			var v *exception.Error
			if !errors.As(err, &v) || v.Path != tt.path || v.MessageID != tt.message || !maps.Equal(v.Params, tt.params) {
				t.Fatalf("UploadApartmentPicture() = %v, want %s at %s with %v", err, tt.message, tt.path, tt.params)
			}
			assertNothingUploaded(t, catalog.Apartment, pool)
		})
	}
}

// Not parallel: it measures what the refusal allocates, with no other test running.
func TestUploadApartmentPicture_decompressionBomb_refusedBeforeDecoding(t *testing.T) {
	catalog, _ := testenv.NewCatalogOn(t, func() time.Time { return designDay })
	if _, err := catalog.Apartment(context.Background(), 12); err != nil { // the catalog in memory
		t.Fatal(err)
	}
	bomb := described(picturetest.PNGHeader(10000, 10000))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	err := catalog.UploadApartmentPicture(admin, 12, bomb)
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	if !errors.As(err, new(*exception.Error)) {
		t.Fatalf("bomb = %v, want refused", err)
	}
	// Decoding it would take 400 MB and seconds.
	if grew := after.TotalAlloc - before.TotalAlloc; took > 200*time.Millisecond || grew > 4<<20 {
		t.Errorf("refusing the bomb took %v and allocated %d bytes: it was decoded", took, grew)
	}
}

func TestUploadApartmentPicture_withoutAdminIdentity_refusedAndNothingStored(t *testing.T) {
	t.Parallel()
	catalog, pool := testenv.NewCatalogOn(t, func() time.Time { return designDay })
	for name, ctx := range map[string]context.Context{
		"no identity": context.Background(),
		"anonymous":   identity.WithIdentity(context.Background(), identity.Anonymous),
		"a renter":    identity.WithIdentity(context.Background(), identity.Identity{Subject: "renter@example.org", Role: "renter"}),
	} {
		if err := catalog.UploadApartmentPicture(ctx, 12, described(picturetest.WebP())); !errors.Is(err, identity.ErrForbidden) {
			t.Errorf("%s: got %v, want forbidden", name, err)
		}
	}
	assertNothingUploaded(t, catalog.Apartment, pool)
}

func TestUploadApartmentPicture_unknownApartment_isAnException(t *testing.T) {
	t.Parallel()
	catalog, pool := testenv.NewCatalogOn(t, func() time.Time { return designDay })
	err := catalog.UploadApartmentPicture(admin, 999, described(picturetest.WebP()))
	var v *exception.Error
	if !errors.As(err, &v) || v.MessageID != domain.MsgNoApartment || v.Path != "apartmentId" {
		t.Errorf("got %v, want NO_APARTMENT", err)
	}
	if n := storedFiles(t, pool); n != 0 {
		t.Errorf("%d files stored", n)
	}
}

func TestUploadApartmentPicture_aFullApartmentRefusesMore(t *testing.T) {
	t.Parallel()
	catalog, pool := testenv.NewCatalogOn(t, func() time.Time { return designDay })
	for range domain.MaxPictures - 3 {
		if err := catalog.UploadApartmentPicture(admin, 12, described(picturetest.WebP())); err != nil {
			t.Fatal(err)
		}
	}
	files := storedFiles(t, pool)
	err := catalog.UploadApartmentPicture(admin, 12, described(picturetest.WebP()))
	var v *exception.Error
	if !errors.As(err, &v) || v.MessageID != domain.MsgTooManyPictures || v.Params["max"] != "20" {
		t.Errorf("the 21st picture = %v, want TOO_MANY_PICTURES", err)
	}
	if n := storedFiles(t, pool); n != files {
		t.Errorf("files %d after the refusal, want %d", n, files)
	}
}

func TestUploadedPicture_orderedDescribedAndDeletedAsTheOthers_itsFilesGoWithIt(t *testing.T) {
	t.Parallel()
	catalog, pool := testenv.NewCatalogOn(t, func() time.Time { return designDay })
	if err := catalog.UploadApartmentPicture(admin, 12, described(picturetest.PNG(t, 1200, 800))); err != nil {
		t.Fatal(err)
	}
	a, _ := catalog.Apartment(context.Background(), 12)
	uploaded := a.Pictures[3]
	// First, described anew and moved to the top: its files stay.
	err := catalog.UpdateApartmentPictures(admin, 12, []domain.PictureEdit{
		{Name: uploaded.Name, DescriptionDe: "Neu", DescriptionEn: "New"},
		{Name: "standard-room", DescriptionDe: "Zimmer", DescriptionEn: "Room"},
	})
	if err != nil {
		t.Fatal(err)
	}
	a, _ = catalog.Apartment(context.Background(), 12)
	if a.Pictures[0].Name != uploaded.Name || a.Pictures[0].File != uploaded.File || a.Pictures[0].URL != uploaded.URL || a.Pictures[0].DescriptionEn != "New" {
		t.Errorf("first picture after the edit = %+v, want the uploaded one described anew", a.Pictures[0])
	}
	if n := storedFiles(t, pool); n != 2 {
		t.Errorf("%d files after the edit, want the two widths", n)
	}
	// Then deleted: its files go.
	if err := catalog.UpdateApartmentPictures(admin, 12, []domain.PictureEdit{{Name: "standard-room", DescriptionDe: "Zimmer", DescriptionEn: "Room"}}); err != nil {
		t.Fatal(err)
	}
	if n := storedFiles(t, pool); n != 0 {
		t.Errorf("%d files after the picture was deleted, want none", n)
	}
	if _, err := catalog.PictureFile(context.Background(), uploaded.File, 960); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("file of the deleted picture = %v, want not found", err)
	}
}

// assertNothingUploaded checks that apartment 12 has its three pictures of the demo file and that no
// file and no audit entry was stored.
func assertNothingUploaded(t *testing.T, apartment func(context.Context, int) (domain.Apartment, error), pool *pgxpool.Pool) {
	t.Helper()
	a, err := apartment(context.Background(), 12)
	if err != nil || len(a.Pictures) != 3 {
		t.Errorf("pictures after a refused upload: %+v (%v)", a.Pictures, err)
	}
	if n := storedFiles(t, pool); n != 0 {
		t.Errorf("%d files stored by a refused upload", n)
	}
	var audited int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM audit_log WHERE action = 'uploadApartmentPicture'`).Scan(&audited); err != nil || audited != 0 {
		t.Errorf("audit entries of a refused upload: %d (%v)", audited, err)
	}
}

func TestImport_aChangedFileKeepsTheUploadedPicturesAfterTheFilesOnes(t *testing.T) {
	t.Parallel()
	catalog, pool := testenv.NewCatalogOn(t, func() time.Time { return designDay })
	if err := catalog.UploadApartmentPicture(admin, 12, described(picturetest.WebP())); err != nil {
		t.Fatal(err)
	}
	a, _ := catalog.Apartment(context.Background(), 12)
	uploaded := a.Pictures[3]
	// Moved to the top and one of the file's deleted, then a changed file is imported: the file's
	// pictures come back in the file's order, the uploaded one stays, after them.
	if err := catalog.UpdateApartmentPictures(admin, 12, []domain.PictureEdit{
		{Name: uploaded.Name, DescriptionDe: "Balkon", DescriptionEn: "Balcony"},
		{Name: "standard-room", DescriptionDe: "Zimmer", DescriptionEn: "Room"},
	}); err != nil {
		t.Fatal(err)
	}
	building := demo.Building()
	building.Name += " (renamed)" // a changed file: it is stored again
	if _, err := pgadapter.NewRepository(pool).Import(context.Background(), building, nil); err != nil {
		t.Fatal(err)
	}
	if err := catalog.Reload(context.Background()); err != nil {
		t.Fatal(err)
	}
	a, err := catalog.Apartment(context.Background(), 12)
	if err != nil || len(a.Pictures) != 4 || a.Pictures[0].Name != "standard-room" || a.Pictures[3].File != uploaded.File || a.Pictures[3].DescriptionEn != "Balcony" {
		t.Errorf("pictures after the import: %+v (%v), want the file's three and the uploaded one", a.Pictures, err)
	}
	if n := storedFiles(t, pool); n != 2 {
		t.Errorf("%d files after the import, want the uploaded picture's two", n)
	}
	// Another changed file whose pictures of the apartment are what is stored leaves them as they are.
	building.Name += " again"
	if _, err := pgadapter.NewRepository(pool).Import(context.Background(), building, nil); err != nil {
		t.Fatal(err)
	}
	if err := catalog.Reload(context.Background()); err != nil {
		t.Fatal(err)
	}
	if a, _ := catalog.Apartment(context.Background(), 12); len(a.Pictures) != 4 {
		t.Errorf("pictures after importing another changed file: %d, want 4", len(a.Pictures))
	}
}
