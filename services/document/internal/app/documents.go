// Package app holds the document service's use cases; the GraphQL, gRPC, download and event adapters
// call them.
package app

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/google/uuid"

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

// Documents stores the booking form's uploads and hands them out to admins.
type Documents struct {
	repo Repository
}

// New returns the document service's use cases.
func New(repo Repository) *Documents {
	return &Documents{repo: repo}
}

// StoreUploads checks every upload by its content first and then stores all of them in one
// transaction, so that a broken upload stores nothing. The first broken one comes back as a
// *domain.ValidationError. Uploads of AnySender wait apart until the renting is confirmed.
func (d *Documents) StoreUploads(ctx context.Context, renterID int64, rentingID string, sender domain.Sender, uploads []domain.Upload) ([]string, error) {
	if renterID <= 0 {
		return nil, fmt.Errorf("%w: renter id %d", ErrInvalidArgument, renterID)
	}
	if err := checkRentingID(rentingID); err != nil {
		return nil, err
	}
	files, err := checkAll(uploads)
	if err != nil {
		return nil, err
	}
	return d.repo.Store(ctx, renterID, rentingID, sender, files)
}

// checkAll checks the uploads concurrently (each decode and re-encode is CPU work of its own) and
// answers the first broken one in the form's order, as a sequential check would.
func checkAll(uploads []domain.Upload) ([]domain.File, error) {
	files := make([]domain.File, len(uploads))
	errs := make([]error, len(uploads))
	var wg sync.WaitGroup
	for i, u := range uploads {
		wg.Go(func() { files[i], errs[i] = u.Check() })
	}
	wg.Wait()
	for _, err := range errs {
		if errors.Is(err, domain.ErrNotUploadable) {
			return nil, fmt.Errorf("%w: %w", ErrInvalidArgument, err)
		}
		if err != nil {
			return nil, err
		}
	}
	return files, nil
}

// DeleteRentingDocuments removes what StoreUploads stored for a renting whose booking failed later
// or was deleted. Deleting twice is harmless.
func (d *Documents) DeleteRentingDocuments(ctx context.Context, rentingID string) (int64, error) {
	if err := checkRentingID(rentingID); err != nil {
		return 0, err
	}
	return d.repo.DeleteRentingDocuments(ctx, rentingID, identity.FromContext(ctx).Subject)
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
