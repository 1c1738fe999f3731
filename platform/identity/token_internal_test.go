package identity

import (
	"fmt"
	"testing"
	"time"
)

func TestVerifiedTokens_rememberUntilExpiry(t *testing.T) {
	t.Parallel()
	tokens := verifiedTokens{byToken: map[string]verifiedToken{}}
	now := time.Now()
	admin := Identity{Subject: "alice", Role: RoleAdmin}
	tokens.add("t1", admin, now.Add(time.Minute))
	if id, ok := tokens.lookup("t1", now); !ok || id != admin {
		t.Fatalf("lookup = %+v, %v; want the remembered admin", id, ok)
	}
	if _, ok := tokens.lookup("t2", now); ok {
		t.Error("a token never verified was found")
	}
	if _, ok := tokens.lookup("t1", now.Add(time.Minute+leeway+time.Millisecond)); ok {
		t.Error("an expired token was still accepted")
	}
	if _, ok := tokens.byToken["t1"]; ok {
		t.Error("an expired token was kept")
	}
}

func TestVerifiedTokens_bounded(t *testing.T) {
	t.Parallel()
	tokens := verifiedTokens{byToken: map[string]verifiedToken{}}
	expires := time.Now().Add(time.Minute)
	for i := range maxVerifiedTokens + 10 {
		tokens.add(fmt.Sprint("token", i), Anonymous, expires)
	}
	if n := len(tokens.byToken); n > maxVerifiedTokens {
		t.Errorf("%d tokens remembered, want at most %d", n, maxVerifiedTokens)
	}
	if _, ok := tokens.lookup(fmt.Sprint("token", maxVerifiedTokens+9), time.Now()); !ok {
		t.Error("the latest token was forgotten")
	}
}
