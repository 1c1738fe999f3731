package httpapi

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/wundergraph/graphql-go-tools/execution/graphql"

	"semesterhaus/platform/largevalues"
)

// FuzzReadOperation posts any body to readOperation, as the gateway reads every operation. Nothing
// panics; a refusal is a 400, 413 or 415 with a code and a message; an accepted operation has a
// query and variables that are a JSON object (or none), and its variables with the lifted large
// values put back mean what the body's own variables mean: nothing is lost, changed or made up on
// the way. Seeds: what the web apps send, uploads long enough to be lifted, and the inputs under
// testdata/fuzz/FuzzReadOperation.
func FuzzReadOperation(f *testing.F) {
	upload := strings.Repeat("QUJD", largevalues.MinLength/4+1)
	for _, body := range []string{
		`{"operationName":"Apartments","query":"query Apartments { apartments { id name } }","variables":{}}`,
		`{"query":"mutation($f: String!) { upload(file: $f) }","variables":{"f":"` + upload + `","g":["` + upload + `",1,null]}}`,
		`{"query":"{ a }","variables":{"s":"a \"quoted\" \u00fc \\ value","n":-1.5e3,"b":true,"x":null}}`,
		`{"query":"{ a }","variables":"` + upload + `"}`,
		`{"query":"{ a }","variables":[1,2]}`,
		`{"query":1}`,
		`{"query":"{ a }","variables":{"k":"largevalue:forged-0"}}`,
		`{"query":"{ a }"`,
		`[]`,
		``,
	} {
		f.Add([]byte(body))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		r := httptest.NewRequest(http.MethodPost, "/graphql", bytes.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		req, lifted, rerr := readOperation(r)
		if rerr != nil {
			if !slices.Contains([]int{http.StatusBadRequest, http.StatusRequestEntityTooLarge, http.StatusUnsupportedMediaType}, rerr.status) ||
				rerr.code == "" || rerr.message == "" {
				t.Fatalf("refusal %+v: want 400, 413 or 415 with a code and a message", *rerr)
			}
			return
		}
		if req.Query == "" {
			t.Fatal("an operation without a query accepted")
		}
		if !variablesAreObject(req.Variables) {
			t.Fatalf("variables %q accepted: not an object", req.Variables)
		}
		var direct graphql.Request
		if err := decodeOperation(body, &direct); err != nil {
			t.Fatalf("the body as it came does not decode, but with its values lifted it did: %v", err)
		}
		if direct.Query != req.Query || direct.OperationName != req.OperationName {
			t.Fatalf("query or operation name changed by lifting: %q %q, want %q %q", req.Query, req.OperationName, direct.Query, direct.OperationName)
		}
		restored := bytes.Join(lifted.Restored(req.Variables), nil)
		if !sameJSON(restored, direct.Variables) {
			t.Fatalf("variables changed on the way:\n got %s\nwant %s", restored, direct.Variables)
		}
	})
}

// sameJSON tells whether a and b are the same JSON value, or both none.
func sameJSON(a, b []byte) bool {
	if len(bytes.TrimSpace(a)) == 0 || len(bytes.TrimSpace(b)) == 0 {
		return len(bytes.TrimSpace(a)) == len(bytes.TrimSpace(b))
	}
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

// TestReadOperation_bodiesThatAreNoJSON_refused: the inputs FuzzReadOperation found that the lenient
// parser took, a number that is no number and a long string with a raw control character, are
// refused or written anew as JSON, never passed on as they came.
func TestReadOperation_bodiesThatAreNoJSON_refused(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("QUJD", largevalues.MinLength/4+1)
	for name, body := range map[string]string{
		"a dot for a number":         `{"query":"{ a }","variables":{"n":.}}`,
		"a number with two points":   `{"query":"{ a }","variables":{"n":1.2.3}}`,
		"an exponent without digits": `{"query":"{ a }","variables":{"n":[1e]}}`,
	} {
		r := httptest.NewRequest(http.MethodPost, "/graphql", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		if req, _, rerr := readOperation(r); rerr == nil || rerr.status != http.StatusBadRequest {
			t.Errorf("%s: %s accepted with variables %s, want 400", name, body, req.Variables)
		}
	}
	r := httptest.NewRequest(http.MethodPost, "/graphql", strings.NewReader(`{"query":"{ a }","variables":{"s":"`+long+"\x01"+`"}}`))
	r.Header.Set("Content-Type", "application/json")
	req, lifted, rerr := readOperation(r)
	if rerr != nil {
		return // refused: as good
	}
	if restored := bytes.Join(lifted.Restored(req.Variables), nil); !json.Valid(restored) {
		t.Errorf("a raw control character went on as it came: %q…", restored[:min(len(restored), 80)])
	}
}
