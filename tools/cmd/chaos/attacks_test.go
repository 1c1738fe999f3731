package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestPostMutation_refusedOnlyWhenTheGuardAnsweredBeforeTheResolver(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		status int
		body   string
		want   verdict
	}{
		{"refused by the guard", http.StatusOK, `{"data":{"executeErasure":null},"errors":[{"message":"forbidden"}]}`, attackRefused},
		{"refused with 403", http.StatusForbidden, `{"errors":[{"message":"cross-origin"}]}`, attackRefused},
		{"the resolver ran: a business exception", http.StatusOK, `{"data":{"executeErasure":{"exception":{"messageId":"NO_ERASURE_REQUEST"}}}}`, attackLetThrough},
		{"the resolver ran: done", http.StatusOK, `{"data":{"executeErasure":{"exception":null}}}`, attackLetThrough},
		{"the target down", http.StatusBadGateway, `bad gateway`, attackUnanswered},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				w.WriteHeader(tt.status)
				fmt.Fprint(w, tt.body)
			}))
			defer server.Close()
			if got, detail := postMutation(context.Background(), server.URL, http.Header{}); got != tt.want {
				t.Errorf("verdict %d (%s), want %d", got, detail, tt.want)
			}
		})
	}
}

func TestAttackerCheck_failsOnAnAttackLetThroughOrAKindNeverRefused(t *testing.T) {
	t.Parallel()
	kinds := []attack{{kind: "a"}, {kind: "b"}}
	verdictOf := func(a *attacker) (ok bool) {
		a.check(func(pass bool, _, _ string, _ ...any) { ok = pass })
		return ok
	}
	held := &attacker{attacks: kinds, verdicts: map[string][3]int{"a": {3, 1, 0}, "b": {2, 0, 0}}}
	if !verdictOf(held) {
		t.Error("every attack refused or unanswered: want OK")
	}
	through := &attacker{attacks: kinds, verdicts: map[string][3]int{"a": {3, 0, 1}, "b": {2, 0, 0}}, through: []string{"a: answered"}}
	if verdictOf(through) {
		t.Error("an attack let through: want FAIL")
	}
	neverReached := &attacker{attacks: kinds, verdicts: map[string][3]int{"a": {3, 0, 0}, "b": {0, 4, 0}}}
	if verdictOf(neverReached) {
		t.Error("a kind never refused (its target always down): want FAIL")
	}
	notTried := &attacker{attacks: kinds, verdicts: map[string][3]int{"a": {3, 0, 0}}}
	if verdictOf(notTried) {
		t.Error("a kind never tried: want FAIL")
	}
}
