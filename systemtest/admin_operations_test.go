package systemtest

import (
	"crypto/ed25519"
	"crypto/rand"
	"slices"
	"testing"
	"time"

	"semesterhaus/platform/identity"
)

// TestAdminOperations_everyOneOfTheSupergraph_refusedWithoutAnAdmin_nothingChanged sends every
// admin-tagged query and mutation of the composed schema, with the valid input the hostile corpus
// uses, straight to the subgraph that serves it: without a token, with an anonymous one and with an
// admin's token signed by a key that is not the gateway's. Each is refused as forbidden and no table
// of any service changes. It follows the schema, so an admin operation added later is attacked too,
// without a list to keep.
func TestAdminOperations_everyOneOfTheSupergraph_refusedWithoutAnAdmin_nothingChanged(t *testing.T) {
	sys := newHostileSystem(t)
	schema, owners := loadSupergraph(t)
	before := sys.fingerprint(t)
	attacked := 0
	for _, op := range append(slices.Clone(schema.Query.Fields), schema.Mutation.Fields...) {
		if !isAdminField(op) {
			continue
		}
		subgraph, ok := sys.subgraphs[owners[op.Name]]
		if !ok {
			t.Errorf("%s: no subgraph serves it (owner %q)", op.Name, owners[op.Name])
			continue
		}
		callers := map[string]caller{
			"no token":             {},
			"anonymous token":      {as: &identity.Anonymous},
			"admin, forged signer": {token: forgedAdminToken(t, owners[op.Name])},
		}
		attacked++
		vars := sys.baseline(t, op)
		for name, from := range callers {
			answer := sys.send(t, subgraph, op, schema, vars, from)
			if len(answer.errors) == 0 || answer.errors[0].Message != "forbidden" {
				t.Errorf("%s, %s: %.300s, want forbidden", op.Name, name, answer.raw)
			}
		}
	}
	if attacked == 0 {
		t.Fatal("the supergraph has no admin-tagged operation: the tags were not composed")
	}
	if after := sys.fingerprint(t); !maps2equal(before, after) {
		t.Errorf("an admin operation without an admin changed the stored data: %v", differences(before, after))
	}
}

// forgedAdminToken is an admin's identity token for the subgraph, well formed and signed, but by a
// key of the attacker's instead of the gateway's.
func forgedAdminToken(t *testing.T, subgraph string) string {
	t.Helper()
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	token, err := identity.NewSigner(key, time.Minute).Sign(*admin, subgraph)
	if err != nil {
		t.Fatal(err)
	}
	return token
}
