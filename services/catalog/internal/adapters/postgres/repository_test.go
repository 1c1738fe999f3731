package postgres_test

import (
	"context"
	"io/fs"
	"reflect"
	"testing"
	"testing/fstest"
	"time"

	"semesterhaus/platform/pgtest"
	"semesterhaus/platform/postgres"
	pgadapter "semesterhaus/services/catalog/internal/adapters/postgres"
	"semesterhaus/services/catalog/internal/demo"
	"semesterhaus/services/catalog/internal/domain"
	"semesterhaus/services/catalog/migrations"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestSeed_runsAtEveryStartAndKeepsEditsAndAddsNewSemesters(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	repo := pgadapter.NewRepository(pool)
	november := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	if err := repo.Seed(ctx, demo.Building(), demo.Semesters(november)); err != nil {
		t.Fatal(err)
	}
	err := repo.UpdateApartment(ctx, 1, "admin", func(a *domain.Apartment) error { a.RentPerMonth = 777_00; return nil })
	if err != nil {
		t.Fatal(err)
	}
	nextSummer := time.Date(2027, 5, 2, 0, 0, 0, 0, time.UTC)
	if err := repo.Seed(ctx, demo.Building(), demo.Semesters(nextSummer)); err != nil {
		t.Fatalf("second seed: %v", err)
	}
	a, err := repo.Apartment(ctx, 1)
	if err != nil || a.RentPerMonth != 777_00 {
		t.Errorf("after the second seed apartment 1 = %+v, %v; want the edited rent kept", a, err)
	}
	semesters, err := repo.Semesters(ctx)
	if err != nil || len(semesters) != 5 || semesters[0].Name != "SoSe 2028" {
		t.Errorf("semesters after a later seed: %+v, %v; want five, the newest SoSe 2028", semesters, err)
	}
	var audited int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM audit_log WHERE action = 'updateApartment' AND subject = 'apartment/1' AND actor = 'admin'`).Scan(&audited); err != nil || audited != 1 {
		t.Errorf("audit entries for the edit: %d, %v; want 1", audited, err)
	}
}

func TestSeed_buildingStoredWithoutContact_getsTheSeedsContactButKeepsAnOperatorsOwn(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	repo := pgadapter.NewRepository(pool)
	seed := demo.Building()
	if err := repo.Seed(ctx, seed, nil); err != nil {
		t.Fatal(err)
	}
	// As a building stored before the contact columns existed: the migration left them empty.
	if _, err := pool.Exec(ctx, `UPDATE building SET email = '', phone = ''`); err != nil {
		t.Fatal(err)
	}
	if err := repo.Seed(ctx, seed, nil); err != nil {
		t.Fatal(err)
	}
	if b, err := repo.Building(ctx); err != nil || b.Contact != seed.Contact {
		t.Fatalf("contact after the seed = %+v, %v; want %+v", b.Contact, err, seed.Contact)
	}
	if _, err := pool.Exec(ctx, `UPDATE building SET email = 'office@example.org', phone = ''`); err != nil {
		t.Fatal(err)
	}
	if err := repo.Seed(ctx, seed, nil); err != nil {
		t.Fatal(err)
	}
	if b, err := repo.Building(ctx); err != nil || b.Contact != (domain.Contact{Email: "office@example.org"}) {
		t.Errorf("contact after a seed over an operator's = %+v, %v; want theirs kept", b.Contact, err)
	}
}

func TestUpdateApartment_failedChangeStoresNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	repo := pgadapter.NewRepository(pool)
	if err := repo.Seed(ctx, demo.Building(), demo.Semesters(time.Now())); err != nil {
		t.Fatal(err)
	}
	before, _ := repo.Apartment(ctx, 2)
	err := repo.UpdateApartment(ctx, 2, "admin", func(a *domain.Apartment) error {
		return a.Apply(domain.ApartmentUpdate{DescriptionDe: "x", DescriptionEn: "y", RentPerMonth: -1})
	})
	if err == nil {
		t.Fatal("an invalid change was accepted")
	}
	after, _ := repo.Apartment(ctx, 2)
	var audited int
	_ = pool.QueryRow(ctx, `SELECT count(*) FROM audit_log`).Scan(&audited)
	if after.RentPerMonth != before.RentPerMonth || after.DescriptionDe != before.DescriptionDe || audited != 0 {
		t.Errorf("a failed change left traces: %+v, %d audit entries", after, audited)
	}
}

func TestMigration_demoDrawingsBecomeTheRenderedPicturesInTwoFormatsAndWidths(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := pgtest.EmptyDatabase(t)
	before := fstest.MapFS{}
	for _, name := range []string{"00001_catalog.sql", "00002_semester_no_overlap.sql", "00003_building_contact.sql"} {
		content, err := fs.ReadFile(migrations.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		before[name] = &fstest.MapFile{Data: content}
	}
	if err := postgres.Migrate(ctx, url, before); err != nil {
		t.Fatal(err)
	}
	pool, err := postgres.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	// A residence stored before: one demo drawing and one picture an operator put elsewhere.
	if _, err := pool.Exec(ctx, `
		INSERT INTO building (id, name, address) VALUES (1, 'Haus', 'Weg 1');
		INSERT INTO floor (id, building_id, name) VALUES (1, 1, 'EG');
		INSERT INTO apartment (id, floor_id, name, description_de, description_en, rent_cents, cleaning_cents, deposit_cents, plan_x, plan_y)
		VALUES (1, 1, '0.01', 'de', 'en', 1, 1, 1, 0.5, 0.5);
		INSERT INTO picture (apartment_id, position, name, url, description_de, description_en)
		VALUES (1, 0, 'compact-room', '/images/apartments/compact-room.svg', 'Zimmer', 'Room'),
		       (1, 1, 'own', 'https://example.org/own.jpg', 'Eigenes', 'Own')`); err != nil {
		t.Fatal(err)
	}
	if err := postgres.Migrate(ctx, url, migrations.FS); err != nil {
		t.Fatal(err)
	}
	a, err := pgadapter.NewRepository(pool).Apartment(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	want := []domain.Picture{
		{
			Name: "compact-room", URL: "/images/apartments/compact-room-960.webp", Width: 960, Height: 640,
			Sources: []domain.PictureSource{
				{Type: "image/avif", Srcset: "/images/apartments/compact-room-480.avif 480w, /images/apartments/compact-room-960.avif 960w"},
				{Type: "image/webp", Srcset: "/images/apartments/compact-room-480.webp 480w, /images/apartments/compact-room-960.webp 960w"},
			},
			DescriptionDe: "Zimmer", DescriptionEn: "Room",
		},
		{Name: "own", URL: "https://example.org/own.jpg", Sources: []domain.PictureSource{}, DescriptionDe: "Eigenes", DescriptionEn: "Own"},
	}
	if !reflect.DeepEqual(a.Pictures, want) {
		t.Errorf("pictures after the migration:\n got %+v\nwant %+v", a.Pictures, want)
	}
}
