package grpc_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"semesterhaus/platform/picture/picturetest"
	documentv1 "semesterhaus/proto/gen/document/v1"
	"semesterhaus/services/document/documenttest"
)

func handoverPhoto(path string, content []byte) *documentv1.Upload {
	return &documentv1.Upload{Type: documentv1.DocumentType_DOCUMENT_TYPE_HANDOVER_PHOTO, Path: path, Content: content}
}

func TestStoreUploads_handoverPhotos_areTheRentersDocumentsAtOnceAsJPEG(t *testing.T) {
	t.Parallel()
	client, pool := newClient(t)
	rentingID := uuid.NewString()
	resp, err := client.StoreUploads(context.Background(), &documentv1.StoreUploadsRequest{
		RenterId: 7, RentingId: rentingID, FromRenter: true,
		Uploads: []*documentv1.Upload{handoverPhoto("damages.0.photos.0", picturetest.JPEG(t, 1200, 800)), handoverPhoto("damages.0.photos.1", picturetest.PNG(t, 800, 1200))},
	})
	if err != nil || resp.GetViolation() != nil || len(resp.GetDocumentIds()) != 2 {
		t.Fatalf("StoreUploads = %v, %v; want two document ids", resp, err)
	}
	var photos int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM document WHERE renting_id = $1 AND renter_id = 7
		AND type = 'HANDOVER_PHOTO' AND content_type = 'image/jpeg' AND file_name = 'uebergabefoto-7.jpg'`, rentingID).Scan(&photos); err != nil || photos != 2 {
		t.Errorf("%d handover photos stored as the renter's JPEGs (%v); want 2", photos, err)
	}
	if n := countIn(t, pool, "pending_upload", rentingID); n != 0 {
		t.Errorf("%d uploads wait apart; want none", n)
	}
}

// A handover photo is held to an identity card's checks, and is never a PDF; the violation names
// the photo's path, and nothing of the handover is stored.
func TestStoreUploads_brokenHandoverPhoto_isRefusedAtItsPathAndStoresNothing(t *testing.T) {
	t.Parallel()
	client, pool := newClient(t)
	for name, c := range map[string]struct {
		content []byte
		msg     string
	}{
		"a PDF":              {documenttest.PDF(), "INVALID_IMAGE"},
		"a WebP":             {picturetest.WebP(), "INVALID_IMAGE"},
		"too small":          {picturetest.JPEG(t, 300, 200), "INVALID_DIMENSION"},
		"a bomb's header":    {picturetest.PNGHeader(10000, 10000), "TOO_MANY_PIXELS"},
		"not decodable":      {picturetest.JPEGClaiming(t, 1200, 800), "INVALID_IMAGE"},
		"text":               {[]byte("kein Foto"), "INVALID_IMAGE"},
		"larger than 10 MiB": {make([]byte, 10<<20+1), "INVALID_SIZE"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			rentingID := uuid.NewString()
			resp, err := client.StoreUploads(context.Background(), &documentv1.StoreUploadsRequest{
				RenterId: 7, RentingId: rentingID, FromRenter: true,
				Uploads: []*documentv1.Upload{handoverPhoto("damages.0.photos.0", picturetest.JPEG(t, 1200, 800)), handoverPhoto("damages.1.photos.2", c.content)},
			})
			if err != nil || resp.GetViolation().GetPath() != "damages.1.photos.2" || resp.GetViolation().GetMessageId() != c.msg {
				t.Errorf("StoreUploads = %v, %v; want %s at damages.1.photos.2", resp, err, c.msg)
			}
			if n := countDocuments(t, pool, rentingID); n != 0 {
				t.Errorf("%d documents stored; want none", n)
			}
		})
	}
}

func TestStoreUploads_handoverPhotoNotFromTheRenter_isInvalidArgumentAndStoresNothing(t *testing.T) {
	t.Parallel()
	client, pool := newClient(t)
	rentingID := uuid.NewString()
	_, err := client.StoreUploads(context.Background(), &documentv1.StoreUploadsRequest{
		RenterId: 7, RentingId: rentingID, Uploads: []*documentv1.Upload{handoverPhoto("damages.0.photos.0", picturetest.JPEG(t, 1200, 800))},
	})
	if status.Code(err) != codes.InvalidArgument {
		t.Errorf("StoreUploads without from_renter: %v; want InvalidArgument", err)
	}
	if n := countDocuments(t, pool, rentingID); n != 0 {
		t.Errorf("%d documents stored; want none", n)
	}
}
