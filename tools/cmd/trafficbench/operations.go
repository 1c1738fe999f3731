package main

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
)

// documentEntry is one line of the documents map in a web app's generated src/graphql/gql.ts:
// the source of one graphql(`…`) call as a string literal, and its generated document.
var documentEntry = regexp.MustCompile(`(?m)^\s+("(?:[^"\\]|\\.)*"): types\.\w+(?:Document|FragmentDoc),$`)

var (
	definitionName = regexp.MustCompile(`\b(?:query|mutation|fragment)\s+([A-Za-z_]\w*)`)
	fragmentSpread = regexp.MustCompile(`\.\.\.\s*([A-Za-z_]\w*)`)
)

// operations are the GraphQL definitions of the web apps, by name, as their pages send them.
type operations map[string]string

// loadOperations reads the definitions of every web app's generated documents map, so that the
// benchmark sends exactly what the pages send.
func loadOperations(files ...string) (operations, error) {
	ops := operations{}
	for _, file := range files {
		source, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		for _, m := range documentEntry.FindAllSubmatch(source, -1) {
			var text string
			if err := json.Unmarshal(m[1], &text); err != nil {
				return nil, fmt.Errorf("%s: %w", file, err)
			}
			if name := definitionName.FindStringSubmatch(text); name != nil {
				ops[name[1]] = strings.TrimSpace(text)
			}
		}
	}
	return ops, nil
}

// document is the operation with every fragment it spreads, directly or through other fragments.
func (ops operations) document(name string) (string, error) {
	text, ok := ops[name]
	if !ok {
		return "", fmt.Errorf("no operation %s in the web apps' generated documents", name)
	}
	parts := []string{text}
	seen := map[string]bool{name: true}
	for i := 0; i < len(parts); i++ {
		for _, spread := range fragmentSpread.FindAllStringSubmatch(parts[i], -1) {
			fragment := spread[1]
			if fragment == "on" || seen[fragment] {
				continue
			}
			seen[fragment] = true
			def, ok := ops[fragment]
			if !ok {
				return "", fmt.Errorf("operation %s spreads the unknown fragment %s", name, fragment)
			}
			parts = append(parts, def)
		}
	}
	return strings.Join(parts, "\n"), nil
}
