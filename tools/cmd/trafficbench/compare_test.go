package main

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// graphQLStub answers every request with answer and records each request's headers and body.
type graphQLStub struct {
	answer string
	mu     sync.Mutex
	seen   []http.Header
	bodies []string
}

func (s *graphQLStub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	s.seen = append(s.seen, r.Header.Clone())
	s.bodies = append(s.bodies, string(body))
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	_, _ = io.WriteString(w, s.answer)
}

func TestRunWrk_eachRequestCarriesOneUsersHeadersAndOneBody(t *testing.T) {
	stub := &graphQLStub{answer: `{"data":{"ok":true}}`}
	server := httptest.NewServer(stub)
	t.Cleanup(server.Close)
	users := []string{
		"X-Identity-Token-Catalog: a1\tX-Identity-Token-Renting: a2",
		"X-Identity-Token-Catalog: b1\tX-Identity-Token-Renting: b2",
	}
	bodies := []string{`{"query":"{ a }"}`, `{"query":"{ b }"}`}
	l, _, err := runWrk(context.Background(), t.TempDir(), server.URL, time.Second, 2, bodies, users)
	if err != nil {
		t.Fatal(err)
	}
	stub.mu.Lock()
	defer stub.mu.Unlock()
	if l.requests == 0 || l.failed != 0 || len(stub.seen) < l.requests {
		t.Fatalf("wrk: %+v; the server saw %d requests", l, len(stub.seen))
	}
	pairs, bodiesSeen := map[string]int{}, map[string]int{}
	for i, h := range stub.seen {
		if h.Get("Content-Type") != "application/json" {
			t.Fatalf("request %d: Content-Type %q", i, h.Get("Content-Type"))
		}
		pair := h.Get("X-Identity-Token-Catalog") + "+" + h.Get("X-Identity-Token-Renting")
		pairs[pair]++
		bodiesSeen[stub.bodies[i]]++
	}
	if len(pairs) != 2 || pairs["a1+a2"] == 0 || pairs["b1+b2"] == 0 {
		t.Errorf("header sets seen: %v, want both users' whole sets, never mixed", pairs)
	}
	if len(bodiesSeen) != 2 {
		t.Errorf("bodies seen: %v, want both", bodiesSeen)
	}
}

func TestRunWrk_answersWithErrorsCountAsFailed(t *testing.T) {
	server := httptest.NewServer(&graphQLStub{answer: `{"errors":[{"message":"forbidden"}],"data":{"ok":null}}`})
	t.Cleanup(server.Close)
	l, _, err := runWrk(context.Background(), t.TempDir(), server.URL, time.Second, 2, []string{`{"query":"{ a }"}`}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if l.requests == 0 || l.failed != l.requests {
		t.Errorf("%d of %d requests failed, want all", l.failed, l.requests)
	}
}

func TestCheckSameAnswers_refusesDifferentDataAndErrors(t *testing.T) {
	t.Parallel()
	endpoint := func(answer string) string {
		server := httptest.NewServer(&graphQLStub{answer: answer})
		t.Cleanup(server.Close)
		return server.URL
	}
	same := endpoint(`{"data":{"apartment":{"id":1,"name":"A"}}}`)
	reordered := endpoint(`{"data":{"apartment":{"name":"A","id":1}}}`)
	other := endpoint(`{"data":{"apartment":{"id":1,"name":"B"}}}`)
	failing := endpoint(`{"errors":[{"message":"forbidden"}],"data":null}`)
	at := func(name, url string) router {
		return router{name: name, endpoint: url, users: func(sc scenario) ([]string, error) { return sc.users, nil }}
	}
	sc := scenario{bodies: []string{`{"query":"{ apartment { id name } }"}`}, users: []string{"Cookie: session=x"}}
	ctx := context.Background()
	if err := checkSameAnswers(ctx, [2]router{at("ours", same), at("other", reordered)}, sc); err != nil {
		t.Errorf("the same data in another key order: %v", err)
	}
	if err := checkSameAnswers(ctx, [2]router{at("ours", same), at("other", other)}, sc); err == nil || !strings.Contains(err.Error(), "differ") {
		t.Errorf("different data: %v", err)
	}
	if err := checkSameAnswers(ctx, [2]router{at("ours", same), at("other", failing)}, sc); err == nil || !strings.Contains(err.Error(), "other") {
		t.Errorf("an answer with errors: %v", err)
	}
}
