package adminguard

import (
	"github.com/wundergraph/graphql-go-tools/v2/pkg/ast"
)

// adminTag marks a field as admin-only: @tag(name: "admin") in a subgraph schema, carried into the
// composed schema (docs/architecture.md, "Admin-only fields").
const adminTag = "admin"

// fieldInfo is what the guard needs to know about one field of the composed schema.
type fieldInfo struct {
	returns   string // the named type the field returns: where its sub-selection continues
	values    int    // how many values it returns per parent value (list sizes, see cost.go)
	adminOnly bool
}

// unknownField is a field the schema does not define (__typename, or a mistake the engine reports):
// one value, and its sub-selection leaves the schema.
var unknownField = fieldInfo{values: 1}

// schemaIndex is the composed schema reduced to what the guard looks up per field.
type schemaIndex struct {
	fields    map[string]map[string]fieldInfo // type name → field name → info
	rootTypes map[ast.OperationType]string
}

func indexSchema(schema *ast.Document) *schemaIndex {
	index := &schemaIndex{
		fields: map[string]map[string]fieldInfo{},
		rootTypes: map[ast.OperationType]string{
			ast.OperationTypeQuery:        string(schema.Index.QueryTypeName),
			ast.OperationTypeMutation:     string(schema.Index.MutationTypeName),
			ast.OperationTypeSubscription: string(schema.Index.SubscriptionTypeName),
		},
	}
	for ref := range schema.ObjectTypeDefinitions {
		def := schema.ObjectTypeDefinitions[ref]
		index.addFields(schema, schema.ObjectTypeDefinitionNameString(ref), def.FieldsDefinition.Refs)
	}
	for ref := range schema.InterfaceTypeDefinitions {
		def := schema.InterfaceTypeDefinitions[ref]
		index.addFields(schema, schema.InterfaceTypeDefinitionNameString(ref), def.FieldsDefinition.Refs)
	}
	return index
}

func (s *schemaIndex) addFields(schema *ast.Document, typeName string, fieldRefs []int) {
	fields := s.fields[typeName]
	if fields == nil {
		fields = map[string]fieldInfo{}
		s.fields[typeName] = fields
	}
	for _, ref := range fieldRefs {
		name := schema.FieldDefinitionNameString(ref)
		fields[name] = fieldInfo{
			returns:   schema.FieldDefinitionTypeNameString(ref),
			values:    listSize(typeName+"."+name, schema.TypeNumberOfListWraps(schema.FieldDefinitionType(ref))),
			adminOnly: hasAdminTag(schema, ref),
		}
	}
}

func hasAdminTag(schema *ast.Document, fieldDefinition int) bool {
	for _, directive := range schema.FieldDefinitionDirectives(fieldDefinition) {
		if schema.DirectiveNameString(directive) != "tag" {
			continue
		}
		name, ok := schema.DirectiveArgumentValueByName(directive, []byte("name"))
		if ok && schema.ValueContentString(name) == adminTag {
			return true
		}
	}
	return false
}

func (s *schemaIndex) field(typeName, fieldName string) fieldInfo {
	if info, ok := s.fields[typeName][fieldName]; ok {
		return info
	}
	return unknownField
}
