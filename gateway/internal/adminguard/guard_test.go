package adminguard

import (
	"slices"
	"testing"

	"github.com/wundergraph/graphql-go-tools/execution/graphql"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/ast"
)

// schemaSDL is shaped like a composed supergraph: @tag survives composition.
const schemaSDL = `
directive @tag(name: String!) repeatable on FIELD_DEFINITION | OBJECT
schema { query: Query mutation: Mutation }
type Query {
  building: Building!
  adminBuilding: Building! @tag(name: "admin")
  labelled: Int @tag(name: "public") @tag(name: "admin")
  other: Int @tag(name: "public")
}
type Mutation { updateApartment(id: Int!): Int @tag(name: "admin") }
type Building { id: Int! floors: [Floor!]! notes: String @tag(name: "admin") }
type Floor { id: Int! building: Building! }
`

func newTestGuard(t *testing.T) *Guard {
	t.Helper()
	schema, err := graphql.NewSchemaFromString(schemaSDL)
	if err != nil {
		t.Fatal(err)
	}
	return New(schema.Document())
}

func TestInspect_findsDepthAndAdminFieldsThroughFragments(t *testing.T) {
	t.Parallel()
	guard := newTestGuard(t)
	cases := []struct {
		name      string
		query     string
		wantDepth int
		wantAdmin []string
	}{
		{"public", `{ building { id } }`, 2, nil},
		{"admin root field", `{ adminBuilding { id } }`, 2, []string{"Query.adminBuilding"}},
		{"aliased", `{ b: adminBuilding { id } }`, 2, []string{"Query.adminBuilding"}},
		{"one admin tag among several", `{ labelled other }`, 1, []string{"Query.labelled"}},
		{"other tag", `{ other }`, 1, nil},
		{"admin mutation", `mutation { updateApartment(id: 1) }`, 1, []string{"Mutation.updateApartment"}},
		{"nested admin field", `{ building { floors { building { notes } } } }`, 4, []string{"Building.notes"}},
		{"fragment spread", `query { ...Q } fragment Q on Query { building { ...B } } fragment B on Building { notes }`, 2, []string{"Building.notes"}},
		{"inline fragment", `{ building { ... on Building { floors { id } } } }`, 3, nil},
		{"inline fragment without type", `{ ... { adminBuilding { id } } }`, 2, []string{"Query.adminBuilding"}},
		{"fragment used twice", `{ a: building { ...B } b: building { floors { building { ...B } } } } fragment B on Building { floors { id } }`, 5, nil},
		{"fragment cycle", `query { ...A } fragment A on Query { ...B } fragment B on Query { ...A building { id } }`, 2, nil},
		{"unknown field", `{ nope { deeper { deepest } } }`, 3, nil},
		{"syntax error", `{ building {`, 0, nil},
		{"introspection", `{ __schema { types { fields { type { ofType { name } } } } } }`, 6, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			verdict := guard.Inspect(c.query)
			if verdict.Depth != c.wantDepth || !slices.Equal(verdict.AdminFields, c.wantAdmin) {
				t.Errorf("Inspect(%s) = %+v, want depth %d, admin fields %v", c.query, verdict, c.wantDepth, c.wantAdmin)
			}
		})
	}
}

func TestInspect_introspection_schemaFieldsAnywhereButNotTypename(t *testing.T) {
	t.Parallel()
	guard := newTestGuard(t)
	for query, want := range map[string]bool{
		`{ __schema { types { name } } }`:                                true,
		`{ __type(name: "Query") { name } }`:                             true,
		`{ _service { sdl } }`:                                           true,
		`query { ...F } fragment F on Query { __schema { __typename } }`: true,
		`{ ... on Query { __type(name: "X") { name } } }`:                true,
		`{ __typename building { __typename id } }`:                      false,
		`{ building { id } }`:                                            false,
	} {
		if got := guard.Inspect(query).Introspection; got != want {
			t.Errorf("Inspect(%s).Introspection = %v, want %v", query, got, want)
		}
	}
}

func TestVerdict_adminFieldsAllowedOnlyForAdmins(t *testing.T) {
	t.Parallel()
	guard := newTestGuard(t)
	admin, public := guard.Inspect(`{ adminBuilding { id } }`), guard.Inspect(`{ building { id } }`)
	if admin.AllowedFor(false) || !admin.AllowedFor(true) {
		t.Errorf("admin-only operation allowed for anonymous=%v, admin=%v; want false, true", admin.AllowedFor(false), admin.AllowedFor(true))
	}
	if !public.AllowedFor(false) || !public.AllowedFor(true) {
		t.Error("public operation refused")
	}
}

func TestInspect_sameTextTwice_sameVerdict(t *testing.T) {
	t.Parallel()
	guard := newTestGuard(t)
	query := `{ adminBuilding { floors { id } } }`
	first, second := guard.Inspect(query), guard.Inspect(query)
	if first.Depth != second.Depth || !slices.Equal(first.AdminFields, second.AdminFields) || guard.verdicts.Len() != 1 {
		t.Errorf("verdicts %+v and %+v, cached %d; want equal verdicts, one cached", first, second, guard.verdicts.Len())
	}
}

func TestVerdict_operationTypeByName(t *testing.T) {
	t.Parallel()
	guard := newTestGuard(t)
	single := guard.Inspect(`mutation Save { updateApartment(id: 1) }`)
	several := guard.Inspect(`query Read { building { id } } mutation Save { updateApartment(id: 1) }`)
	cases := []struct {
		verdict Verdict
		name    string
		want    ast.OperationType
	}{
		{single, "", ast.OperationTypeMutation},
		{single, "Save", ast.OperationTypeMutation},
		{single, "Other", ast.OperationTypeUnknown},
		{several, "Read", ast.OperationTypeQuery},
		{several, "Save", ast.OperationTypeMutation},
		{several, "", ast.OperationTypeUnknown},
		{guard.Inspect(`{ building { id } }`), "", ast.OperationTypeQuery},
		{guard.Inspect(`{ building {`), "", ast.OperationTypeUnknown},
	}
	for _, c := range cases {
		if got := c.verdict.OperationType(c.name); got != c.want {
			t.Errorf("OperationType(%q) of %v = %v, want %v", c.name, c.verdict.Operations, got, c.want)
		}
	}
}
