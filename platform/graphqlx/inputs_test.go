package graphqlx_test

import (
	"crypto/ed25519"
	"crypto/rand"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"semesterhaus/platform/graphqlx"
	"semesterhaus/platform/graphqlx/internal/testgraph"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/largevalues"
	"semesterhaus/platform/logging"
)

const someUUID = "0195f4a2-7c1b-7d3e-9a4b-8c2d1e0f3a5b"

// TestHandler_idThatIsNoUUID_isTheBusinessExceptionINVALID_IDOnItsArgument: an ID argument or input
// field that is no UUID never reaches a resolver (nor a database that would fail on it as an
// internal error); the client gets INVALID_ID on the argument's name, and nothing is logged.
func TestHandler_idThatIsNoUUID_isTheBusinessExceptionINVALID_IDOnItsArgument(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	for _, tc := range []struct {
		name      string
		variables map[string]any
		path      string
	}{
		{"argument", map[string]any{"id": "1"}, "id"},
		{"argument with NUL", map[string]any{"id": someUUID[:35] + "\x00"}, "id"},
		{"argument of 64 KiB", map[string]any{"id": strings.Repeat("a", 64<<10)}, "id"},
		{"list in an input", map[string]any{"id": someUUID, "input": map[string]any{"ids": []any{someUUID, "x"}}}, "ids"},
		{"nested input", map[string]any{"id": someUUID, "input": map[string]any{"parent": map[string]any{"rentingId": "'; drop table renting; --"}}}, "rentingId"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, raw := f.post(t, "", map[string]any{"query": `query($id: ID!, $input: EchoInput) { echo(id: $id, input: $input) }`, "variables": tc.variables})
			if len(r.Errors) != 1 || r.Errors[0].Extensions["messageId"] != "INVALID_ID" || r.Errors[0].Extensions["path"] != tc.path || r.Data["echo"] != nil {
				t.Fatalf("answer %s, want INVALID_ID at %s and no echo", raw, tc.path)
			}
		})
	}
	r, raw := f.post(t, "", map[string]any{"query": `{ echo(id: "` + someUUID + `", input: {ids: ["` + strings.ToUpper(someUUID) + `"], parent: {rentingId: "` + someUUID + `"}}) }`})
	if len(r.Errors) != 0 || r.Data["echo"] != someUUID+" ["+strings.ToUpper(someUUID)+"] "+someUUID {
		t.Errorf("valid ids: %s", raw)
	}
	if log := f.log.String(); log != "" {
		t.Errorf("refused ids were logged: %s", log)
	}
}

// TestHandler_liftedText_reachesTheResolverAsSent: behind largevalues.Middleware, a long text in any
// argument reaches the resolver as the text itself, never as the placeholder that stood for it.
func TestHandler_liftedText_reachesTheResolverAsSent(t *testing.T) {
	t.Parallel()
	pub, _, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	log := &logging.Buffer{}
	es := testgraph.NewExecutableSchema(testgraph.Config{Resolvers: &testgraph.Resolver{}})
	srv := httptest.NewServer(largevalues.Middleware(graphqlx.NewHandler(es, identity.NewVerifier(pub, "test"), slog.New(slog.NewJSONHandler(log, nil)))))
	t.Cleanup(srv.Close)
	f := fixture{url: srv.URL, log: log}
	long := strings.Repeat("ä", largevalues.MinLength)
	r, raw := f.post(t, "", map[string]any{"query": `query($id: ID!, $input: EchoInput) { echo(id: $id, input: $input) }`,
		"variables": map[string]any{"id": someUUID, "input": map[string]any{"text": long}}})
	if len(r.Errors) != 0 || r.Data["echo"] != someUUID+" [] "+long {
		t.Errorf("answer %.200s…, want the text as sent", raw)
	}
}

// TestHandler_valueNotOfItsType_isTheBusinessExceptionInvalidOnItsField: a variable that does not fit
// its type (a text where an input object or a list is taken) is refused as "invalid" on the field it
// names, a message id the web apps translate, not as the parser's English.
func TestHandler_valueNotOfItsType_isTheBusinessExceptionInvalidOnItsField(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	for name, tc := range map[string]struct {
		input any
		path  string
	}{
		"text for an input object": {"x", "input"},
		"object for a list":        {map[string]any{"ids": map[string]any{"a": 1}}, "ids"},
	} {
		r, raw := f.post(t, "", map[string]any{"query": `query($id: ID!, $input: EchoInput) { echo(id: $id, input: $input) }`,
			"variables": map[string]any{"id": someUUID, "input": tc.input}})
		if len(r.Errors) != 1 || r.Errors[0].Extensions["messageId"] != graphqlx.MsgInvalid || r.Errors[0].Extensions["path"] != tc.path {
			t.Errorf("%s: answer %s, want invalid at %s", name, raw, tc.path)
		}
	}
}
