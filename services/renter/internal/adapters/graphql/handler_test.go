package graphql_test

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"semesterhaus/platform/audit"
	"semesterhaus/platform/graphqlx/graphqltest"
	"semesterhaus/platform/grpctest"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/pgtest"
	"semesterhaus/proto/catalog/catalogfake"
	"semesterhaus/proto/renting/rentingfake"
	"semesterhaus/services/renter/internal/adapters/graphql"
	grpcadapter "semesterhaus/services/renter/internal/adapters/grpc"
	"semesterhaus/services/renter/internal/adapters/mail"
	pgadapter "semesterhaus/services/renter/internal/adapters/postgres"
	"semesterhaus/services/renter/internal/app"
	"semesterhaus/services/renter/internal/domain"
	"semesterhaus/services/renter/migrations"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

type subgraph struct {
	graphqltest.Subgraph
	t        *testing.T
	pool     *pgxpool.Pool
	renters  *app.Renters
	rentings *rentingfake.Server
	pages    *app.Pages
	clock    *clock
}

// clock is the subgraph's time, moved by tests instead of waited for.
type clock struct{ now time.Time }

func (c *clock) Now() time.Time { return c.now }

func newSubgraph(t *testing.T) subgraph {
	t.Helper()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	repo := pgadapter.NewRepository(pool)
	c := &clock{now: time.Now()}
	renters := app.NewRenters(repo, c.Now)
	auditLog := app.NewAuditLog(repo, otherService)
	renderer, err := mail.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	catalog := grpctest.Dial(t, "renter", "catalog", grpctest.Serve(t, catalogfake.NewExample().Register))
	mails := app.NewMails(renderer, grpcadapter.NewCatalogClient(catalog), pageSettings, c.Now)
	rentings := rentingfake.New()
	pages := app.NewPages(repo, renters, repo, mails,
		grpcadapter.NewRentingClient(grpctest.Dial(t, "renter", "renting", grpctest.Serve(t, rentings.Register))))
	t.Cleanup(pages.Wait)
	erasures := app.NewErasures(repo, repo, pages, mails, c.Now)
	s := graphqltest.Serve(t, "renter", func(v *identity.Verifier) http.Handler {
		return graphql.NewHandler(renters, pages, auditLog, erasures, v, slog.New(slog.DiscardHandler))
	})
	return subgraph{Subgraph: s, t: t, pool: pool, renters: renters, rentings: rentings, pages: pages, clock: c}
}

// add registers a renter as a booking would and returns the id.
func (s subgraph) add(firstName, lastName, email string) int {
	s.t.Helper()
	id, _, err := s.renters.Register(context.Background(), domain.Form{
		Email: email, FirstName: firstName, LastName: lastName, Street: "Hauptstraße 1", Zip: "69117", City: "Heidelberg",
		Country: "DEU", Birthday: "2004-05-17", Phone: "+49 170 1234567", Nationality: "de", Gender: "female", Language: "en",
	}, time.Date(2027, 4, 1, 0, 0, 0, 0, time.UTC), 0)
	if err != nil {
		s.t.Fatal(err)
	}
	return int(id)
}

var admin = &identity.Identity{Subject: "admin", Role: identity.RoleAdmin}

func TestRenterFields_refusedWithoutAdminIdentity(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	id := s.add("Anna", "Schmidt", "anna@example.org")
	operations := []string{
		`{ renter(id: ` + itoa(id) + `) { firstName } }`,
		`{ renterWithDocument(id: ` + itoa(id) + `) { email } }`,
		`{ renterForEdit(renterId: ` + itoa(id) + `) { phone } }`,
		`{ rentersByLetter { letter } }`,
		`{ renter(id: ` + itoa(id) + `) { auditLog { actor } } }`,
		`mutation { updateRenter(update: {id: ` + itoa(id) + `, firstName: "X", lastName: "Y", phone: "0170 1234567", notes: ""}) { exception { messageId } } }`,
		`{ _entities(representations: [{__typename: "Renter", id: ` + itoa(id) + `}]) { ... on Renter { firstName } } }`,
	}
	for _, op := range operations {
		for name, as := range map[string]*identity.Identity{"no token": nil, "anonymous token": &identity.Anonymous} {
			r := s.Query(as, op, nil, nil)
			if len(r.Errors) == 0 || strings.Contains(string(r.Data), "Anna") || strings.Contains(string(r.Data), "anna@") {
				t.Errorf("%s: %s answered %s %+v", name, op, r.Data, r.Errors)
			}
		}
	}
	var data struct{ Renter struct{ FirstName string } }
	s.Query(admin, `{ renter(id: `+itoa(id)+`) { firstName } }`, nil, &data)
	if data.Renter.FirstName != "Anna" {
		t.Error("the refused update changed the renter, or the admin cannot read it")
	}
}

