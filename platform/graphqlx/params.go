package graphqlx

import (
	"maps"
	"slices"
)

// KeyValues turns a business exception's params into the list the schema's UserDataException.params
// carries, sorted by key so that answers are stable; kv makes one entry of the subgraph's own model.
func KeyValues[T any](params map[string]string, kv func(key, value string) T) []T {
	keys := slices.Sorted(maps.Keys(params))
	list := make([]T, len(keys))
	for i, k := range keys {
		list[i] = kv(k, params[k])
	}
	return list
}
