package graphql_test

import (
	"testing"

	"semesterhaus/platform/graphqlx/graphqltest"
	"semesterhaus/platform/identity"
)

const (
	createSemester = `mutation C($s: SemesterInput!) { createSemester(semester: $s) { exception { path messageId params { key value } } } }`
	updateSemester = `mutation U($id: Int!, $s: SemesterInput!) { updateSemester(id: $id, semester: $s) { exception { path messageId params { key value } } } }`
)

type semesterException struct {
	Path, MessageID string
	Params          []struct{ Key, Value string }
}

func (e *semesterException) param(key string) string {
	for _, p := range e.Params {
		if p.Key == key {
			return p.Value
		}
	}
	return ""
}

func semesterInput(name, start, end string) map[string]any {
	return map[string]any{"name": name, "startDate": start, "endDate": end}
}

type semesterRow struct {
	ID                                     int
	Name, StartDate, EndDate, RentingPhase string
}

func semesterNamed(t *testing.T, s graphqltest.Subgraph, name string) (semesterRow, bool) {
	t.Helper()
	var data struct{ Semesters []semesterRow }
	if r := s.Query(nil, `{ semesters { id name startDate endDate rentingPhase } }`, nil, &data); len(r.Errors) > 0 {
		t.Fatalf("semesters: %+v", r.Errors)
	}
	for _, row := range data.Semesters {
		if row.Name == name {
			return row, true
		}
	}
	return semesterRow{}, false
}

// mutate sends a semester mutation and returns its exception (nil when it went through).
func mutate(t *testing.T, s graphqltest.Subgraph, query string, vars map[string]any) *semesterException {
	t.Helper()
	var result struct {
		CreateSemester, UpdateSemester *struct{ Exception *semesterException }
	}
	if r := s.Query(admin, query, vars, &result); len(r.Errors) > 0 {
		t.Fatalf("errors: %+v", r.Errors)
	}
	if result.CreateSemester != nil {
		return result.CreateSemester.Exception
	}
	return result.UpdateSemester.Exception
}

func TestCreateSemester_asAdminAddsAPlannedSemester(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	if e := mutate(t, s, createSemester, map[string]any{"s": semesterInput("SoSe 2028", "2028-04-01", "2028-09-30")}); e != nil {
		t.Fatalf("exception %+v", e)
	}
	got, ok := semesterNamed(t, s, "SoSe 2028")
	if !ok || got.StartDate != "2028-04-01" || got.EndDate != "2028-09-30" || got.RentingPhase != "PLANNED" {
		t.Errorf("SoSe 2028 = %+v (found %v), want it planned from 1 April to 30 September", got, ok)
	}
}

func TestCreateSemester_refusesOverlapsTakenNamesAndBadDatesAtTheirField(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	tests := []struct {
		name                     string
		input                    map[string]any
		path, messageID, paramIs string
	}{
		{"shares the last day of SoSe 2027", semesterInput("Herbst", "2027-09-30", "2027-12-31"), "startDate", "SEMESTER_OVERLAP", "SoSe 2027"},
		{"lies inside WiSe 2026/27", semesterInput("Ferien", "2027-02-01", "2027-02-28"), "startDate", "SEMESTER_OVERLAP", "WiSe 2026/27"},
		{"name of another semester", semesterInput("SoSe 2027", "2030-04-01", "2030-09-30"), "name", "SEMESTER_NAME_TAKEN", "SoSe 2027"},
		{"ends before it starts", semesterInput("SoSe 2030", "2030-09-30", "2030-04-01"), "endDate", "SEMESTER_DATES", ""},
		{"no name", semesterInput("", "2030-04-01", "2030-09-30"), "name", "NOT_NULL", ""},
	}
	for _, tt := range tests {
		e := mutate(t, s, createSemester, map[string]any{"s": tt.input})
		if e == nil || e.Path != tt.path || e.MessageID != tt.messageID || (tt.paramIs != "" && e.param("name") != tt.paramIs) {
			t.Errorf("%s: exception %+v, want %s at %s naming %q", tt.name, e, tt.messageID, tt.path, tt.paramIs)
		}
	}
	var data struct{ Semesters []semesterRow }
	s.Query(nil, `{ semesters { id } }`, nil, &data)
	if len(data.Semesters) != 4 {
		t.Errorf("%d semesters after refused creations, want the 4 seeded", len(data.Semesters))
	}
}

func TestUpdateSemester_movesAPlannedSemesterButNotTheDatesOfARunningOne(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	planned, _ := semesterNamed(t, s, "WiSe 2027/28")
	if e := mutate(t, s, updateSemester, map[string]any{"id": planned.ID, "s": semesterInput("Winter 27/28", "2027-10-04", "2028-03-31")}); e != nil {
		t.Fatalf("moving a planned semester: %+v", e)
	}
	if got, ok := semesterNamed(t, s, "Winter 27/28"); !ok || got.ID != planned.ID || got.StartDate != "2027-10-04" {
		t.Errorf("after the edit: %+v (found %v)", got, ok)
	}

	running, _ := semesterNamed(t, s, "WiSe 2026/27")
	e := mutate(t, s, updateSemester, map[string]any{"id": running.ID, "s": semesterInput("WiSe 2026/27", "2026-10-01", "2027-02-28")})
	if e == nil || e.Path != "startDate" || e.MessageID != "SEMESTER_STARTED" {
		t.Errorf("moving a running semester's end: %+v, want SEMESTER_STARTED", e)
	}
	e = mutate(t, s, updateSemester, map[string]any{"id": planned.ID, "s": semesterInput("Winter 27/28", "2027-09-01", "2028-03-31")})
	if e == nil || e.MessageID != "SEMESTER_OVERLAP" || e.param("name") != "SoSe 2027" {
		t.Errorf("moving into SoSe 2027: %+v, want SEMESTER_OVERLAP naming SoSe 2027", e)
	}
	e = mutate(t, s, updateSemester, map[string]any{"id": 999, "s": semesterInput("X", "2031-04-01", "2031-09-30")})
	if e == nil || e.Path != "id" || e.MessageID != "NO_SEMESTER" {
		t.Errorf("an unknown semester: %+v, want NO_SEMESTER", e)
	}
}

func TestSemesterMutations_refusedWithoutAdminIdentity(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	planned, _ := semesterNamed(t, s, "WiSe 2027/28")
	attacks := map[string]struct {
		query string
		vars  map[string]any
	}{
		"create": {createSemester, map[string]any{"s": semesterInput("Eingeschmuggelt", "2030-04-01", "2030-09-30")}},
		"update": {updateSemester, map[string]any{"id": planned.ID, "s": semesterInput("Eingeschmuggelt", "2027-10-01", "2028-03-31")}},
	}
	for name, attack := range attacks {
		for who, as := range map[string]*identity.Identity{"no token": nil, "anonymous token": &identity.Anonymous} {
			if r := s.Query(as, attack.query, attack.vars, nil); len(r.Errors) == 0 || r.Errors[0].Message != "forbidden" {
				t.Errorf("%s as %s: %+v, want forbidden", name, who, r)
			}
		}
	}
	if _, ok := semesterNamed(t, s, "Eingeschmuggelt"); ok {
		t.Error("a refused mutation stored a semester")
	}
}
