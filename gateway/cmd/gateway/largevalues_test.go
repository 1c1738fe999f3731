package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestGraphQL_liftedTextInAFieldThatIsNoUpload_refusedAsTooLongAndNothingStored: texts of 4 KiB and
// more are lifted out of the request at the gateway and put back into the subgraph fetch; in a field
// that is no upload (a semester's name, a picture's description, an apartment's description) such a
// text is refused as too long on its field, the business exception the admin app translates, and
// nothing is stored, neither the text nor a placeholder for it.
func TestGraphQL_liftedTextInAFieldThatIsNoUpload_refusedAsTooLongAndNothingStored(t *testing.T) {
	gw := startGateway(t)
	admin := signedInAdmin(t, gw)
	long := strings.Repeat("Neckarblick ", 600) // 7,200 characters: lifted at the gateway
	var apartment struct {
		ApartmentByID struct{ Pictures []struct{ Name string } }
	}
	if err := json.Unmarshal(gw.query(t, admin, `{ apartmentById(id: 1) { pictures { name } } }`).Data, &apartment); err != nil ||
		len(apartment.ApartmentByID.Pictures) == 0 {
		t.Fatalf("apartment 1's pictures: %v %+v", err, apartment)
	}
	picture := apartment.ApartmentByID.Pictures[0].Name
	for _, tc := range []struct {
		name, query string
		variables   map[string]any
		path, max   string
	}{
		{"semester name", `mutation($s: SemesterInput!) { createSemester(semester: $s) { exception { path messageId params { key value } } } }`,
			map[string]any{"s": map[string]any{"name": long, "startDate": "2031-04-01", "endDate": "2031-09-30"}}, "name", "40"},
		{"picture description", `mutation($p: [PictureEdit!]!) { updateApartmentPictures(apartmentId: 1, pictures: $p) { exception { path messageId params { key value } } } }`,
			map[string]any{"p": []any{map[string]any{"name": picture, "descriptionDe": long, "descriptionEn": "View"}}}, "pictures[0].descriptionDe", "300"},
		{"apartment description", `mutation($u: ApartmentUpdate!) { updateApartment(update: $u) { exception { path messageId params { key value } } } }`,
			map[string]any{"u": map[string]any{"id": 1, "descriptionDe": strings.Repeat(long, 10), "descriptionEn": "View",
				"pricePerMonth": 585.0, "priceDeposit": 500.0, "priceCleaning": 90.0}}, "descriptionDe", ""},
	} {
		body, _ := json.Marshal(map[string]any{"query": tc.query, "variables": tc.variables})
		answer := decodeGraphQL(t, gw.send(t, admin, "/api/graphql", "application/json", body))
		var data map[string]struct {
			Exception *struct {
				Path, MessageID string
				Params          []struct{ Key, Value string }
			}
		}
		if err := json.Unmarshal(answer.Data, &data); err != nil || len(answer.Errors) > 0 {
			t.Fatalf("%s: %s", tc.name, answer.raw)
		}
		for _, result := range data {
			e := result.Exception
			if e == nil || e.Path != tc.path || e.MessageID != "STRING_MAX" || tc.max != "" && (len(e.Params) != 1 || e.Params[0].Value != tc.max) {
				t.Errorf("%s: %s, want STRING_MAX at %s", tc.name, answer.raw, tc.path)
			}
		}
	}
	read := gw.query(t, admin, `{ semesters { name } apartmentById(id: 1) { descriptionDe pictures { descriptionDe } } }`)
	if strings.Contains(read.raw, "largevalue:") || strings.Contains(read.raw, "Neckarblick Neckarblick") {
		t.Errorf("a refused text or its placeholder was stored: %.300s", read.raw)
	}
}
