package engine

import (
	"bytes"
	"encoding/json"
	"testing"
)

func TestHideUnavailableSubgraphs(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, in, want string
	}{
		{
			"fetch failed",
			`{"errors":[{"message":"Failed to fetch from Subgraph 'catalog' at Path 'query'."}],"data":null}`,
			`{"errors":[{"message":"service temporarily unavailable","extensions":{"code":"SUBGRAPH_UNAVAILABLE"}}],"data":null}`,
		},
		{
			"several failures become one, other errors and data stay",
			`{"errors":[{"message":"Failed to fetch from Subgraph 'renting' at Path 'query.x'."},{"message":"not found","path":["a"]},{"message":"Failed to obtain field dependencies from Subgraph 'renter' at Path 'query.x'."}],"data":{"a":null,"b":1}}`,
			`{"errors":[{"message":"not found","path":["a"]},{"message":"service temporarily unavailable","extensions":{"code":"SUBGRAPH_UNAVAILABLE"}}],"data":{"a":null,"b":1}}`,
		},
		{
			"data that only mentions the words",
			`{"data":{"text":"Failed to fetch from Subgraph"}}`,
			`{"data":{"text":"Failed to fetch from Subgraph"}}`,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			out := bytes.NewBufferString(c.in)
			if err := hideUnavailableSubgraphs(out); err != nil {
				t.Fatal(err)
			}
			if !jsonEqual(t, out.Bytes(), []byte(c.want)) {
				t.Errorf("got  %s\nwant %s", out, c.want)
			}
		})
	}
}

func jsonEqual(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatalf("%v: %s", err, a)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	xb, _ := json.Marshal(x)
	yb, _ := json.Marshal(y)
	return bytes.Equal(xb, yb)
}
