package largevalues_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"semesterhaus/platform/largevalues"
)

var scan = strings.Repeat("iVBORw0KGgo", largevalues.MinLength/10)

func request(t *testing.T, variables map[string]any) []byte {
	t.Helper()
	body, err := json.Marshal(map[string]any{"query": "mutation($c: In!) { book(c: $c) { id } }", "variables": variables})
	if err != nil {
		t.Fatal(err)
	}
	return body
}

func decode(t *testing.T, body []byte) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("not JSON: %v\n%.300s", err, body)
	}
	return v
}

func TestLift_longStringsBecomePlaceholdersAndComeBackUnchanged(t *testing.T) {
	t.Parallel()
	body := request(t, map[string]any{
		"c": map[string]any{
			"email": "lena@example.org", "front": scan, "back": scan + "AA",
			"pages": []any{scan, "short", map[string]any{"deep": scan + `"quoted" \ and ü`}},
		},
		"n": 3,
	})

	small, values := largevalues.Lift(body)

	if len(small) > 1024 {
		t.Fatalf("lifted body is %d bytes, want small: %.300s", len(small), small)
	}
	lifted := decode(t, small)["variables"].(map[string]any)["c"].(map[string]any)
	if lifted["email"] != "lena@example.org" || lifted["front"] == scan || !strings.HasPrefix(lifted["front"].(string), "largevalue:") {
		t.Errorf("lifted input = %v", lifted)
	}
	if got, want := decode(t, bytes.Join(values.Restored(small), nil)), decode(t, body); !reflect.DeepEqual(got, want) {
		t.Error("restored body differs from the original")
	}
	deep := lifted["pages"].([]any)[2].(map[string]any)["deep"].(string)
	if got, err := values.Value(deep); err != nil || got != scan+`"quoted" \ and ü` {
		t.Errorf("Value(escaped) = %.40q, %v", got, err)
	}
	if got, _ := values.Value(lifted["back"].(string)); got != scan+"AA" {
		t.Errorf("Value(back) = %.40q", got)
	}
}

func TestLift_leavesOtherRequestsAlone(t *testing.T) {
	t.Parallel()
	for name, body := range map[string][]byte{
		"short":                   request(t, map[string]any{"c": map[string]any{"email": "a@b.c"}}),
		"long query, no vars":     []byte(`{"query":"` + strings.Repeat(" ", 2*largevalues.MinLength) + `{ a }"}`),
		"variables not an object": []byte(`{"query":"{ a }","variables":"` + scan + `"}`),
		"broken JSON":             []byte(`{"query":"{ a }","variables":{"c":"` + scan),
		// Strings that are no JSON strings stay for the parser, which writes them anew (the gateway's)
		// or refuses them: lifted, they would go on to the subgraphs as they are.
		"a raw control character":  []byte(`{"query":"{ a }","variables":{"c":"` + scan + "\x01" + `"}}`),
		"an unknown escape":        []byte(`{"query":"{ a }","variables":{"c":"` + scan + `\q"}}`),
		"a short unicode escape":   []byte(`{"query":"{ a }","variables":{"c":"` + scan + `\u00"}}`),
		"a unicode escape not hex": []byte(`{"query":"{ a }","variables":{"c":"` + scan + `\u00g0"}}`),
	} {
		if small, values := largevalues.Lift(body); !bytes.Equal(small, body) || values != nil {
			t.Errorf("%s: changed", name)
		}
	}
}

func TestValue_onlyThisRequestsPlaceholders(t *testing.T) {
	t.Parallel()
	_, mine := largevalues.Lift(request(t, map[string]any{"a": scan}))
	small, other := largevalues.Lift(request(t, map[string]any{"a": scan + "B"}))
	placeholder := decode(t, small)["variables"].(map[string]any)["a"].(string)
	if got, _ := mine.Value(placeholder); got != placeholder {
		t.Error("a placeholder of another request resolved")
	}
	if got, _ := other.Value(placeholder + "0"); got != placeholder+"0" {
		t.Error("an unknown index resolved")
	}
	if restored := bytes.Join(mine.Restored(small), nil); !bytes.Equal(restored, small) {
		t.Error("another request's placeholders were replaced")
	}
	var none *largevalues.Values
	if got, _ := none.Value("plain"); got != "plain" {
		t.Error("nil values changed a plain string")
	}
	if restored := bytes.Join(none.Restored(small), nil); !bytes.Equal(restored, small) {
		t.Error("nil values changed a body")
	}
}

func TestMiddleware_resolversGetTheValuesBack(t *testing.T) {
	t.Parallel()
	var seenBody []byte
	var seenValue string
	handler := largevalues.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seenBody, _ = io.ReadAll(r.Body)
		front := decode(t, seenBody)["variables"].(map[string]any)["c"].(map[string]any)["front"].(string)
		seenValue, _ = largevalues.FromContext(r.Context()).Value(front)
	}))
	body := request(t, map[string]any{"c": map[string]any{"front": scan}})
	handler.ServeHTTP(httptest.NewRecorder(), httptest.NewRequestWithContext(context.Background(), http.MethodPost, "/graphql", bytes.NewReader(body)))
	if len(seenBody) > 512 || seenValue != scan {
		t.Errorf("handler saw %d bytes and a value of %d bytes", len(seenBody), len(seenValue))
	}
}

func BenchmarkLiftAndRestore(b *testing.B) {
	mb := strings.Repeat("A", 1<<20)
	body, _ := json.Marshal(map[string]any{"query": "mutation { x }", "variables": map[string]any{"c": map[string]any{
		"email": "a@b.c", "front": mb, "back": mb, "certificate": mb}}})
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		small, values := largevalues.Lift(body)
		_ = values.Restored(small)
	}
}
