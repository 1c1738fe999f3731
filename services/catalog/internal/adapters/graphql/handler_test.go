package graphql_test

import (
	"encoding/base64"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"semesterhaus/platform/graphqlx/graphqltest"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/pgtest"
	"semesterhaus/platform/picture/picturetest"
	"semesterhaus/services/catalog/internal/adapters/graphql"
	"semesterhaus/services/catalog/internal/testenv"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// designDay is the example day of the design: the winter semester 2026/27 runs, the summer
// semester 2027 is open for booking.
var designDay = time.Date(2026, 11, 22, 12, 0, 0, 0, testenv.Berlin)

func newSubgraph(t *testing.T) graphqltest.Subgraph {
	t.Helper()
	catalog := testenv.NewCatalog(t, func() time.Time { return designDay })
	return graphqltest.Serve(t, "catalog", func(v *identity.Verifier) http.Handler {
		return graphql.NewHandler(catalog, v, slog.New(slog.DiscardHandler))
	})
}

var admin = &identity.Identity{Subject: "admin", Role: identity.RoleAdmin}

func TestBuilding_demoResidenceWithFloorsApartmentsAndPictures(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	var data struct {
		Building struct {
			Name, Address string
			Contact       struct{ Email, Phone string }
			Floors        []struct {
				ID         int
				Name       string
				Plan       string
				Apartments []struct {
					ID                                         int
					Name                                       string
					DescriptionDe, DescriptionEn               string
					PricePerMonth, PriceCleaning, PriceDeposit float64
					Features                                   []string
					X, Y                                       float64
					Pictures                                   []struct {
						URL           string
						Width, Height int
						Sources       []struct{ Type, Srcset string }
					}
					Floor struct{ Name string }
				}
			}
		}
	}
	r := s.Query(nil, `{ building { name address contact { email phone } floors { id name plan apartments { id name descriptionDe descriptionEn
		pricePerMonth priceCleaning priceDeposit features x y pictures { url width height sources { type srcset } } floor { name } } } } }`, nil, &data)
	if len(r.Errors) > 0 {
		t.Fatalf("errors: %+v", r.Errors)
	}
	b := data.Building
	if b.Name == "" || !strings.Contains(b.Address, "Heidelberg") || len(b.Floors) < 3 ||
		b.Contact.Email != "wohnen@neckarblick.example" || b.Contact.Phone != "+49 6221 000000" {
		t.Fatalf("building %q at %q with %d floors", b.Name, b.Address, len(b.Floors))
	}
	count, lastID := 0, 0
	for _, f := range b.Floors {
		if f.Plan != "/groundplan/"+f.Name+".svg" {
			t.Errorf("floor %s: plan %q, want the building file's", f.Name, f.Plan)
		}
		for _, a := range f.Apartments {
			count++
			if a.ID <= lastID {
				t.Errorf("apartment %d listed after %d: not sorted by id", a.ID, lastID)
			}
			lastID = a.ID
			if a.Floor.Name != f.Name || a.DescriptionDe == "" || a.DescriptionEn == "" || len(a.Pictures) == 0 ||
				a.PricePerMonth <= 0 || a.PriceDeposit <= 0 || a.PriceCleaning <= 0 || a.X <= 0 || a.X >= 1 || a.Y <= 0 || a.Y >= 1 ||
				!strings.HasPrefix(a.Features[0], "SIZE_") {
				t.Errorf("apartment %s is incomplete: %+v", a.Name, a)
			}
			for _, p := range a.Pictures {
				if p.Width <= 0 || p.Height <= 0 || len(p.Sources) == 0 || p.Sources[0].Type != "image/avif" ||
					!strings.Contains(p.Sources[0].Srcset, " 480w, ") {
					t.Errorf("apartment %s: picture %+v without its sizes", a.Name, p)
				}
			}
		}
	}
	if count < 20 {
		t.Errorf("%d apartments, want at least 20", count)
	}
}

func TestSemesters_sortedByStartsInDaysWithOneCurrentAndTheNextBookable(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	type semester struct {
		ID           int
		Name         string
		Current      bool
		StartDate    string
		EndDate      string
		RentingPhase string
		StartsInDays int
	}
	var data struct {
		Semesters        []semester
		BookableSemester semester
		CurrentSemester  semester
	}
	fields := `id name current startDate endDate rentingPhase startsInDays`
	r := s.Query(nil, `{ semesters { `+fields+` } bookableSemester { `+fields+` } currentSemester { `+fields+` } }`, nil, &data)
	if len(r.Errors) > 0 {
		t.Fatalf("errors: %+v", r.Errors)
	}
	want := []semester{
		{Name: "WiSe 2027/28", StartDate: "2027-10-01", EndDate: "2028-03-31", RentingPhase: "PLANNED", StartsInDays: 313},
		{Name: "SoSe 2027", StartDate: "2027-04-01", EndDate: "2027-09-30", RentingPhase: "BOOKING", StartsInDays: 130},
		{Name: "WiSe 2026/27", StartDate: "2026-10-01", EndDate: "2027-03-31", RentingPhase: "RUNNING", StartsInDays: -52, Current: true},
		{Name: "SoSe 2026", StartDate: "2026-04-01", EndDate: "2026-09-30", RentingPhase: "FINISHED", StartsInDays: -235},
	}
	if len(data.Semesters) != len(want) {
		t.Fatalf("got %d semesters, want %d", len(data.Semesters), len(want))
	}
	for i, w := range want {
		got := data.Semesters[i]
		w.ID = got.ID
		if got != w {
			t.Errorf("semester %d = %+v, want %+v", i, got, w)
		}
	}
	if data.BookableSemester.Name != "SoSe 2027" || data.CurrentSemester.Name != "WiSe 2026/27" {
		t.Errorf("bookable %q, current %q", data.BookableSemester.Name, data.CurrentSemester.Name)
	}
}

func TestPriceCalculation_newBookingAndRenewal(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	var ids struct {
		BookableSemester struct{ ID int }
		ApartmentByID    struct{ PricePerMonth, PriceCleaning, PriceDeposit float64 }
	}
	s.Query(nil, `{ bookableSemester { id } apartmentById(id: 11) { pricePerMonth priceCleaning priceDeposit } }`, nil, &ids)
	apartment := ids.ApartmentByID
	type calculation struct {
		PriceCalculation struct {
			Items []struct {
				TextDe, TextEn string
				Qty            int
				Amount, Total  float64
			}
			Total float64
		}
	}
	q := `query($a: Int!, $s: Int!, $r: Boolean) { priceCalculation(apartmentId: $a, semesterId: $s, renewal: $r) {
		items { textDe textEn qty amount total } total } }`

	var booking calculation
	s.Query(nil, q, map[string]any{"a": 11, "s": ids.BookableSemester.ID}, &booking)
	items := booking.PriceCalculation.Items
	if len(items) != 3 || items[0].Qty != 6 || items[0].Total != apartment.PricePerMonth*6 ||
		items[1].Total != apartment.PriceCleaning || items[2].Total != apartment.PriceDeposit {
		t.Fatalf("new booking: %+v for apartment %+v", booking, apartment)
	}
	if want := apartment.PricePerMonth*6 + apartment.PriceCleaning + apartment.PriceDeposit; booking.PriceCalculation.Total != want {
		t.Errorf("total %v, want %v", booking.PriceCalculation.Total, want)
	}

	var renewal calculation
	s.Query(nil, q, map[string]any{"a": 11, "s": ids.BookableSemester.ID, "r": true}, &renewal)
	if len(renewal.PriceCalculation.Items) != 1 || renewal.PriceCalculation.Total != apartment.PricePerMonth*6 {
		t.Errorf("renewal: %+v", renewal)
	}

	r := s.Query(nil, q, map[string]any{"a": 999, "s": ids.BookableSemester.ID}, nil)
	if len(r.Errors) != 1 || r.Errors[0].Message != "No Apartment found with id 999." {
		t.Errorf("unknown apartment: %+v", r.Errors)
	}
}

const updateRent = `mutation($u: ApartmentUpdate!) { updateApartment(update: $u) { exception { path messageId params { key value } } } }`

func update(rent float64, descriptionEn string) map[string]any {
	return map[string]any{"u": map[string]any{
		"id": 12, "descriptionDe": "Frisch renoviert.", "descriptionEn": descriptionEn,
		"pricePerMonth": rent, "priceDeposit": 950, "priceCleaning": 99.5,
	}}
}

func TestUpdateApartment_refusedWithoutAdminIdentity(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	anonymous := &identity.Anonymous
	for name, as := range map[string]*identity.Identity{"no token": nil, "anonymous token": anonymous} {
		r := s.Query(as, updateRent, update(600, "Freshly renovated."), nil)
		if len(r.Errors) == 0 || r.Errors[0].Message != "forbidden" {
			t.Errorf("%s: got %+v, want forbidden", name, r)
		}
	}
	var data struct {
		ApartmentByID struct{ PricePerMonth float64 }
	}
	s.Query(nil, `{ apartmentById(id: 12) { pricePerMonth } }`, nil, &data)
	if data.ApartmentByID.PricePerMonth == 600 {
		t.Error("a refused update changed the rent")
	}
	if r := s.Query(nil, `{ adminBuilding { name } }`, nil, nil); len(r.Errors) == 0 {
		t.Error("adminBuilding answered an anonymous caller")
	}
}

func TestUpdateApartment_asAdminChangesTheApartment(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	var result struct {
		UpdateApartment struct{ Exception *struct{ MessageID string } }
	}
	if r := s.Query(admin, updateRent, update(612.5, "Freshly renovated."), &result); len(r.Errors) > 0 || result.UpdateApartment.Exception != nil {
		t.Fatalf("update failed: %+v %+v", r.Errors, result)
	}
	var data struct {
		ApartmentByID struct {
			PricePerMonth, PriceDeposit, PriceCleaning float64
			DescriptionEn                              string
		}
	}
	s.Query(nil, `{ apartmentById(id: 12) { pricePerMonth priceDeposit priceCleaning descriptionEn } }`, nil, &data)
	a := data.ApartmentByID
	if a.PricePerMonth != 612.5 || a.PriceDeposit != 950 || a.PriceCleaning != 99.5 || a.DescriptionEn != "Freshly renovated." {
		t.Errorf("after update: %+v", a)
	}
}

func TestUpdateApartment_invalidInputComesBackAsException(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	tests := []struct {
		name      string
		vars      map[string]any
		path, msg string
	}{
		{"negative rent", update(-10, "ok"), "pricePerMonth", "INVALID_PRICE"},
		{"absurd rent", update(99999, "ok"), "pricePerMonth", "INVALID_PRICE"},
		{"over-long text", update(500, strings.Repeat("long ", 1000)), "descriptionEn", "STRING_MAX"},
	}
	for _, tt := range tests {
		var result struct {
			UpdateApartment struct {
				Exception *struct {
					Path, MessageID string
					Params          []struct{ Key, Value string }
				}
			}
		}
		s.Query(admin, updateRent, tt.vars, &result)
		e := result.UpdateApartment.Exception
		if e == nil || e.Path != tt.path || e.MessageID != tt.msg || len(e.Params) == 0 {
			t.Errorf("%s: exception %+v, want %s at %s with params", tt.name, e, tt.msg, tt.path)
		}
	}
	var data struct {
		ApartmentByID struct{ PricePerMonth float64 }
	}
	s.Query(nil, `{ apartmentById(id: 12) { pricePerMonth } }`, nil, &data)
	if data.ApartmentByID.PricePerMonth < 0 || data.ApartmentByID.PricePerMonth > 5000 {
		t.Errorf("an invalid update was stored: rent %v", data.ApartmentByID.PricePerMonth)
	}
}

func TestEntities_apartmentAndSemesterResolveByKey(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	var data struct {
		Entities []struct {
			Name string
		} `json:"_entities"`
	}
	r := s.Query(nil, `query($r: [_Any!]!) { _entities(representations: $r) { ... on Apartment { name } ... on Semester { name } } }`,
		map[string]any{"r": []map[string]any{{"__typename": "Apartment", "id": 11}, {"__typename": "Semester", "id": 1}}}, &data)
	if len(r.Errors) > 0 || len(data.Entities) != 2 || data.Entities[0].Name != "1.01" || data.Entities[1].Name == "" {
		t.Errorf("entities: %+v %+v", data, r.Errors)
	}
}

func TestApartmentsPage_listsEveryApartmentOfTheSemesterForAdminsOnly(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	var semesters struct{ Semesters []struct{ ID int } }
	s.Query(nil, `{ semesters { id } }`, nil, &semesters)
	semesterID := semesters.Semesters[0].ID
	q := `query($s: Int!) { apartmentsPage(semesterId: $s) { name address floors { name apartments { id semesterId name } } } }`

	if r := s.Query(nil, q, map[string]any{"s": semesterID}, nil); len(r.Errors) == 0 || r.Errors[0].Message != "forbidden" {
		t.Errorf("anonymous apartmentsPage: %+v, want forbidden", r.Errors)
	}
	var page struct {
		ApartmentsPage struct {
			Address string
			Floors  []struct {
				Apartments []struct {
					ID, SemesterID int
					Name           string
				}
			}
		}
	}
	if r := s.Query(admin, q, map[string]any{"s": semesterID}, &page); len(r.Errors) > 0 {
		t.Fatalf("admin apartmentsPage: %+v", r.Errors)
	}
	count := 0
	for _, f := range page.ApartmentsPage.Floors {
		for _, a := range f.Apartments {
			count++
			if a.SemesterID != semesterID || a.Name == "" {
				t.Errorf("apartment %+v, want semester %d", a, semesterID)
			}
		}
	}
	if count < 20 || page.ApartmentsPage.Address == "" {
		t.Errorf("%d apartments at %q", count, page.ApartmentsPage.Address)
	}
	if r := s.Query(admin, q, map[string]any{"s": 999}, nil); len(r.Errors) == 0 || r.Errors[0].Message != "No Semester found." {
		t.Errorf("unknown semester: %+v", r.Errors)
	}
}

func TestEntities_buildingResolvesForOtherSubgraphs(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	var data struct {
		Entities []struct{ Name string } `json:"_entities"`
	}
	r := s.Query(nil, `query($r: [_Any!]!) { _entities(representations: $r) { ... on Building { name } } }`,
		map[string]any{"r": []map[string]any{{"__typename": "Building", "id": 1}}}, &data)
	if len(r.Errors) > 0 || len(data.Entities) != 1 || data.Entities[0].Name == "" {
		t.Errorf("building entity: %+v %+v", data, r.Errors)
	}
}

func TestUpdateApartmentPictures_refusedWithoutAdminIdentity_andAsAdminReorders(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	const arrange = `mutation($p: [PictureEdit!]!) { updateApartmentPictures(apartmentId: 12, pictures: $p) { exception { path messageId } } }`
	edits := map[string]any{"p": []map[string]any{
		{"name": "standard-kitchen", "descriptionDe": "Küche", "descriptionEn": "Kitchen"},
		{"name": "standard-room", "descriptionDe": "Zimmer", "descriptionEn": "Room"},
	}}
	names := func() string {
		var data struct {
			ApartmentByID struct{ Pictures []struct{ Name string } }
		}
		s.Query(nil, `{ apartmentById(id: 12) { pictures { name } } }`, nil, &data)
		out := ""
		for _, p := range data.ApartmentByID.Pictures {
			out += p.Name + " "
		}
		return out
	}
	for name, as := range map[string]*identity.Identity{"no token": nil, "anonymous token": &identity.Anonymous} {
		if r := s.Query(as, arrange, edits, nil); len(r.Errors) == 0 || r.Errors[0].Message != "forbidden" {
			t.Errorf("%s: got %+v, want forbidden", name, r)
		}
	}
	if got := names(); got != "standard-room standard-kitchen standard-bath " {
		t.Errorf("after refused edits: %s", got)
	}
	var result struct {
		UpdateApartmentPictures struct {
			Exception *struct{ Path, MessageID string }
		}
	}
	if r := s.Query(admin, arrange, edits, &result); len(r.Errors) > 0 || result.UpdateApartmentPictures.Exception != nil {
		t.Fatalf("admin's edit: %+v %+v", r.Errors, result)
	}
	if got := names(); got != "standard-kitchen standard-room " {
		t.Errorf("after the admin's edit: %s", got)
	}
}

func TestUploadApartmentPicture_overHTTP_refusedWithoutAdminIdentity_andAsAdminAddsThePicture(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	const upload = `mutation($p: PictureUpload!) { uploadApartmentPicture(apartmentId: 12, picture: $p) { exception { path messageId } } }`
	picture := map[string]any{"p": map[string]any{
		"content":       base64.StdEncoding.EncodeToString(picturetest.PNG(t, 1200, 800)),
		"descriptionDe": "Blick aus dem Fenster", "descriptionEn": "View from the window",
	}}
	pictures := func() []struct{ Name, URL string } {
		var data struct {
			ApartmentByID struct{ Pictures []struct{ Name, URL string } }
		}
		s.Query(nil, `{ apartmentById(id: 12) { pictures { name url } } }`, nil, &data)
		return data.ApartmentByID.Pictures
	}
	for name, as := range map[string]*identity.Identity{"no token": nil, "anonymous token": &identity.Anonymous} {
		if r := s.Query(as, upload, picture, nil); len(r.Errors) == 0 || r.Errors[0].Message != "forbidden" {
			t.Errorf("%s: got %+v, want forbidden", name, r)
		}
	}
	if got := pictures(); len(got) != 3 {
		t.Errorf("after refused uploads: %+v", got)
	}
	var result struct {
		UploadApartmentPicture struct {
			Exception *struct{ Path, MessageID string }
		}
	}
	if r := s.Query(admin, upload, picture, &result); len(r.Errors) > 0 || result.UploadApartmentPicture.Exception != nil {
		t.Fatalf("admin's upload: %+v %+v", r.Errors, result)
	}
	if got := pictures(); len(got) != 4 || !strings.HasPrefix(got[3].URL, "/api/pictures/") || !strings.HasSuffix(got[3].URL, ".jpg") {
		t.Errorf("after the admin's upload: %+v", got)
	}
	notBase64 := map[string]any{"p": map[string]any{"content": "%%%", "descriptionDe": "Blick", "descriptionEn": "View"}}
	if r := s.Query(admin, upload, notBase64, &result); len(r.Errors) > 0 || result.UploadApartmentPicture.Exception == nil ||
		*result.UploadApartmentPicture.Exception != (struct{ Path, MessageID string }{"file", "INVALID_IMAGE"}) {
		t.Errorf("upload of no base64: %+v %+v", r.Errors, result.UploadApartmentPicture.Exception)
	}
}