func TestRenter_asAdminAllPersonalData(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	id := s.add("Anna", "Schmidt", "anna@example.org")
	var data struct {
		Renter, RenterWithDocument struct {
			ID                                                        int
			Email                                                     string
			EmailValidated                                            bool
			FirstName, LastName, Street, Zip, City, Country, Birthday string
			Phone, Notes, Nationality, Gender, Language               string
		}
		Missing *struct{ ID int }
	}
	fields := `id email emailValidated firstName lastName street zip city country birthday phone notes nationality gender language`
	r := s.Query(admin, `query($id: Int!) { renter(id: $id) { `+fields+` } renterWithDocument(id: $id) { `+fields+` }
		missing: renter(id: 999) { id } }`, map[string]any{"id": id}, &data)
	if len(r.Errors) > 0 {
		t.Fatalf("errors: %+v", r.Errors)
	}
	got := data.Renter
	if got.ID != id || got.Email != "anna@example.org" || got.EmailValidated || got.Birthday != "2004-05-17" || got.Gender != "female" ||
		got.Country != "DEU" || got.Nationality != "de" || got.Language != "en" || got.Zip != "69117" {
		t.Errorf("renter %+v", got)
	}
	if data.RenterWithDocument != data.Renter || data.Missing != nil {
		t.Errorf("renterWithDocument %+v, unknown id %+v", data.RenterWithDocument, data.Missing)
	}
}

func TestRentersByLetter_groupedUnderFoldedInitials(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	s.add("Zoe", "Özdemir", "zoe@example.org")
	s.add("Anna", "Schmidt", "anna@example.org")
	s.add("Ali", "Oberle", "ali@example.org")
	var data struct {
		RentersByLetter []struct {
			Letter  string
			Renters []struct{ FirstName, LastName, Email string }
		}
	}
	s.Query(admin, `{ rentersByLetter { letter renters { id firstName lastName email } } }`, nil, &data)
	groups := data.RentersByLetter
	if len(groups) != 2 || groups[0].Letter != "O" || groups[1].Letter != "S" || len(groups[0].Renters) != 2 ||
		groups[0].Renters[0].LastName != "Oberle" || groups[0].Renters[1].Email != "zoe@example.org" {
		t.Errorf("groups %+v", groups)
	}
}

const updateRenter = `mutation($u: RenterUpdate!) { updateRenter(update: $u) { exception { path messageId params { key value } } } }`

func TestUpdateRenter_asAdminChangesTheRenterAndIsAudited(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	id := s.add("Anna", "Schmidt", "anna@example.org")
	var result struct {
		UpdateRenter struct{ Exception *struct{ MessageID string } }
	}
	r := s.Query(admin, updateRenter, map[string]any{"u": map[string]any{
		"id": id, "firstName": "Anne", "lastName": "Schmitt", "phone": "0170 7654321", "notes": "Schlüssel zweimal ausgegeben",
	}}, &result)
	if len(r.Errors) > 0 || result.UpdateRenter.Exception != nil {
		t.Fatalf("update failed: %+v %+v", r.Errors, result)
	}
	var data struct {
		RenterForEdit struct{ FirstName, LastName, Phone, Notes, Email string }
	}
	s.Query(admin, `query($id: Int!) { renterForEdit(renterId: $id) { firstName lastName phone notes email } }`, map[string]any{"id": id}, &data)
	e := data.RenterForEdit
	if e.FirstName != "Anne" || e.LastName != "Schmitt" || e.Phone != "0170 7654321" || e.Notes != "Schlüssel zweimal ausgegeben" || e.Email != "anna@example.org" {
		t.Errorf("after update: %+v", e)
	}
	var actor, action string
	err := s.pool.QueryRow(context.Background(), "SELECT actor, action FROM audit_log WHERE subject = $1", "renter/"+itoa(id)).Scan(&actor, &action)
	if err != nil || actor != "admin" || action != "updateRenter" {
		t.Errorf("audit entry: %q %q %v", actor, action, err)
	}
}

