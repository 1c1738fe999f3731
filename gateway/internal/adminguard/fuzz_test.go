package adminguard

import (
	"reflect"
	"slices"
	"testing"

	"github.com/wundergraph/graphql-go-tools/v2/pkg/astparser"

	"semesterhaus/gateway/internal/hostilequery"
)

// fuzzMaxQueryBytes is MAX_QUERY_BYTES's default: the gateway refuses longer texts before the guard.
const fuzzMaxQueryBytes = 64 << 10

// FuzzInspect measures any operation text against the composed schema, as the gateway does before
// it plans one. Nothing panics and every walk ends (fragment cycles included); the cost stays within
// 0 and its ceiling, however deep lists nest; the cached verdict is the one a fresh walk finds; and
// text can only add: another operation beside it never lowers the cost or the depth, nor hides an
// admin-only field. Seeds: issue 14's attacks (hostilequery), operations like the web apps', and
// the inputs under testdata/fuzz/FuzzInspect.
func FuzzInspect(f *testing.F) {
	guard := New(composedSchema(f))
	for _, query := range []string{
		hostilequery.Cyclic(14),
		hostilequery.Aliases(200),
		hostilequery.FragmentFanOut(3, 10),
		hostilequery.Introspection,
		`query Building { building { name floors { id name apartments { id name pictures { url sources { type srcset } } } } } }`,
		`query Renters($letter: String!) { rentersByLetter(letter: $letter) { renters { id email } } }`,
		`query { ...A } fragment A on Query { ...B } fragment B on Query { ...A building { id } }`,
		`{ a: __typename ... on Query { b: __typename ... { c: __typename } } }`,
		`subscription { x }`,
		`{`,
	} {
		f.Add(query)
	}
	f.Fuzz(func(t *testing.T, query string) {
		if len(query) > fuzzMaxQueryBytes {
			return
		}
		v := guard.Inspect(query)
		if v.Cost < 0 || v.Cost > costCeiling || v.Depth < 0 {
			t.Fatalf("cost %d, depth %d: out of bounds", v.Cost, v.Depth)
		}
		if !slices.IsSorted(v.AdminFields) {
			t.Fatalf("admin fields not sorted: %v", v.AdminFields)
		}
		doc, report := astparser.ParseGraphqlDocumentString(query)
		if report.HasErrors() {
			if !reflect.DeepEqual(v, Verdict{}) {
				t.Fatalf("a text that does not parse got a verdict: %+v", v)
			}
			return
		}
		fresh := inspect(&doc, guard.schema)
		slices.Sort(fresh.AdminFields)
		if again := guard.Inspect(query); !reflect.DeepEqual(fresh, v) || !reflect.DeepEqual(again, v) {
			t.Fatalf("verdicts differ: first %+v, cached %+v, fresh %+v", v, again, fresh)
		}
		more := query + "\nquery FuzzBeside { __typename }"
		if _, report := astparser.ParseGraphqlDocumentString(more); report.HasErrors() {
			return
		}
		w := guard.Inspect(more)
		if w.Cost < v.Cost || w.Depth < v.Depth {
			t.Fatalf("another operation beside it lowered cost %d → %d or depth %d → %d", v.Cost, w.Cost, v.Depth, w.Depth)
		}
		for _, field := range v.AdminFields {
			if !slices.Contains(w.AdminFields, field) {
				t.Fatalf("another operation beside it hid the admin field %s", field)
			}
		}
	})
}
