package postgres_test

import (
	"context"
	"io/fs"
	"reflect"
	"slices"
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

func TestImport_sameFileAgain_changesNothingDuplicatesNothingAndAddsNewSemesters(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	repo := pgadapter.NewRepository(pool)
	november := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	first, err := repo.Import(ctx, demo.Building(), domain.SemestersAround(november))
	if err != nil || first.ApartmentsChanged != 24 || len(first.SemestersAdded) != 4 {
		t.Fatalf("first import: %+v, %v; want 24 apartments and 4 semesters added", first, err)
	}
	nextSummer := time.Date(2027, 5, 2, 0, 0, 0, 0, time.UTC)
	// an administrator changes a rent between the imports: the same file again leaves it alone
	if err := repo.UpdateApartment(ctx, 1, "office", func(a *domain.Apartment) error { a.RentPerMonth = 777_00; return nil }); err != nil {
		t.Fatal(err)
	}
	again, err := repo.Import(ctx, demo.Building(), domain.SemestersAround(nextSummer))
	if err != nil || !again.Unchanged || again.ApartmentsChanged != 0 || len(again.Unlisted) != 0 || len(again.SemestersAdded) != 1 {
		t.Fatalf("second import: %+v, %v; want the file unchanged and the next semester added", again, err)
	}
	if a := loadApartment(t, repo, 1); a.RentPerMonth != 777_00 {
		t.Errorf("after the same file again apartment 1's rent is %v; want the administrator's 777.00 kept", a.RentPerMonth)
	}
	var apartments, pictures, floors int
	if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM apartment), (SELECT count(*) FROM picture), (SELECT count(*) FROM floor)`).
		Scan(&apartments, &pictures, &floors); err != nil || apartments != 24 || pictures != 72 || floors != 4 {
		t.Errorf("after two imports %d apartments, %d pictures, %d floors (%v); want 24, 72, 4", apartments, pictures, floors, err)
	}
	catalog, err := repo.Load(ctx)
	if b := catalog.Building; err != nil || b.Floors[0].Plan != "/groundplan/EG.svg" || b.Contact != demo.Building().Contact {
		t.Errorf("stored building %+v, %v", b.Floors[0], err)
	}
	if semesters := catalog.Semesters; len(semesters) != 5 || semesters[0].Name != "SoSe 2028" {
		t.Errorf("semesters after a later import: %+v; want five, the newest SoSe 2028", semesters)
	}
	var audited int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM audit_log WHERE action = 'importBuilding' AND actor = 'import'`).Scan(&audited); err != nil || audited != 1 {
		t.Errorf("audit entries of the imports: %d, %v; want 1, of the import that stored the file", audited, err)
	}
}

func TestImport_changedFile_updatesWhatItListsAndKeepsAnApartmentItNoLongerLists(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	repo := pgadapter.NewRepository(pool)
	if _, err := repo.Import(ctx, demo.Building(), nil); err != nil {
		t.Fatal(err)
	}
	err := repo.UpdateApartment(ctx, 1, "admin", func(a *domain.Apartment) error { a.RentPerMonth = 777_00; return nil })
	if err != nil {
		t.Fatal(err)
	}
	changed := demo.Building()
	changed.Name = "Haus am Neckar"
	changed.Floors[0].Plan = "https://plans.example.org/eg.svg"
	ground := &changed.Floors[0]
	ground.Apartments[0].Pictures = ground.Apartments[0].Pictures[:1]
	removed := ground.Apartments[1]
	added := ground.Apartments[2]
	added.ID, added.Name = 7, "0.07"
	ground.Apartments = append([]domain.Apartment{ground.Apartments[0]}, append(ground.Apartments[2:], added)...)

	result, err := repo.Import(ctx, changed, nil)
	if err != nil {
		t.Fatal(err)
	}
	if result.ApartmentsChanged != 2 || len(result.Unlisted) != 1 || result.Unlisted[0].ID != removed.ID {
		t.Errorf("result %+v; want apartments 1 and 7 changed, %s reported as unlisted", result, removed.Name)
	}
	catalog, err := repo.Load(ctx)
	if b := catalog.Building; err != nil || b.Name != "Haus am Neckar" || b.Floors[0].Plan != "https://plans.example.org/eg.svg" {
		t.Errorf("building after the import: %q, plan %q, %v", b.Name, b.Floors[0].Plan, err)
	}
	if a := apartment(catalog, 1); a.RentPerMonth != 585_00 || len(a.Pictures) != 1 {
		t.Errorf("apartment 1 = rent %d, %d pictures; want the file's rent and picture", a.RentPerMonth, len(a.Pictures))
	}
	if a := apartment(catalog, removed.ID); a.Name != removed.Name {
		t.Errorf("the apartment the file left out: %+v; want it kept", a)
	}
	if a := apartment(catalog, 7); a.Name != "0.07" || len(a.Pictures) != 3 {
		t.Errorf("the new apartment: %+v", a)
	}
}

