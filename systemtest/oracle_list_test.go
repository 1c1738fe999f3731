package systemtest

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"
)

// oracleTested are the public operations that take an e-mail address, each with the test that
// shows it answers alike for an address that holds an apartment, an erased renter's placeholder, a
// renter without a stay and an address nobody used.
var oracleTested = map[string]string{
	"createRentingRequest":  "TestPublicOperationsWithAnAddress_answerAlikeInWhatAndHowFast",
	"joinWaitlist":          "TestPublicOperationsWithAnAddress_answerAlikeInWhatAndHowFast",
	"requestRenterPageLink": "renter graphql TestRequestRenterPageLink_answersAlikeInWhatAndHowFast",
}

// TestPublicOperationsWithAnAddress_eachHasItsOracleTest reads the composed schema: every query
// and mutation without the admin tag that takes an e-mail address (an argument or input field
// named like one, at any depth) must be among oracleTested, so that a new one cannot tell who
// lives here unnoticed.
func TestPublicOperationsWithAnAddress_eachHasItsOracleTest(t *testing.T) {
	t.Parallel()
	schema, _ := loadSupergraph(t)
	var found []string
	for _, root := range []*ast.Definition{schema.Query, schema.Mutation} {
		for _, op := range root.Fields {
			if strings.HasPrefix(op.Name, "_") || isAdminField(op) {
				continue
			}
			for _, arg := range op.Arguments {
				if takesAddress(schema, arg.Name, arg.Type, map[string]bool{}) {
					found = append(found, op.Name)
					break
				}
			}
		}
	}
	slices.Sort(found)
	want := slices.Sorted(maps.Keys(oracleTested))
	if !slices.Equal(found, want) {
		t.Errorf("public operations taking an e-mail address: %v; with an oracle test: %v", found, want)
	}
}

// takesAddress reports whether a value named name of type typ is, or holds, an e-mail address.
func takesAddress(schema *ast.Schema, name string, typ *ast.Type, seen map[string]bool) bool {
	if strings.Contains(strings.ToLower(name), "email") {
		return true
	}
	def := schema.Types[typ.Name()]
	if def == nil || def.Kind != ast.InputObject || seen[def.Name] {
		return false
	}
	seen[def.Name] = true
	for _, field := range def.Fields {
		if takesAddress(schema, field.Name, field.Type, seen) {
			return true
		}
	}
	return false
}
