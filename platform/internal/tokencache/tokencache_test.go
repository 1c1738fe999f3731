package tokencache_test

import (
	"fmt"
	"testing"
	"time"

	"semesterhaus/platform/internal/tokencache"
)

func TestCache_remembersUntilExpiry(t *testing.T) {
	t.Parallel()
	leeway := 5 * time.Second
	tokens := tokencache.New[string](leeway)
	now := time.Now()
	tokens.Add("t1", "alice", now.Add(time.Minute))
	if got, ok := tokens.Lookup("t1", now); !ok || got != "alice" {
		t.Fatalf("Lookup = %q, %v; want the remembered alice", got, ok)
	}
	if _, ok := tokens.Lookup("t2", now); ok {
		t.Error("a token never verified was found")
	}
	if _, ok := tokens.Lookup("t1", now.Add(time.Minute+leeway+time.Millisecond)); ok {
		t.Error("an expired token was still accepted")
	}
	if n := tokens.Len(); n != 0 {
		t.Errorf("%d tokens kept after expiry, want 0", n)
	}
}

func TestCache_bounded(t *testing.T) {
	t.Parallel()
	tokens := tokencache.New[int](time.Second)
	expires := time.Now().Add(time.Minute)
	const many = 1024 + 10
	for i := range many {
		tokens.Add(fmt.Sprint("token", i), i, expires)
	}
	if n := tokens.Len(); n > 1024 {
		t.Errorf("%d tokens remembered, want at most 1024", n)
	}
	if _, ok := tokens.Lookup(fmt.Sprint("token", many-1), time.Now()); !ok {
		t.Error("the latest token was forgotten")
	}
}