func TestUpdateApartment_failedChangeStoresNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	repo := pgadapter.NewRepository(pool)
	if _, err := repo.Import(ctx, demo.Building(), domain.SemestersAround(time.Now())); err != nil {
		t.Fatal(err)
	}
	before := loadApartment(t, repo, 2)
	err := repo.UpdateApartment(ctx, 2, "admin", func(a *domain.Apartment) error {
		return a.Apply(domain.ApartmentUpdate{DescriptionDe: "x", DescriptionEn: "y", RentPerMonth: -1})
	})
	if err == nil {
		t.Fatal("an invalid change was accepted")
	}
	after := loadApartment(t, repo, 2)
	var audited int
	_ = pool.QueryRow(ctx, `SELECT count(*) FROM audit_log WHERE action = 'updateApartment'`).Scan(&audited)
	if after.RentPerMonth != before.RentPerMonth || after.DescriptionDe != before.DescriptionDe || audited != 0 {
		t.Errorf("a failed change left traces: %+v, %d audit entries", after, audited)
	}
}

func loadApartment(t *testing.T, repo *pgadapter.Repository, id int) domain.Apartment {
	t.Helper()
	catalog, err := repo.Load(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return apartment(catalog, id)
}

// apartment finds apartment id in the catalog, or returns the zero Apartment.
func apartment(c domain.Catalog, id int) domain.Apartment {
	for _, f := range c.Building.Floors {
		for _, a := range f.Apartments {
			if a.ID == id {
				return a
			}
		}
	}
	return domain.Apartment{}
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
	a := loadApartment(t, pgadapter.NewRepository(pool), 1)
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

// TestImport_handoverRulesAndBooks_areStoredAndAChangedFileReplacesThem: the rules of the handover
// and the books come back from the database as the file said, and a file without meters stores none.
func TestImport_handoverRulesAndBooks_areStoredAndAChangedFileReplacesThem(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	repo := pgadapter.NewRepository(pool)
	file := demo.Building()
	file.Rules.HandoverAnswerDays, file.Rules.Meters = 21, []string{"Strom", "Wasser", "Heizung"}
	file.Books = domain.Books{ConsultantNumber: 7654321, ClientNumber: 99, FiscalYearStartMonth: 10, AccountLength: 5,
		Accounts: domain.Accounts{Money: 12000, Rent: 84000, Cleaning: 84100, Deposit: 17900, Damages: 84200}}
	if _, err := repo.Import(ctx, file, nil); err != nil {
		t.Fatal(err)
	}
	catalog, err := repo.Load(ctx)
	if b := catalog.Building; err != nil || b.Rules.HandoverAnswerDays != 21 || !slices.Equal(b.Rules.Meters, file.Rules.Meters) || b.Books != file.Books {
		t.Fatalf("stored rules %+v, books %+v, %v; want the file's", b.Rules, b.Books, err)
	}
	file.Rules.Meters, file.Books = nil, domain.DefaultBooks()
	if _, err := repo.Import(ctx, file, nil); err != nil {
		t.Fatal(err)
	}
	catalog, err = repo.Load(ctx)
	if b := catalog.Building; err != nil || len(b.Rules.Meters) != 0 || b.Books != domain.DefaultBooks() {
		t.Errorf("after a file without meters and books: rules %+v, books %+v, %v", b.Rules, b.Books, err)
	}
}
