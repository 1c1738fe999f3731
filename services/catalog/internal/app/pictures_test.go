package app_test

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/identity"
	"semesterhaus/services/catalog/internal/domain"
	"semesterhaus/services/catalog/internal/testenv"
)

// descriptions lists the apartment's pictures as name and English description, in their order.
func descriptions(t *testing.T, pictures []domain.Picture) []string {
	t.Helper()
	out := make([]string, len(pictures))
	for i, p := range pictures {
		out[i] = p.Name + ": " + p.DescriptionEn
	}
	return out
}

func TestUpdateApartmentPictures_adminReordersDescribesAndDeletes_auditedAndShownToEverybody(t *testing.T) {
	t.Parallel()
	catalog, pool := testenv.NewCatalogOn(t, func() time.Time { return designDay })
	ctx := identity.WithIdentity(context.Background(), identity.Identity{Subject: "erika", Role: identity.RoleAdmin})
	err := catalog.UpdateApartmentPictures(ctx, 12, []domain.PictureEdit{
		{Name: "standard-bath", DescriptionDe: "Duschbad mit Fenster", DescriptionEn: "Shower room with a window"},
		{Name: "standard-room", DescriptionDe: "Zimmer", DescriptionEn: "Room"},
	})
	if err != nil {
		t.Fatal(err)
	}
	a, err := catalog.Apartment(context.Background(), 12)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"standard-bath: Shower room with a window", "standard-room: Room"}
	if got := descriptions(t, a.Pictures); !reflect.DeepEqual(got, want) {
		t.Errorf("pictures after the edit: %q, want %q", got, want)
	}
	if a.Pictures[0].URL != "/images/apartments/standard-bath-960.webp" || len(a.Pictures[0].Sources) != 2 {
		t.Errorf("the kept picture lost its files: %+v", a.Pictures[0])
	}
	var before, after string
	if err := pool.QueryRow(context.Background(), `SELECT details->'before'->0->>'name', details->'after'->0->>'descriptionEn' FROM audit_log
		WHERE action = 'updateApartmentPictures' AND subject = 'apartment/12' AND actor = 'erika'`).Scan(&before, &after); err != nil ||
		before != "standard-room" || after != "Shower room with a window" {
		t.Errorf("audit entry: before %q, after %q, %v", before, after, err)
	}
}

func TestUpdateApartmentPictures_refusedWithoutAdminIdentity_changesNothing(t *testing.T) {
	t.Parallel()
	catalog, pool := testenv.NewCatalogOn(t, func() time.Time { return designDay })
	edits := []domain.PictureEdit{{Name: "standard-bath", DescriptionDe: "Weg", DescriptionEn: "Gone"}}
	for name, ctx := range map[string]context.Context{
		"no identity": context.Background(),
		"anonymous":   identity.WithIdentity(context.Background(), identity.Anonymous),
	} {
		if err := catalog.UpdateApartmentPictures(ctx, 12, edits); !errors.Is(err, identity.ErrForbidden) {
			t.Errorf("%s: got %v, want forbidden", name, err)
		}
	}
	a, err := catalog.Apartment(context.Background(), 12)
	if err != nil || len(a.Pictures) != 3 || a.Pictures[0].Name != "standard-room" {
		t.Errorf("pictures after refused edits: %+v, %v", a.Pictures, err)
	}
	var audited int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM audit_log WHERE action = 'updateApartmentPictures'`).Scan(&audited); err != nil || audited != 0 {
		t.Errorf("audit entries of refused edits: %d, %v", audited, err)
	}
}

func TestUpdateApartmentPictures_unknownPictureOrApartment_isAnExceptionAndChangesNothing(t *testing.T) {
	t.Parallel()
	catalog, _ := testenv.NewCatalogOn(t, func() time.Time { return designDay })
	ctx := identity.WithIdentity(context.Background(), identity.Identity{Subject: "erika", Role: identity.RoleAdmin})
	var e *exception.Error
	err := catalog.UpdateApartmentPictures(ctx, 12, []domain.PictureEdit{{Name: "large-room", DescriptionDe: "Fremd", DescriptionEn: "Alien"}})
	if !errors.As(err, &e) || e.MessageID != domain.MsgNoPicture || e.Path != "pictures[0].name" || e.Params["name"] != "large-room" {
		t.Errorf("another layout's picture: %v", err)
	}
	if err := catalog.UpdateApartmentPictures(ctx, 99, nil); !errors.As(err, &e) || e.MessageID != domain.MsgNoApartment {
		t.Errorf("unknown apartment: %v", err)
	}
	a, err := catalog.Apartment(context.Background(), 12)
	if err != nil || len(a.Pictures) != 3 {
		t.Errorf("pictures after refused edits: %+v, %v", a.Pictures, err)
	}
}
