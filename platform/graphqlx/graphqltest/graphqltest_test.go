package graphqltest_test

import (
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"semesterhaus/platform/graphqlx/graphqltest"
	"semesterhaus/platform/identity"
)

// echo answers every operation with the caller's identity as the handler saw it, and the
// operation's variables as an error's extensions.
func echo(v *identity.Verifier) http.Handler {
	return identity.Middleware(v)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var op struct{ Variables map[string]any }
		body, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(body, &op)
		caller := identity.FromContext(r.Context())
		_ = json.NewEncoder(w).Encode(map[string]any{
			"data":   map[string]any{"subject": caller.Subject, "role": caller.Role},
			"errors": []any{map[string]any{"message": "echo", "path": []any{"subject"}, "extensions": op.Variables}},
		})
	}))
}

func TestQuery_signsTheCallersIdentityAndDecodesDataAndErrors(t *testing.T) {
	t.Parallel()
	s := graphqltest.Serve(t, "test", echo)
	tests := []struct {
		name string
		as   *identity.Identity
		want identity.Identity
	}{
		{"admin", &identity.Identity{Subject: "hausmeister", Role: identity.RoleAdmin}, identity.Identity{Subject: "hausmeister", Role: identity.RoleAdmin}},
		{"without a token, anonymous", nil, identity.Anonymous},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var got identity.Identity
			r := s.Query(tt.as, "{ subject role }", map[string]any{"code": "X"}, &got)
			if got != tt.want {
				t.Errorf("caller = %+v, want %+v", got, tt.want)
			}
			if len(r.Errors) != 1 || r.Errors[0].Message != "echo" || r.Errors[0].Path[0] != "subject" || r.Errors[0].Extensions["code"] != "X" {
				t.Errorf("errors = %+v", r.Errors)
			}
		})
	}
}
