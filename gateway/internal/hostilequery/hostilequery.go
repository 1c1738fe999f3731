// Package hostilequery builds the expensive operations an attacker sends to the gateway (issue 14),
// for the tests that show the gateway refuses them: the same texts in the unit tests of the check and
// in the end-to-end tests of /api/graphql.
package hostilequery

import (
	"fmt"
	"strings"
)

// Cyclic selects building → floors → apartments → floor → apartments → … down to a leaf at the
// given depth: every level of apartments multiplies the answer.
func Cyclic(depth int) string {
	fields := []string{"building", "floors"}
	for len(fields) < depth-1 {
		if fields[len(fields)-1] == "floor" || fields[len(fields)-1] == "floors" {
			fields = append(fields, "apartments")
		} else {
			fields = append(fields, "floor")
		}
	}
	return "{ " + strings.Join(fields, " { ") + " { id" + strings.Repeat(" }", len(fields)) + " }"
}

// Aliases selects __typename n times under distinct aliases (about 15 bytes each).
func Aliases(n int) string {
	var query strings.Builder
	query.WriteString("{")
	for i := range n {
		fmt.Fprintf(&query, " a%d: __typename", i)
	}
	query.WriteString(" }")
	return query.String()
}

// FragmentFanOut selects __typename width^levels times in a text of a few hundred bytes: each
// fragment spreads the next one width times.
func FragmentFanOut(levels, width int) string {
	var query strings.Builder
	query.WriteString("query { ...F0 }")
	for level := range levels {
		fmt.Fprintf(&query, " fragment F%d on Query {", level)
		for i := range width {
			if level == levels-1 {
				fmt.Fprintf(&query, " a%d: __typename", i)
			} else {
				fmt.Fprintf(&query, " ...F%d", level+1)
			}
		}
		query.WriteString(" }")
	}
	return query.String()
}

// Introspection is the full introspection query of GraphQL tools (GraphiQL's).
const Introspection = `query IntrospectionQuery {
  __schema {
    queryType { name } mutationType { name } subscriptionType { name }
    types { ...FullType }
    directives { name description locations args { ...InputValue } }
  }
}
fragment FullType on __Type {
  kind name description
  fields(includeDeprecated: true) { name description args { ...InputValue } type { ...TypeRef } isDeprecated deprecationReason }
  inputFields { ...InputValue }
  interfaces { ...TypeRef }
  enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
  possibleTypes { ...TypeRef }
}
fragment InputValue on __InputValue { name description type { ...TypeRef } defaultValue }
fragment TypeRef on __Type {
  kind name
  ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } }
}`
