package adminguard

import (
	"github.com/wundergraph/graphql-go-tools/v2/pkg/ast"
)

// inspection walks every operation of one document, following inline fragments and fragment
// spreads, and collects how deep the selections nest and which admin-only fields they select.
type inspection struct {
	doc        *ast.Document
	schema     *schemaIndex
	depth      map[int]int  // fragment definition → depth of its selections, so each is walked once
	entered    map[int]bool // fragment definitions being walked, to stop at (invalid) cycles
	adminField map[string]struct{}
	// introspection is set once a field asks for the schema.
	introspection bool
}

func inspect(doc *ast.Document, schema *schemaIndex) Verdict {
	in := &inspection{
		doc:        doc,
		schema:     schema,
		depth:      map[int]int{},
		entered:    map[int]bool{},
		adminField: map[string]struct{}{},
	}
	verdict := Verdict{Operations: map[string]ast.OperationType{}}
	for ref, op := range doc.OperationDefinitions {
		verdict.Operations[doc.OperationDefinitionNameString(ref)] = op.OperationType
		if !op.HasSelections {
			continue
		}
		depth := in.selectionSet(op.SelectionSet, schema.rootTypes[op.OperationType])
		verdict.Depth = max(verdict.Depth, depth)
	}
	verdict.Introspection = in.introspection
	for coordinate := range in.adminField {
		verdict.AdminFields = append(verdict.AdminFields, coordinate)
	}
	return verdict
}

// selectionSet returns the depth of the deepest field below set, which selects on typeName
// ("" once the walk has left the schema, e.g. below an unknown field: depth still counts).
func (in *inspection) selectionSet(set int, typeName string) int {
	deepest := 0
	for _, ref := range in.doc.SelectionSets[set].SelectionRefs {
		selection := in.doc.Selections[ref]
		switch selection.Kind {
		case ast.SelectionKindField:
			deepest = max(deepest, in.field(selection.Ref, typeName))
		case ast.SelectionKindInlineFragment:
			deepest = max(deepest, in.inlineFragment(selection.Ref, typeName))
		case ast.SelectionKindFragmentSpread:
			deepest = max(deepest, in.fragmentSpread(selection.Ref))
		}
	}
	return deepest
}

func (in *inspection) field(ref int, typeName string) int {
	name := in.doc.FieldNameString(ref)
	info := in.schema.field(typeName, name)
	if schemaFields[name] {
		in.introspection = true
	}
	if info.adminOnly {
		in.adminField[typeName+"."+name] = struct{}{}
	}
	if !in.doc.Fields[ref].HasSelections {
		return 1
	}
	return 1 + in.selectionSet(in.doc.Fields[ref].SelectionSet, info.returns)
}

func (in *inspection) inlineFragment(ref int, typeName string) int {
	if !in.doc.InlineFragments[ref].HasSelections {
		return 0
	}
	if in.doc.InlineFragmentHasTypeCondition(ref) {
		typeName = in.doc.InlineFragmentTypeConditionNameString(ref)
	}
	return in.selectionSet(in.doc.InlineFragments[ref].SelectionSet, typeName)
}

func (in *inspection) fragmentSpread(ref int) int {
	fragment, ok := in.doc.FragmentDefinitionRef(in.doc.FragmentSpreadNameBytes(ref))
	if !ok {
		return 0 // undefined: the engine's validation reports it
	}
	if depth, walked := in.depth[fragment]; walked {
		return depth
	}
	if in.entered[fragment] {
		return 0 // a cycle: invalid, the engine's validation reports it
	}
	in.entered[fragment] = true
	if !in.doc.FragmentDefinitions[fragment].HasSelections {
		return 0
	}
	typeName := in.doc.FragmentDefinitionTypeNameString(fragment)
	depth := in.selectionSet(in.doc.FragmentDefinitions[fragment].SelectionSet, typeName)
	in.depth[fragment] = depth
	return depth
}

// schemaFields are the fields that describe the schema rather than the data.
var schemaFields = map[string]bool{"__schema": true, "__type": true, "_service": true}
