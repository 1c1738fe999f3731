package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"semesterhaus/gateway/internal/hostilequery"
)

// refusalBound is how long a refusal may take here, HTTP round trip included, with generous room
// for a loaded test machine; BenchmarkInspect_attacks measures the check itself.
const refusalBound = 500 * time.Millisecond

func TestGraphQL_expensiveOperations_refusedInMillisecondsBeforeAnyFetch(t *testing.T) {
	var fetches fetchCounter
	gw := startGateway(t, fetches.inFrontOfCatalog)
	// A page of the booking site first: it is answered, and the clock below times warm code.
	if res := gw.query(t, browser(t), catalogPageQuery); len(res.Errors) > 0 || fetches.count() == 0 {
		t.Fatalf("the booking site's first page = %.300s after %d fetches, want data from the catalog", res.raw, fetches.count())
	}
	fetchesBefore := fetches.count()
	cases := []struct {
		name       string
		query      string
		wantStatus int
		wantCode   string
	}{
		{"floor-apartments cycle 14 deep", hostilequery.Cyclic(14), http.StatusOK, "QUERY_TOO_EXPENSIVE"},
		{"10,000 __typename by fragment spreads", hostilequery.FragmentFanOut(4, 10), http.StatusOK, "QUERY_TOO_EXPENSIVE"},
		{"full introspection", hostilequery.Introspection, http.StatusOK, "QUERY_TOO_EXPENSIVE"},
		{"1,000 __typename aliases", hostilequery.Aliases(1_000), http.StatusOK, "QUERY_TOO_EXPENSIVE"},
		{"10,000 __typename aliases", hostilequery.Aliases(10_000), http.StatusRequestEntityTooLarge, "QUERY_TOO_LARGE"},
		{"1 MB of query text", "{ building { id } }" + strings.Repeat(" ", 1<<20), http.StatusRequestEntityTooLarge, "QUERY_TOO_LARGE"},
		{"a fragment cycle", `{ ...A } fragment A on Query { ...B } fragment B on Query { building { id } ...A }`, http.StatusOK, "GRAPHQL_VALIDATION_FAILED"},
	}
	for _, c := range cases {
		res, elapsed := gw.timedQuery(t, c.query)
		t.Logf("%s (%d bytes): %s in %v", c.name, len(c.query), res.errorCode(), elapsed)
		if res.status != c.wantStatus || res.errorCode() != c.wantCode || hasData(res) {
			t.Errorf("%s = %d %.300s, want %d with %s and no data", c.name, res.status, res.raw, c.wantStatus, c.wantCode)
		}
		if elapsed > refusalBound {
			t.Errorf("%s refused after %v, want within %v", c.name, elapsed, refusalBound)
		}
	}
	if n := fetches.count() - fetchesBefore; n != 0 {
		t.Errorf("the refused operations made %d subgraph fetches, want none", n)
	}
}

func TestGraphQL_tenThousandAliasesUnderALargerTextLimit_refusedByTheirCost(t *testing.T) {
	gw := startGateway(t, withEnv("MAX_QUERY_BYTES", "1048576"))
	res := gw.query(t, browser(t), hostilequery.Aliases(10_000))
	if res.errorCode() != "QUERY_TOO_EXPENSIVE" || hasData(res) || !strings.Contains(res.Errors[0].Message, "at most 5000") {
		t.Errorf("10,000 aliases = %d %.300s, want QUERY_TOO_EXPENSIVE naming the budget and no data", res.status, res.raw)
	}
}

func TestGraphQL_longQueryTextOverGET_refused(t *testing.T) {
	gw := startGateway(t)
	query := "{ building { id } }" + strings.Repeat(" ", 70<<10)
	res, err := http.Get(gw.url + "/api/graphql?query=" + url.QueryEscape(query))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if got := decodeGraphQL(t, res); got.status != http.StatusRequestEntityTooLarge || got.errorCode() != "QUERY_TOO_LARGE" {
		t.Errorf("70 KiB query over GET = %d %s, want 413 QUERY_TOO_LARGE", got.status, got.raw)
	}
}

func TestGraphQL_slowSubgraph_504AfterOperationTimeoutAndTheFetchStops(t *testing.T) {
	stalled := newStallingSubgraph(t)
	gw := startGateway(t, withSubgraphURL(stalled.url), withEnv("OPERATION_TIMEOUT", "300ms"))
	start := time.Now()
	res := gw.query(t, browser(t), `{ building { id } }`)
	if res.status != http.StatusGatewayTimeout || res.errorCode() != "OPERATION_TIMEOUT" || hasData(res) {
		t.Errorf("query on a stalled subgraph = %d %s, want 504 OPERATION_TIMEOUT", res.status, res.raw)
	}
	if elapsed := time.Since(start); elapsed > 3*time.Second {
		t.Errorf("answered after %v, want soon after the 300ms timeout", elapsed)
	}
	stalled.waitForCancelledFetch(t)
}

func TestGraphQL_clientGoesAway_theSubgraphFetchStops(t *testing.T) {
	stalled := newStallingSubgraph(t)
	gw := startGateway(t, withSubgraphURL(stalled.url))
	ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
	defer cancel()
	body, _ := json.Marshal(map[string]string{"query": `{ building { id } }`})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, gw.url+"/api/graphql", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if res, err := http.DefaultClient.Do(req); err == nil {
		res.Body.Close()
		t.Fatalf("the client gave up after 300ms but got %d", res.StatusCode)
	}
	// Within the default OPERATION_TIMEOUT (30s): the client going away is what stops the fetch.
	stalled.waitForCancelledFetch(t)
}

// timedQuery posts an anonymous query and measures the round trip, from the first byte sent.
func (gw *testGateway) timedQuery(t *testing.T, query string) (graphqlResponse, time.Duration) {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"query": query})
	start := time.Now()
	res, err := http.Post(gw.url+"/api/graphql", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	answer := decodeGraphQL(t, res)
	return answer, time.Since(start)
}

// fetchCounter sits between gateway and catalog and counts the fetches.
type fetchCounter struct{ n atomic.Int64 }

func (c *fetchCounter) inFrontOfCatalog(t *testing.T, gw *testGateway) {
	proxy := httputil.NewSingleHostReverseProxy(mustParseURL(t, gw.catalogURL))
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		c.n.Add(1)
		proxy.ServeHTTP(w, req)
	}))
	t.Cleanup(server.Close)
	withSubgraphURL(server.URL+"/graphql")(t, gw)
}

func (c *fetchCounter) count() int64 { return c.n.Load() }

// stallingSubgraph never answers: it holds each fetch until the gateway cancels it.
type stallingSubgraph struct {
	url       string
	cancelled chan struct{}
}

func newStallingSubgraph(t *testing.T) *stallingSubgraph {
	s := &stallingSubgraph{cancelled: make(chan struct{}, 16)}
	server := httptest.NewServer(http.HandlerFunc(func(_ http.ResponseWriter, req *http.Request) {
		// As a real subgraph does; only then does the server notice a closed connection.
		_, _ = io.Copy(io.Discard, req.Body)
		select {
		case <-req.Context().Done():
			s.cancelled <- struct{}{}
		case <-time.After(20 * time.Second):
		}
	}))
	t.Cleanup(server.Close)
	s.url = server.URL + "/graphql"
	return s
}

func (s *stallingSubgraph) waitForCancelledFetch(t *testing.T) {
	t.Helper()
	select {
	case <-s.cancelled:
	case <-time.After(5 * time.Second):
		t.Error("the subgraph fetch was still running 5s later, want it cancelled")
	}
}
