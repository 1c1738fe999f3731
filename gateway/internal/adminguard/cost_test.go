package adminguard

import (
	"bufio"
	"io"
	"log/slog"
	"os"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/wundergraph/graphql-go-tools/v2/pkg/ast"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/astparser"

	"semesterhaus/gateway/internal/config"
	"semesterhaus/gateway/internal/engine"
	"semesterhaus/gateway/internal/hostilequery"
	"semesterhaus/gateway/schema"
)

func TestInspect_costCountsTheValuesOfTheAnswerAndTheFieldsToPlan(t *testing.T) {
	t.Parallel()
	guard := newTestGuard(t)
	// Building.floors is assumed to hold 8 floors (cost.go); Query.building is one value.
	cases := []struct {
		name           string
		query          string
		values, fields int
	}{
		{"one leaf", `{ other }`, 1, 1},
		{"an object and its fields", `{ building { id } }`, 2, 2},
		{"a list multiplies what it selects", `{ building { floors { id } } }`, 1 + 1 + 8*1, 3},
		{"nested lists multiply", `{ building { floors { building { floors { id } } } } }`, 1 + 1 + 8*(1+1+8*1), 5},
		{"aliases count each", `{ a: other b: other c: other }`, 3, 3},
		{"__typename counts", `{ __typename building { __typename } }`, 3, 3},
		{"a fragment counts wherever it is spread", `{ building { ...F floors { building { ...F } } } } fragment F on Building { id }`, 1 + 1 + 1 + 8*(1+1), 5},
		{"inline fragments add their fields", `{ building { ... on Building { id } ... { id } } }`, 3, 3},
		{"unknown fields count one value", `{ nope { deeper { deepest } } }`, 3, 3},
		{"the most expensive of several operations", `query A { other } query B { a: other b: other }`, 2, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			want := c.values + plannedFieldCost*c.fields
			if got := guard.Inspect(c.query).Cost; got != want {
				t.Errorf("cost of %s = %d, want %d values + %d fields × %d = %d", c.query, got, c.values, c.fields, plannedFieldCost, want)
			}
		})
	}
}

func TestInspect_fragmentCycle_named(t *testing.T) {
	t.Parallel()
	guard := newTestGuard(t)
	verdict := guard.Inspect(`query { ...A } fragment A on Query { ...B } fragment B on Query { ...A building { id } }`)
	if verdict.FragmentCycle != "A" {
		t.Errorf("FragmentCycle = %q, want A", verdict.FragmentCycle)
	}
	if got := guard.Inspect(`{ a: building { ...B } b: building { ...B } } fragment B on Building { id }`).FragmentCycle; got != "" {
		t.Errorf("a fragment spread twice is no cycle, got FragmentCycle %q", got)
	}
}

func TestInspect_costNeverOverflows(t *testing.T) {
	t.Parallel()
	guard := newTestGuard(t)
	query := "{ building " + strings.Repeat("{ floors { building ", 40) + "{ id }" + strings.Repeat(" } }", 40) + " }"
	if got := guard.Inspect(query).Cost; got != costCeiling {
		t.Errorf("cost of 40 nested lists = %d, want the ceiling %d", got, costCeiling)
	}
}

// The attacks of issue 14 and the web apps' own operations, measured on the composed schema the
// gateway serves (the engine's, with introspection).

func TestInspect_attacksOnTheComposedSchema_costFarAboveTheBudget(t *testing.T) {
	t.Parallel()
	guard := New(composedSchema(t))
	budget := defaultBudget(t)
	for name, query := range attacks() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if cost := guard.Inspect(query).Cost; cost <= budget {
				t.Errorf("cost %d, within the budget %d: want it refused", cost, budget)
			}
		})
	}
}

func TestAssumedListSizes_nameListsOfTheComposedSchema(t *testing.T) {
	t.Parallel()
	index := indexSchema(composedSchema(t))
	for coordinate, size := range assumedListSizes {
		typeName, fieldName, _ := strings.Cut(coordinate, ".")
		info, ok := index.fields[typeName][fieldName]
		if !ok || info.values != size {
			t.Errorf("%s: found %v with %d values per parent, want a list field of the composed schema (of %d)", coordinate, ok, info.values, size)
		}
	}
}

