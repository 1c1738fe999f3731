package httpapi

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestLongValuesLast_movesUploadsBehindTheShortFieldsAndKeepsEveryValue(t *testing.T) {
	t.Parallel()
	upload := strings.Repeat("QUJD", 40<<10) // 160 KiB of base64
	in := `{"c":{"apartmentId":12,"identityCardBack":"` + upload + `","identityCardFront":"` + upload +
		`","email":"lena@example.org","name":"Schr\u00f6der \"L\"","tags":[1,2],"nested":{"a":null}},"renewal":true}`
	out := longValuesLast([]byte(in))

	var before, after map[string]any
	if err := json.Unmarshal([]byte(in), &before); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(out, &after); err != nil {
		t.Fatalf("reordered variables are not JSON: %v", err)
	}
	if !reflect.DeepEqual(before, after) {
		t.Error("reordering changed a value")
	}
	s := string(out)
	if strings.Index(s, `"email"`) > strings.Index(s, `"identityCardBack"`) ||
		strings.Index(s, `"nested"`) > strings.Index(s, `"identityCardFront"`) {
		t.Errorf("short fields still stand behind the uploads: %.120s…", s)
	}
}

func TestLongValuesLast_leavesSmallAndOddVariablesAlone(t *testing.T) {
	t.Parallel()
	for _, in := range []string{`{"id":1}`, `[` + strings.Repeat(`1,`, 40<<10) + `1]`, `null`} {
		if out := longValuesLast([]byte(in)); string(out) != in {
			t.Errorf("%.40s… was changed", in)
		}
	}
}
