package app_test

import (
	"context"
	"errors"
	"testing"

	"semesterhaus/platform/picture/picturetest"

	"github.com/google/uuid"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/identity"
	"semesterhaus/services/document/documenttest"
	"semesterhaus/services/document/internal/adapters/imaging"
	"semesterhaus/services/document/internal/app"
	"semesterhaus/services/document/internal/domain"
	"semesterhaus/services/document/internal/testenv"
)

// recordingRepository is a stand-in store that records what the use cases asked of it.
type recordingRepository struct {
	stored [][]domain.File
	actors []string
}

func (r *recordingRepository) Store(_ context.Context, _ int64, _ string, _ domain.Sender, files []domain.File) ([]string, error) {
	r.stored = append(r.stored, files)
	ids := make([]string, len(files))
	for i := range files {
		ids[i] = uuid.NewString()
	}
	return ids, nil
}

func (r *recordingRepository) RenterDocuments(context.Context, int64) ([]domain.Document, error) {
	return nil, nil
}

func (r *recordingRepository) ReadDocument(_ context.Context, _ string, actor string) (domain.Document, error) {
	r.actors = append(r.actors, actor)
	return domain.Document{}, nil
}

func (r *recordingRepository) ReadNewestOfType(_ context.Context, _ int64, _ domain.Type, actor string) (domain.Document, error) {
	r.actors = append(r.actors, actor)
	return domain.Document{}, nil
}

func (r *recordingRepository) DeleteRentingDocuments(_ context.Context, _ string, actor string) (int64, error) {
	r.actors = append(r.actors, actor)
	return 0, nil
}

var adminCtx = identity.WithIdentity(context.Background(), identity.Identity{Subject: "hausmeister", Role: identity.RoleAdmin})

func TestAdminUseCases_refuseNonAdminsAndRecordTheAdmin(t *testing.T) {
	t.Parallel()
	tests := map[string]func(context.Context, *app.Documents) error{
		"renter documents": func(ctx context.Context, d *app.Documents) error { _, err := d.RenterDocuments(ctx, 7); return err },
		"identity card": func(ctx context.Context, d *app.Documents) error {
			_, err := d.IdentityCard(ctx, 7, "front")
			return err
		},
		"document": func(ctx context.Context, d *app.Documents) error {
			_, err := d.Document(ctx, uuid.NewString())
			return err
		},
	}
	for name, use := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			repo := &recordingRepository{}
			documents := app.New(repo, imaging.New(), testenv.UploadLimits)
			if err := use(context.Background(), documents); !errors.Is(err, identity.ErrForbidden) {
				t.Errorf("anonymous: got %v, want ErrForbidden", err)
			}
			if len(repo.actors) != 0 {
				t.Errorf("anonymous call reached the store: %v", repo.actors)
			}
			if err := use(adminCtx, documents); err != nil {
				t.Errorf("admin: %v", err)
			}
			for _, actor := range repo.actors {
				if actor != "hausmeister" {
					t.Errorf("access recorded for %q, want the admin", actor)
				}
			}
		})
	}
}

func TestIdentityCard_unknownSideIsNotFound(t *testing.T) {
	t.Parallel()
	if _, err := app.New(&recordingRepository{}, imaging.New(), testenv.UploadLimits).IdentityCard(adminCtx, 7, "left"); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("got %v, want ErrNotFound", err)
	}
}

func TestStoreUploads_checksEveryUploadBeforeStoringAny(t *testing.T) {
	t.Parallel()
	repo := &recordingRepository{}
	_, err := app.New(repo, imaging.New(), testenv.UploadLimits).StoreUploads(context.Background(), 7, uuid.NewString(), domain.AnySender, []domain.Upload{
		{Type: domain.TypeIdentityCardFront, Content: picturetest.PNG(t, 800, 600)},
		{Type: domain.TypeIdentityCardBack},
	})
	var v *exception.Error
	if !errors.As(err, &v) || v.Path != "identityCardBack" || v.MessageID != domain.MsgMissing {
		t.Fatalf("got %v, want the back missing", err)
	}
	if len(repo.stored) != 0 {
		t.Errorf("stored %d batches, want none", len(repo.stored))
	}
}

func TestStoreUploads_refusesRequestsNoCorrectCallerSends(t *testing.T) {
	t.Parallel()
	pdf := []domain.Upload{{Type: domain.TypeImmatriculation, Content: documenttest.PDF()}}
	tests := []struct {
		name      string
		renterID  int64
		rentingID string
		uploads   []domain.Upload
	}{
		{"no renter", 0, uuid.NewString(), pdf},
		{"renting id no UUID", 7, "42", pdf},
		{"contract upload", 7, uuid.NewString(), []domain.Upload{{Type: domain.TypeContract, Content: documenttest.PDF()}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			repo := &recordingRepository{}
			if _, err := app.New(repo, imaging.New(), testenv.UploadLimits).StoreUploads(context.Background(), tt.renterID, tt.rentingID, domain.AnySender, tt.uploads); !errors.Is(err, app.ErrInvalidArgument) {
				t.Errorf("got %v, want ErrInvalidArgument", err)
			}
			if len(repo.stored) != 0 {
				t.Error("something was stored")
			}
		})
	}
}