func TestUpdateRenter_invalidInputOrUnknownRenterComesBackAsException(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	id := s.add("Anna", "Schmidt", "anna@example.org")
	update := func(id int, firstName, phone, notes string) map[string]any {
		return map[string]any{"u": map[string]any{"id": id, "firstName": firstName, "lastName": "Schmidt", "phone": phone, "notes": notes}}
	}
	tests := []struct {
		name      string
		vars      map[string]any
		path, msg string
		params    string
	}{
		{"empty first name", update(id, "", "0170 1234567", ""), "firstName", "missing", ""},
		{"implausible phone", update(id, "Anna", "abc", ""), "phone", "invalid", ""},
		{"over-long notes", update(id, "Anna", "0170 1234567", strings.Repeat("n", 2001)), "notes", "STRING_MAX", "max=2000"},
		{"unknown renter", update(999, "Anna", "0170 1234567", ""), "id", "NO_RENTER", "id=999"},
	}
	for _, tt := range tests {
		var result struct {
			UpdateRenter struct {
				Exception *struct {
					Path, MessageID string
					Params          []struct{ Key, Value string }
				}
			}
		}
		s.Query(admin, updateRenter, tt.vars, &result)
		e := result.UpdateRenter.Exception
		if e == nil || e.Path != tt.path || e.MessageID != tt.msg {
			t.Errorf("%s: exception %+v, want %s at %s", tt.name, e, tt.msg, tt.path)
			continue
		}
		var params []string
		for _, p := range e.Params {
			params = append(params, p.Key+"="+p.Value)
		}
		if strings.Join(params, ",") != tt.params {
			t.Errorf("%s: params %v, want %q", tt.name, params, tt.params)
		}
	}
	var count int
	_ = s.pool.QueryRow(context.Background(), "SELECT count(*) FROM audit_log").Scan(&count)
	if count != 0 {
		t.Errorf("%d audit entries for refused updates", count)
	}
}

func TestEntities_batchAnswersOnePerRepresentationInOrder(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	anna := s.add("Anna", "Schmidt", "anna@example.org")
	ben := s.add("Ben", "Adler", "ben@example.org")
	var data struct {
		Entities []*struct {
			ID        int
			FirstName string
		} `json:"_entities"`
	}
	reps := []map[string]any{{"__typename": "Renter", "id": ben}, {"__typename": "Renter", "id": 999}, {"__typename": "Renter", "id": anna}}
	r := s.Query(admin, `query($r: [_Any!]!) { _entities(representations: $r) { ... on Renter { id firstName } } }`, map[string]any{"r": reps}, &data)
	e := data.Entities
	if len(r.Errors) > 0 || len(e) != 3 || e[0] == nil || e[0].FirstName != "Ben" || e[1] != nil || e[2] == nil || e[2].FirstName != "Anna" {
		t.Errorf("entities %s %+v", r.Data, r.Errors)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// otherService stands in for the renting service's audit log: one approval, a day ago, for every renter.
var otherService = auditSourceFunc(func(_ context.Context, renterID int64) ([]audit.Recorded, error) {
	return []audit.Recorded{{
		At: time.Now().Add(-24 * time.Hour), Actor: "hausmeister", Action: "approveIdentityCard",
		Subject: "renting/r-" + strconv.FormatInt(renterID, 10), Details: []byte(`{"state":"OWNER_ACKNOWLEDGED"}`),
	}}, nil
})

type auditSourceFunc func(ctx context.Context, renterID int64) ([]audit.Recorded, error)

func (f auditSourceFunc) EntriesOfRenter(ctx context.Context, renterID int64) ([]audit.Recorded, error) {
	return f(ctx, renterID)
}

func TestAuditLog_theRentersEntriesOfEveryServiceNewestFirst(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	id := s.add("Anna", "Schmidt", "anna@example.org")
	r := s.Query(admin, updateRenter, map[string]any{"u": map[string]any{
		"id": id, "firstName": "Anne", "lastName": "Schmidt", "phone": "0170 7654321", "notes": "",
	}}, nil)
	if len(r.Errors) > 0 {
		t.Fatal(r.Errors)
	}
	var data struct {
		Renter struct {
			AuditLog []struct{ At, Actor, Action, Subject, Details string }
		}
	}
	r = s.Query(admin, `query($id: Int!) { renter(id: $id) { auditLog { at actor action subject details } } }`, map[string]any{"id": id}, &data)
	if len(r.Errors) > 0 {
		t.Fatal(r.Errors)
	}
	log := data.Renter.AuditLog
	if len(log) != 2 {
		t.Fatalf("audit log = %+v, want the edit and the other service's approval", log)
	}
	if log[0].Action != "updateRenter" || log[0].Actor != "admin" || log[0].Subject != "renter/"+itoa(id) ||
		!strings.Contains(log[0].Details, `"phone": "0170 7654321"`) {
		t.Errorf("newest entry = %+v, want the admin's edit with the new phone", log[0])
	}
	if log[1].Action != "approveIdentityCard" || log[1].Actor != "hausmeister" {
		t.Errorf("older entry = %+v, want the approval of the other service", log[1])
	}
	if _, err := time.Parse(time.RFC3339, log[0].At); err != nil {
		t.Errorf("at %q: %v", log[0].At, err)
	}
}
