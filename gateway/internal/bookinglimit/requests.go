package bookinglimit

import (
	"github.com/wundergraph/graphql-go-tools/v2/pkg/ast"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/astparser"
)

// bookingField is the mutation that files a booking request and mails its confirmation link;
// pageLinkField mails a renter a new link to their own page; waitlistField joins the waitlist and
// mails its confirmation link; confirmWaitlistField confirms a waitlist entry by its link's token.
// Each counts for the client address: the first three mail an address anybody may name, the last
// tries a token, and nobody may do either by the thousand.
const (
	bookingField         = "createRentingRequest"
	pageLinkField        = "requestRenterPageLink"
	waitlistField        = "joinWaitlist"
	confirmWaitlistField = "confirmWaitlistEntry"
)

// Requests counts the createRentingRequest, requestRenterPageLink, joinWaitlist and
// confirmWaitlistEntry fields among the root fields of the mutation the request selects (aliases
// and fragments included, each spread of a fragment once).
func Requests(query, operationName string) int {
	doc, report := astparser.ParseGraphqlDocumentString(query)
	if report.HasErrors() {
		return 0 // the engine answers the syntax error; nothing runs
	}
	operation, ok := selectedMutation(&doc, operationName)
	if !ok || !doc.OperationDefinitions[operation].HasSelections {
		return 0
	}
	finder := &requestFinder{doc: &doc, entered: map[int]bool{}}
	finder.selectionSet(doc.OperationDefinitions[operation].SelectionSet)
	return finder.requests
}

// selectedMutation is the operation named operationName, or the only one without a name, if it
// is a mutation.
func selectedMutation(doc *ast.Document, operationName string) (int, bool) {
	definitions := doc.OperationDefinitions
	for ref := range definitions {
		named := doc.OperationDefinitionNameString(ref) == operationName
		if named || (operationName == "" && len(definitions) == 1) {
			return ref, definitions[ref].OperationType == ast.OperationTypeMutation
		}
	}
	return 0, false
}

type requestFinder struct {
	doc      *ast.Document
	entered  map[int]bool // fragment definitions walked already: each counts once, cycles end
	requests int
}

func (f *requestFinder) selectionSet(set int) {
	for _, ref := range f.doc.SelectionSets[set].SelectionRefs {
		selection := f.doc.Selections[ref]
		switch selection.Kind {
		case ast.SelectionKindField:
			switch f.doc.FieldNameString(selection.Ref) {
			case bookingField, waitlistField, pageLinkField, confirmWaitlistField:
				f.requests++
			}
		case ast.SelectionKindInlineFragment:
			if f.doc.InlineFragments[selection.Ref].HasSelections {
				f.selectionSet(f.doc.InlineFragments[selection.Ref].SelectionSet)
			}
		case ast.SelectionKindFragmentSpread:
			f.fragmentSpread(selection.Ref)
		}
	}
}

func (f *requestFinder) fragmentSpread(ref int) {
	fragment, ok := f.doc.FragmentDefinitionRef(f.doc.FragmentSpreadNameBytes(ref))
	if !ok || f.entered[fragment] || !f.doc.FragmentDefinitions[fragment].HasSelections {
		return
	}
	f.entered[fragment] = true
	f.selectionSet(f.doc.FragmentDefinitions[fragment].SelectionSet)
}
