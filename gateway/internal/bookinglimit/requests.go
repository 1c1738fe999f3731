package bookinglimit

import (
	"encoding/json"
	"strings"

	"github.com/wundergraph/graphql-go-tools/v2/pkg/ast"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/astparser"
)

// bookingField is the mutation that files a booking request and mails its confirmation link;
// pageLinkField mails a renter a new link to their own page; waitlistField joins the waitlist and
// mails its confirmation link. All mail the address they name, so all count against the same
// limits. confirmWaitlistField confirms a waitlist entry by its link's token: it mails nothing, but
// it counts for the client address, so that nobody tries tokens by the thousand.
const (
	bookingField         = "createRentingRequest"
	pageLinkField        = "requestRenterPageLink"
	waitlistField        = "joinWaitlist"
	confirmWaitlistField = "confirmWaitlistEntry"
)

// Requests lists the mailing requests an operation files: the e-mail address of each
// createRentingRequest, requestRenterPageLink and joinWaitlist among the root fields of the mutation
// the request selects (aliases and fragments included), "" where the address cannot be read (the
// subgraph then refuses it anyway) and for each confirmWaitlistEntry.
// Addresses are lower-cased and trimmed, as the renter service compares them.
func Requests(query, operationName string, variables json.RawMessage) []string {
	doc, report := astparser.ParseGraphqlDocumentString(query)
	if report.HasErrors() {
		return nil // the engine answers the syntax error; nothing runs
	}
	operation, ok := selectedMutation(&doc, operationName)
	if !ok || !doc.OperationDefinitions[operation].HasSelections {
		return nil
	}
	finder := &requestFinder{doc: &doc, variables: variables, entered: map[int]bool{}}
	finder.selectionSet(doc.OperationDefinitions[operation].SelectionSet)
	return finder.emails
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
	doc       *ast.Document
	variables json.RawMessage
	entered   map[int]bool // fragment definitions walked already: each counts once, cycles end
	emails    []string
}

func (f *requestFinder) selectionSet(set int) {
	for _, ref := range f.doc.SelectionSets[set].SelectionRefs {
		selection := f.doc.Selections[ref]
		switch selection.Kind {
		case ast.SelectionKindField:
			switch f.doc.FieldNameString(selection.Ref) {
			case bookingField:
				f.emails = append(f.emails, f.email(selection.Ref, "create"))
			case waitlistField:
				f.emails = append(f.emails, f.email(selection.Ref, "join"))
			case pageLinkField:
				f.emails = append(f.emails, f.pageLinkEmail(selection.Ref))
			case confirmWaitlistField:
				f.emails = append(f.emails, "")
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

// email reads <input>.email of a createRentingRequest (create) or joinWaitlist (join) field, written
// inline or in variables.
func (f *requestFinder) email(field int, input string) string {
	argument, ok := f.doc.FieldArgument(field, []byte(input))
	if !ok {
		return ""
	}
	create := f.doc.ArgumentValue(argument)
	switch create.Kind {
	case ast.ValueKindVariable:
		return normalize(f.variable(f.doc.VariableValueNameString(create.Ref), "email"))
	case ast.ValueKindObject:
		for _, ref := range f.doc.ObjectValues[create.Ref].Refs {
			if f.doc.ObjectFieldNameString(ref) == "email" {
				return normalize(f.stringValue(f.doc.ObjectFieldValue(ref)))
			}
		}
	}
	return ""
}

// pageLinkEmail reads the email argument of a requestRenterPageLink field.
func (f *requestFinder) pageLinkEmail(field int) string {
	argument, ok := f.doc.FieldArgument(field, []byte("email"))
	if !ok {
		return ""
	}
	return normalize(f.stringValue(f.doc.ArgumentValue(argument)))
}

func (f *requestFinder) stringValue(value ast.Value) string {
	switch value.Kind {
	case ast.ValueKindString:
		return f.doc.StringValueContentString(value.Ref)
	case ast.ValueKindVariable:
		return f.variable(f.doc.VariableValueNameString(value.Ref), "")
	}
	return ""
}

// variable is the string in variables[name], or in variables[name][field] when field is set.
func (f *requestFinder) variable(name, field string) string {
	var values map[string]json.RawMessage
	if json.Unmarshal(f.variables, &values) != nil {
		return ""
	}
	raw := values[name]
	if field != "" {
		var object map[string]json.RawMessage
		if json.Unmarshal(raw, &object) != nil {
			return ""
		}
		raw = object[field]
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return ""
	}
	return s
}

func normalize(email string) string { return strings.ToLower(strings.TrimSpace(email)) }
