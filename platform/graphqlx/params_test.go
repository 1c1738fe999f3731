package graphqlx

import (
	"reflect"
	"testing"
)

func TestKeyValues_sortedByKey(t *testing.T) {
	t.Parallel()
	got := KeyValues(map[string]string{"max": "100", "min": "1", "field": "zip"}, func(k, v string) string { return k + "=" + v })
	if want := []string{"field=zip", "max=100", "min=1"}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if got := KeyValues(nil, func(k, v string) string { return k }); len(got) != 0 {
		t.Errorf("no params: %v", got)
	}
}