func TestInspect_everyWebAppOperation_costsUnderAQuarterOfTheBudget(t *testing.T) {
	t.Parallel()
	guard := New(composedSchema(t))
	budget := defaultBudget(t)
	for app, generated := range map[string]string{
		"web-public": "../../../web-public/src/graphql/gql.ts",
		"web-admin":  "../../../web-admin/src/graphql/gql.ts",
	} {
		operations, fragments := webAppDocuments(t, generated)
		if len(operations) < 5 {
			t.Fatalf("%s: found %d operations in %s, the file's layout changed", app, len(operations), generated)
		}
		for _, operation := range operations {
			// The generated documents carry the fragments they spread; here every fragment of the
			// app follows the operation, which the walk ignores unless spread.
			verdict := guard.Inspect(operation + strings.Join(fragments, "\n"))
			name := operationName(t, operation)
			t.Logf("%s %s: cost %d, depth %d", app, name, verdict.Cost, verdict.Depth)
			if verdict.Cost == 0 || verdict.Cost > budget/4 {
				t.Errorf("%s %s costs %d, want 1 to %d (a quarter of MAX_QUERY_COST's default %d)", app, name, verdict.Cost, budget/4, budget)
			}
		}
	}
}

// BenchmarkInspect_attacks measures the check's verdict on each attack, uncached: what a refusal
// costs the gateway before anything is planned (docs/security.md, "Operation cost").
func BenchmarkInspect_attacks(b *testing.B) {
	guard := New(composedSchema(b))
	for name, query := range attacks() {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				doc, report := astparser.ParseGraphqlDocumentString(query)
				if report.HasErrors() || inspect(&doc, guard.schema).Cost <= 0 {
					b.Fatal("not measured")
				}
			}
		})
	}
}

// attacks are the expensive operations of issue 14 (within MAX_QUERY_BYTES or not).
func attacks() map[string]string {
	return map[string]string{
		"floor-apartments cycle 14 deep": hostilequery.Cyclic(14),
		"1,000 __typename aliases":       hostilequery.Aliases(1_000),
		"10,000 __typename aliases":      hostilequery.Aliases(10_000),
		"10,000 __typename by fragments": hostilequery.FragmentFanOut(4, 10),
		"full introspection":             hostilequery.Introspection,
	}
}

func composedSchema(tb testing.TB) *ast.Document {
	tb.Helper()
	eng, err := engine.New(tb.Context(), engine.Options{RouterConfig: schema.RouterConfig, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		tb.Fatal(err)
	}
	return eng.Schema()
}

// defaultBudget is MAX_QUERY_COST's default, as the gateway's settings declare it.
func defaultBudget(t *testing.T) int {
	t.Helper()
	field, _ := reflect.TypeFor[config.Config]().FieldByName("MaxQueryCost")
	budget, err := strconv.Atoi(field.Tag.Get("envDefault"))
	if err != nil {
		t.Fatal("MaxQueryCost has no numeric default:", err)
	}
	return budget
}

// generatedDocument is one entry of the Documents map codegen's client preset writes to gql.ts: the
// text of an operation or fragment, as a JavaScript string literal.
var generatedDocument = regexp.MustCompile(`^\s+("(?:[^"\\]|\\.)*"): typeof types\.\w+,$`)

// webAppDocuments reads the operations and fragments of a web app from its generated gql.ts.
func webAppDocuments(t *testing.T, path string) (operations, fragments []string) {
	t.Helper()
	file, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	lines := bufio.NewScanner(file)
	lines.Buffer(nil, 1<<20)
	for lines.Scan() {
		match := generatedDocument.FindStringSubmatch(lines.Text())
		if match == nil {
			continue
		}
		text, err := strconv.Unquote(match[1])
		if err != nil {
			t.Fatalf("%s: %v in %s", path, err, match[1])
		}
		if strings.HasPrefix(strings.TrimSpace(text), "fragment ") {
			fragments = append(fragments, text)
		} else {
			operations = append(operations, text)
		}
	}
	if err := lines.Err(); err != nil {
		t.Fatal(err)
	}
	return operations, fragments
}

func operationName(t *testing.T, operation string) string {
	t.Helper()
	doc, report := astparser.ParseGraphqlDocumentString(operation)
	if report.HasErrors() || len(doc.OperationDefinitions) != 1 {
		t.Fatalf("not one operation: %s", operation)
	}
	return doc.OperationDefinitionNameString(0)
}
