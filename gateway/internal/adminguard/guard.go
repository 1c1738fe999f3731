// Package adminguard measures each operation text before it is planned (depth, cost, fragment
// cycles) and refuses, at the gateway, operations that select admin-only fields for callers
// who are not signed in as admin. A field is admin-only when its subgraph schema tags it
// @tag(name: "admin"); the tag is composed into the supergraph, which is what the guard reads.
// Every subgraph checks the same tag again, so the guard is the first of two locks, not the only one.
package adminguard

import (
	"slices"

	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/ast"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/astparser"
)

const (
	// cachedVerdicts bounds the verdict cache: clients send a handful of distinct operations.
	cachedVerdicts = 2048
	// maxCachedQueryBytes keeps huge one-off operations out of the cache so it stays small.
	maxCachedQueryBytes = 16 << 10
)

// Verdict is what the guard found in one operation text.
type Verdict struct {
	// Depth is how deep its fields nest, counting through fragments.
	Depth int
	// Cost is what it costs the engine: the values its answer can hold and the fields to plan
	// (cost.go).
	Cost int
	// FragmentCycle names a fragment that spreads itself, directly or through other fragments
	// (which GraphQL forbids); "" when there is none.
	FragmentCycle string
	// AdminFields lists the admin-only fields it selects as Type.field, sorted.
	AdminFields []string
	// Introspection tells whether it asks for the schema: __schema, __type or federation's _service.
	Introspection bool
	// Operations maps the name of each operation in the text ("" if anonymous) to its type.
	Operations map[string]ast.OperationType
}

// OperationType is the type of the operation a request selects by name; without a name, that of
// the only operation. It is unknown when there is no such operation (the engine reports that).
func (v Verdict) OperationType(name string) ast.OperationType {
	if name == "" && len(v.Operations) == 1 {
		for _, operationType := range v.Operations {
			return operationType
		}
	}
	if operationType, ok := v.Operations[name]; ok {
		return operationType
	}
	return ast.OperationTypeUnknown
}

// AllowedFor tells whether a caller may run the operation.
func (v Verdict) AllowedFor(admin bool) bool {
	return admin || len(v.AdminFields) == 0
}

// Guard inspects operation texts against the composed schema and caches its verdicts, so the
// walk runs once per distinct operation, not once per request.
type Guard struct {
	schema   *schemaIndex
	verdicts *lru.Cache[string, Verdict]
}

// New indexes the composed schema (the engine's, including the @tag directives).
func New(schema *ast.Document) *Guard {
	verdicts, _ := lru.New[string, Verdict](cachedVerdicts) // only fails for a size ≤ 0
	return &Guard{schema: indexSchema(schema), verdicts: verdicts}
}

// Inspect returns the verdict on an operation text. A text that does not parse gets an empty
// verdict: the engine rejects it with a proper syntax error.
func (g *Guard) Inspect(query string) Verdict {
	if verdict, ok := g.verdicts.Get(query); ok {
		return verdict
	}
	doc, report := astparser.ParseGraphqlDocumentString(query)
	if report.HasErrors() {
		return Verdict{}
	}
	verdict := inspect(&doc, g.schema)
	slices.Sort(verdict.AdminFields)
	if len(query) <= maxCachedQueryBytes {
		g.verdicts.Add(query, verdict)
	}
	return verdict
}
