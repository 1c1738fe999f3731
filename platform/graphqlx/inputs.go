package graphqlx

import (
	"context"
	"errors"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/largevalues"
	"semesterhaus/platform/validation"
)

// inputs checks and completes a field's arguments before its resolver runs, the same way in every
// subgraph:
//
//   - Every argument and input field of type ID is a UUID (every id the services make is one), else
//     the business exception INVALID_ID on the argument's name: a malformed id never reaches a
//     database as text it cannot compare, where it would fail as an internal error.
//   - Texts that largevalues.Middleware lifted out of the request come back into every argument
//     (largevalues.Values.RestoreAll), so that a form's rules see the text the client sent and
//     refuse it as too long where it is not an upload, instead of a placeholder being stored.
type inputs struct {
	schema *ast.Schema
}

func (in inputs) check(ctx context.Context, fc *graphql.FieldContext) error {
	if fc == nil || fc.Field.Definition == nil || len(fc.Field.Definition.Arguments) == 0 {
		return nil
	}
	if values := largevalues.FromContext(ctx); values != nil {
		for name, arg := range fc.Args {
			restored, err := values.RestoreAll(arg)
			if err != nil {
				return err
			}
			fc.Args[name] = restored
		}
	}
	var raw map[string]any
	for _, def := range fc.Field.Definition.Arguments {
		if !in.mayHoldID(def.Type, 0) {
			continue
		}
		if raw == nil {
			var vars map[string]any
			if oc := graphql.GetOperationContext(ctx); oc != nil {
				vars = oc.Variables
			}
			raw = fc.Field.ArgumentMap(vars)
		}
		if err := in.checkIDs(def.Name, def.Type, raw[def.Name], 0); err != nil {
			return err
		}
	}
	return nil
}

// maxInputDepth bounds the walk through nested input types (the schemas nest two levels).
const maxInputDepth = 8

// mayHoldID reports whether a value of type t is or contains an ID.
func (in inputs) mayHoldID(t *ast.Type, depth int) bool {
	if t == nil || depth > maxInputDepth {
		return false
	}
	if t.Elem != nil {
		return in.mayHoldID(t.Elem, depth+1)
	}
	if t.NamedType == "ID" {
		return true
	}
	def := in.schema.Types[t.NamedType]
	if def == nil || def.Kind != ast.InputObject {
		return false
	}
	for _, f := range def.Fields {
		if in.mayHoldID(f.Type, depth+1) {
			return true
		}
	}
	return false
}

// checkIDs refuses an ID in value (of type t, at the argument or input field path) that is no UUID.
func (in inputs) checkIDs(path string, t *ast.Type, value any, depth int) error {
	if value == nil || depth > maxInputDepth {
		return nil
	}
	if t.Elem != nil {
		list, ok := value.([]any)
		if !ok {
			return in.checkIDs(path, t.Elem, value, depth+1) // a single value where a list is taken
		}
		for _, v := range list {
			if err := in.checkIDs(path, t.Elem, v, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	if t.NamedType == "ID" {
		if s, ok := value.(string); !ok || !validation.IsUUID(s) {
			return exception.New(path, validation.MsgInvalidID)
		}
		return nil
	}
	def := in.schema.Types[t.NamedType]
	object, ok := value.(map[string]any)
	if def == nil || def.Kind != ast.InputObject || !ok {
		return nil
	}
	for _, f := range def.Fields {
		if err := in.checkIDs(f.Name, f.Type, object[f.Name], depth+1); err != nil {
			return err
		}
	}
	return nil
}

// MsgInvalid is the message id of a value that is not of its argument's type: a fraction or a text
// where an Int is taken, a day that is no date. It is the renter service's and the web apps' "invalid".
const MsgInvalid = "invalid"

// inputError is the business exception for gqlgen's refusal of a value that does not fit its type
// (a variable or an argument that a scalar cannot read), on the input field it names, so that the
// client gets a message id it translates instead of a parser's English; nil for any other error.
func inputError(e *gqlerror.Error) *exception.Error {
	var exc *exception.Error
	if errors.As(e.Err, &exc) { // a scalar's refusal (platform/graphqlx/scalar), on the field's path
		if exc.Path != "" {
			return exc
		}
		return exception.New(lastName(e.Path), exc.MessageID)
	}
	if code, _ := e.Extensions["code"].(string); code == errcode.ValidationFailed && len(e.Path) > 1 {
		if first, ok := e.Path[0].(ast.PathName); ok && first == "variable" {
			return exception.New(lastName(e.Path), MsgInvalid)
		}
	}
	return nil
}

// lastName is the last field name of path (an input field's, a variable's).
func lastName(path ast.Path) string {
	for i := len(path) - 1; i >= 0; i-- {
		if name, ok := path[i].(ast.PathName); ok {
			return string(name)
		}
	}
	return ""
}
