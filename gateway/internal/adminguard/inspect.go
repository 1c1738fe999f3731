package adminguard

import (
	"github.com/wundergraph/graphql-go-tools/v2/pkg/ast"
)

// inspection walks every operation of one document, following inline fragments and fragment
// spreads, and measures how deep the selections nest, what they cost (cost.go) and which admin-only
// fields they select. Each fragment definition is walked once and its measure reused wherever it is
// spread, so the walk takes time in proportion to the text, however often fragments are spread.
type inspection struct {
	doc        *ast.Document
	schema     *schemaIndex
	measured   map[int]measure // fragment definition → measure of its selections
	entered    map[int]bool    // fragment definitions being walked, to find cycles
	cycle      string          // a fragment that spreads itself, directly or through others
	adminField map[string]struct{}
	// introspection is set once a field asks for the schema.
	introspection bool
}

// measure is what a selection adds to an operation (cost.go).
type measure struct {
	depth  int // of its deepest field
	values int // its answer can hold
	fields int // as written, fragments expanded
}

// and is the measure of two selections side by side.
func (m measure) and(other measure) measure {
	return measure{
		depth:  max(m.depth, other.depth),
		values: addCost(m.values, other.values),
		fields: addCost(m.fields, other.fields),
	}
}

func (m measure) cost() int {
	return addCost(m.values, multiplyCost(plannedFieldCost, m.fields))
}

func inspect(doc *ast.Document, schema *schemaIndex) Verdict {
	in := &inspection{
		doc:        doc,
		schema:     schema,
		measured:   map[int]measure{},
		entered:    map[int]bool{},
		adminField: map[string]struct{}{},
	}
	verdict := Verdict{Operations: map[string]ast.OperationType{}}
	for ref, op := range doc.OperationDefinitions {
		verdict.Operations[doc.OperationDefinitionNameString(ref)] = op.OperationType
		if !op.HasSelections {
			continue
		}
		operation := in.selectionSet(op.SelectionSet, schema.rootTypes[op.OperationType])
		verdict.Depth = max(verdict.Depth, operation.depth)
		verdict.Cost = max(verdict.Cost, operation.cost())
	}
	verdict.FragmentCycle = in.cycle
	verdict.Introspection = in.introspection
	for coordinate := range in.adminField {
		verdict.AdminFields = append(verdict.AdminFields, coordinate)
	}
	return verdict
}

// selectionSet measures the selections of set, which select on typeName ("" once the walk has left
// the schema, e.g. below an unknown field: depth and cost still count).
func (in *inspection) selectionSet(set int, typeName string) measure {
	var total measure
	for _, ref := range in.doc.SelectionSets[set].SelectionRefs {
		selection := in.doc.Selections[ref]
		switch selection.Kind {
		case ast.SelectionKindField:
			total = total.and(in.field(selection.Ref, typeName))
		case ast.SelectionKindInlineFragment:
			total = total.and(in.inlineFragment(selection.Ref, typeName))
		case ast.SelectionKindFragmentSpread:
			total = total.and(in.fragmentSpread(selection.Ref))
		}
	}
	return total
}

// field counts itself once and what it selects once for each value it returns.
func (in *inspection) field(ref int, typeName string) measure {
	name := in.doc.FieldNameString(ref)
	info := in.schema.field(typeName, name)
	if schemaFields[name] {
		in.introspection = true
	}
	if info.adminOnly {
		in.adminField[typeName+"."+name] = struct{}{}
	}
	if !in.doc.Fields[ref].HasSelections {
		return measure{depth: 1, values: 1, fields: 1}
	}
	selected := in.selectionSet(in.doc.Fields[ref].SelectionSet, info.returns)
	return measure{
		depth:  1 + selected.depth,
		values: addCost(1, multiplyCost(info.values, selected.values)),
		fields: addCost(1, selected.fields),
	}
}

func (in *inspection) inlineFragment(ref int, typeName string) measure {
	if !in.doc.InlineFragments[ref].HasSelections {
		return measure{}
	}
	if in.doc.InlineFragmentHasTypeCondition(ref) {
		typeName = in.doc.InlineFragmentTypeConditionNameString(ref)
	}
	return in.selectionSet(in.doc.InlineFragments[ref].SelectionSet, typeName)
}

func (in *inspection) fragmentSpread(ref int) measure {
	fragment, ok := in.doc.FragmentDefinitionRef(in.doc.FragmentSpreadNameBytes(ref))
	if !ok {
		return measure{} // undefined: the engine's validation reports it
	}
	if m, walked := in.measured[fragment]; walked {
		return m
	}
	if !in.doc.FragmentDefinitions[fragment].HasSelections {
		return measure{}
	}
	if in.entered[fragment] {
		in.cycle = in.doc.FragmentDefinitionNameString(fragment)
		return measure{}
	}
	in.entered[fragment] = true
	typeName := in.doc.FragmentDefinitionTypeNameString(fragment)
	m := in.selectionSet(in.doc.FragmentDefinitions[fragment].SelectionSet, typeName)
	in.measured[fragment] = m
	return m
}

// schemaFields are the fields that describe the schema rather than the data.
var schemaFields = map[string]bool{"__schema": true, "__type": true, "_service": true}
