// Package app holds the document service's use cases; the GraphQL, gRPC, download and event adapters
// call them.
package app

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/google/uuid"
	"golang.org/x/sync/semaphore"

	"semesterhaus/platform/identity"
	"semesterhaus/services/document/internal/domain"
)

// ErrInvalidArgument means a request that no correct caller sends (e.g. a renting id that is no UUID).
var ErrInvalidArgument = errors.New("invalid argument")

// Repository stores the documents.
type Repository interface {
	// Store stores all files in one transaction and returns their ids in order: the renter's
	// documents when the sender is the renter, else apart until the renting is confirmed.
	Store(ctx context.Context, renterID int64, rentingID string, sender domain.Sender, files []domain.File) ([]string, error)
	// RenterDocuments lists a renter's documents without their content, newest first.
	RenterDocuments(ctx context.Context, renterID int64) ([]domain.Document, error)
	// ReadDocument and ReadNewestOfType load a document with its content and record the access by
	// actor in the same transaction; a missing one is domain.ErrNotFound.
	ReadDocument(ctx context.Context, id, actor string) (domain.Document, error)
	ReadNewestOfType(ctx context.Context, renterID int64, t domain.Type, actor string) (domain.Document, error)
	// DeleteRentingDocuments deletes what was stored with a renting, apart or not, recording actor.
	DeleteRentingDocuments(ctx context.Context, rentingID, actor string) (int64, error)
}

// UploadLimits bound what checking uploads may cost; the service's settings choose them.
type UploadLimits struct {
	// MaxImagePixels is the most pixels a picture may have (domain.Rules.MaxPixels).
	MaxImagePixels int
	// MaxConcurrentDecodes is how many uploads are decoded (pictures) or parsed (PDFs) at once,
	// across all requests: each may take hundreds of megabytes, so parallel bookings wait for
	// their turn rather than multiply the memory.
	MaxConcurrentDecodes int
}

// Documents stores the booking form's uploads and hands them out to admins.
type Documents struct {
	repo     Repository
	pictures domain.Pictures
	rules    domain.Rules
	decodes  *semaphore.Weighted
}

// New returns the document service's use cases; pictures redraws the uploaded pictures.
func New(repo Repository, pictures domain.Pictures, limits UploadLimits) *Documents {
	return &Documents{
		repo:     repo,
		pictures: pictures,
		rules:    domain.Rules{MaxPixels: limits.MaxImagePixels},
		decodes:  semaphore.NewWeighted(int64(max(1, limits.MaxConcurrentDecodes))),
	}
}

// StoreUploads checks every upload by its content first and then stores all of them in one
// transaction, so that a broken upload stores nothing. The first broken one comes back as a
// *exception.Error. Uploads of AnySender wait apart until the renting is confirmed.
func (d *Documents) StoreUploads(ctx context.Context, renterID int64, rentingID string, sender domain.Sender, uploads []domain.Upload) ([]string, error) {
	if renterID <= 0 {
		return nil, fmt.Errorf("%w: renter id %d", ErrInvalidArgument, renterID)
	}
	if err := checkRentingID(rentingID); err != nil {
		return nil, err
	}
	if err := checkSender(sender, uploads); err != nil {
		return nil, err
	}
	files, err := d.checkAll(ctx, uploads)
	if err != nil {
		return nil, err
	}
	return d.repo.Store(ctx, renterID, rentingID, sender, files)
}

// checkAll first checks every upload cheaply (size, format, a picture's header), so that a broken
// one or a decompression bomb is refused without waiting for a decode; then it decodes them
// concurrently, as far as the decode limit allows. The first broken one in the form's order is
// answered.
func (d *Documents) checkAll(ctx context.Context, uploads []domain.Upload) ([]domain.File, error) {
	checked := make([]domain.Checked, len(uploads))
	for i, u := range uploads {
		c, err := u.Check(d.rules)
		if errors.Is(err, domain.ErrNotUploadable) {
			return nil, fmt.Errorf("%w: %w", ErrInvalidArgument, err)
		}
		if err != nil {
			return nil, err
		}
		checked[i] = c
	}
	files := make([]domain.File, len(checked))
	errs := make([]error, len(checked))
	var wg sync.WaitGroup
	for i, c := range checked {
		wg.Go(func() { files[i], errs[i] = d.process(ctx, c) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return files, nil
}

// process waits for a free decode slot (or for the caller to give up) and processes the upload.
func (d *Documents) process(ctx context.Context, c domain.Checked) (domain.File, error) {
	if err := d.decodes.Acquire(ctx, 1); err != nil {
		return domain.File{}, fmt.Errorf("wait to decode an upload: %w", err)
	}
	defer d.decodes.Release(1)
	return c.Process(ctx, d.pictures)
}

// DeleteRentingDocuments removes what StoreUploads stored for a renting whose booking failed later
// or was deleted. Deleting twice is harmless.
func (d *Documents) DeleteRentingDocuments(ctx context.Context, rentingID string) (int64, error) {
	if err := checkRentingID(rentingID); err != nil {
		return 0, err
	}
	return d.repo.DeleteRentingDocuments(ctx, rentingID, identity.FromContext(ctx).Subject)
}

// checkSender refuses handover photos that would wait apart as a booking request's uploads: only
// renting records them, for a renting that is the renter's already.
func checkSender(sender domain.Sender, uploads []domain.Upload) error {
	for _, u := range uploads {
		if u.Type == domain.TypeHandoverPhoto && sender != domain.TheRenter {
			return fmt.Errorf("%w: a handover photo is the renter's document at once (from_renter)", ErrInvalidArgument)
		}
	}
	return nil
}

// RenterDocuments lists a renter's documents for an admin.
func (d *Documents) RenterDocuments(ctx context.Context, renterID int64) ([]domain.Document, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	return d.repo.RenterDocuments(ctx, renterID)
}

// IdentityCard hands an admin the newest copy of a renter's identity card side ("front" or "back");
// the access is recorded.
func (d *Documents) IdentityCard(ctx context.Context, renterID int64, side string) (domain.Document, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return domain.Document{}, err
	}
	t, ok := domain.ParseSide(side)
	if !ok {
		return domain.Document{}, fmt.Errorf("identity card side %q: %w", side, domain.ErrNotFound)
	}
	return d.repo.ReadNewestOfType(ctx, renterID, t, identity.FromContext(ctx).Subject)
}

// Document hands an admin one document by id; the access is recorded.
func (d *Documents) Document(ctx context.Context, id string) (domain.Document, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return domain.Document{}, err
	}
	return d.repo.ReadDocument(ctx, id, identity.FromContext(ctx).Subject)
}

func checkRentingID(rentingID string) error {
	if _, err := uuid.Parse(rentingID); err != nil {
		return fmt.Errorf("%w: renting id %q is no UUID", ErrInvalidArgument, rentingID)
	}
	return nil
}
