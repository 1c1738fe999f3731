package engine

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/wundergraph/graphql-go-tools/execution/graphql"

	"semesterhaus/gateway/schema"
)

// bookApartment is the step2 page's operation as the booking site sends it (fragments included).
const bookApartment = `query BookApartment($aid: Int!, $sid: Int!) {
  bookApartment(aid: $aid, sid: $sid) {
    apartment { ...ApartmentDetail }
    semester { id name }
    priceCalculation { total }
  }
}
fragment ApartmentDetail on Apartment { id name pricePerMonth pictures { url width } }`

func newTestEngine(tb testing.TB, subgraphURLs map[string]string) *Engine {
	tb.Helper()
	e, err := New(tb.Context(), Options{
		RouterConfig: schema.RouterConfig,
		SubgraphURLs: subgraphURLs,
		Logger:       slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		tb.Fatal(err)
	}
	return e
}

func request(operationName, query, variables string) *graphql.Request {
	req := &graphql.Request{OperationName: operationName, Query: query}
	if variables != "" {
		req.Variables = []byte(variables)
	}
	return req
}

// TestPrepare_keptOperationWithOtherVariables_sameAsPreparedAnew compares, for operations of every
// shape the cache keeps, what a kept preparation makes of a request with what normalizing that
// request from scratch gives, as the execution engine did for every request.
func TestPrepare_keptOperationWithOtherVariables_sameAsPreparedAnew(t *testing.T) {
	t.Parallel()
	e := newTestEngine(t, nil)
	cases := []struct {
		name, operationName, query string
		variables                  []string
	}{
		{"variables and fragments", "BookApartment", bookApartment,
			[]string{`{"aid":1,"sid":2}`, `{"sid":7,"aid":24}`, `{"aid":3}`, `{"aid":3,"sid":4,"extra":"x"}`, ``, `{}`, `null`}},
		{"arguments written in the text", "", `{ semester(id: 3) { id } apartmentById(id: 5) { id name } }`,
			[]string{``, `{}`, `{"a":9}`, `{"b":"keep"}`, `null`}},
		{"variables and written arguments", "Price", `query Price($aid: Int!) { priceCalculation(apartmentId: $aid, semesterId: 2, renewal: true) { total } }`,
			[]string{`{"aid":1}`, `{"aid":2,"a":0}`, `{}`}},
		{"a variable only used where @include(if: false) leaves out", "Q", `query Q($id: Int!, $sid: Int!) { semester(id: $sid) { id } apartmentById(id: $id) @include(if: false) { id } }`,
			[]string{`{"id":1,"sid":2}`, `{"sid":3}`, `{"id":"x","sid":4}`}},
		{"one of several operations", "Second", `query First { building { id } } query Second($id: Int!) { apartmentById(id: $id) { id } }`,
			[]string{`{"id":1}`, `{"id":2}`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			first := request(c.operationName, c.query, c.variables[0])
			if _, err := e.operations.prepare(first); err != nil {
				t.Fatalf("first request: %v", err)
			}
			if _, kept := e.operations.prepared.Peek(operationKey(first)); !kept {
				t.Fatal("the operation was not kept")
			}
			for _, variables := range c.variables {
				fromCache, cacheErr := e.operations.prepare(request(c.operationName, c.query, variables))
				anew, anewErr := e.operations.prepareAnew(request(c.operationName, c.query, variables), "")
				if fmt.Sprint(cacheErr) != fmt.Sprint(anewErr) {
					t.Fatalf("variables %s: error %v from the cache, %v prepared anew", variables, cacheErr, anewErr)
				}
				if string(fromCache.variables) != string(anew.variables) {
					t.Errorf("variables %s: %s from the cache, %s prepared anew", variables, fromCache.variables, anew.variables)
				}
				if fmt.Sprint(fromCache.remapVariables) != fmt.Sprint(anew.remapVariables) || fromCache.plan != anew.plan {
					t.Errorf("variables %s: another plan or variable mapping than prepared anew", variables)
				}
			}
		})
	}
}

// TestPrepare_variablesThatChangeTheOperation_preparedForEveryRequest: where the variables' values
// change what normalizing makes of an operation, nothing is kept and every request is prepared as
// the execution engine did.
func TestPrepare_variablesThatChangeTheOperation_preparedForEveryRequest(t *testing.T) {
	t.Parallel()
	e := newTestEngine(t, nil)
	for name, req := range map[string]*graphql.Request{
		"@include with a variable": request("Q", `query Q($full: Boolean!) { building { id name @include(if: $full) } }`, `{"full":true}`),
		"@skip with a variable":    request("Q", `query Q($brief: Boolean!) { building { id name @skip(if: $brief) } }`, `{"brief":false}`),
		"a default value":          request("Q", `query Q($r: Boolean = true) { priceCalculation(apartmentId: 1, semesterId: 2, renewal: $r) { total } }`, `{}`),
		"no operation name":        request("", `query A { building { id } } query B { building { name } }`, ``),
	} {
		_, _ = e.operations.prepare(req)
		if _, kept := e.operations.prepared.Peek(operationKey(req)); kept {
			t.Errorf("%s: kept", name)
		}
	}
	full := `query Q($full: Boolean!) { building { id name @include(if: $full) } }`
	for _, include := range []bool{true, false} {
		got, err := e.operations.prepare(request("Q", full, fmt.Sprintf(`{"full":%t}`, include)))
		if err != nil {
			t.Fatal(err)
		}
		anew, _ := e.operations.prepareAnew(request("Q", full, fmt.Sprintf(`{"full":%t}`, include)), "")
		if got.plan != anew.plan {
			t.Errorf("@include(if: %t): not the plan for that value", include)
		}
	}
}

// TestExecute_refusedOperationsAndVariables_sameAnswerFirstAndLater: errors in the operation are
// answered alike every time, and errors in the variables also once the operation is kept.
func TestExecute_refusedOperationsAndVariables_sameAnswerFirstAndLater(t *testing.T) {
	t.Parallel()
	e := newTestEngine(t, nil)
	for name, req := range map[string]func() *graphql.Request{
		"syntax":              func() *graphql.Request { return request("", `{ building { id }`, ``) },
		"unknown field":       func() *graphql.Request { return request("", `{ building { nope } }`, ``) },
		"wrong variable type": func() *graphql.Request { return request("BookApartment", bookApartment, `{"aid":"one","sid":2}`) },
		"missing variable":    func() *graphql.Request { return request("BookApartment", bookApartment, `{"aid":1}`) },
		"unknown operation":   func() *graphql.Request { return request("Nope", bookApartment, `{"aid":1,"sid":2}`) },
	} {
		var answers []string
		for range 3 {
			var out bytes.Buffer
			if err := e.Execute(t.Context(), req(), &out); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			answers = append(answers, out.String())
		}
		if !strings.Contains(answers[0], `"errors"`) || answers[1] != answers[0] || answers[2] != answers[0] {
			t.Errorf("%s: answers differ or carry no error: %q", name, answers)
		}
	}
}

// TestPrepare_floodOfDistinctOperations_memoryStaysBounded sends operation texts that all differ,
// as an attacker could: the cache never holds more than its limits, and the heap stays flat.
func TestPrepare_floodOfDistinctOperations_memoryStaysBounded(t *testing.T) {
	e := newTestEngine(t, nil)
	e.operations = newOperations(e.schema, e.operations.planning, cacheLimits{entries: 1024, bytes: 2 << 20, maxQueryBytes: 16 << 10, plans: 64})
	flood := func(from, to int) {
		for i := from; i < to; i++ {
			query := fmt.Sprintf(`query Q($id: Int!) { apartmentById(id: $id) { id a%d: name pictures { url } } }`, i)
			if _, err := e.operations.prepare(request("Q", query, `{"id":1}`)); err != nil {
				t.Fatal(err)
			}
			if e.operations.bytes > 2<<20 || e.operations.prepared.Len() > 1024 {
				t.Fatalf("after %d operations the cache holds %d of them, %d bytes", i, e.operations.prepared.Len(), e.operations.bytes)
			}
		}
	}
	flood(0, 2_000)
	before := heapInUse()
	flood(2_000, 6_000)
	after := heapInUse()
	if grown := int64(after) - int64(before); grown > 4<<20 {
		t.Errorf("4,000 more distinct operations grew the heap by %d bytes", grown)
	}
	t.Logf("cache: %d operations, %d bytes estimated; heap %d → %d bytes", e.operations.prepared.Len(), e.operations.bytes, before, after)
}

// TestPrepare_memoryPerKeptOperation_withinItsEstimate measures what kept operations really hold,
// so that the cache's byte limit is one.
func TestPrepare_memoryPerKeptOperation_withinItsEstimate(t *testing.T) {
	e := newTestEngine(t, nil)
	const n = 500
	var estimated int
	before := heapInUse()
	for i := range n {
		query := strings.Replace(bookApartment, "pricePerMonth", fmt.Sprintf("pricePerMonth a%d: name", i), 1)
		if _, err := e.operations.prepare(request("BookApartment", query, `{"aid":1,"sid":2}`)); err != nil {
			t.Fatal(err)
		}
	}
	after := heapInUse()
	estimated = e.operations.bytes
	perOperation := (int64(after) - int64(before)) / n
	t.Logf("a kept BookApartment holds %d bytes, estimated %d", perOperation, estimated/n)
	if perOperation > int64(estimated/n) {
		t.Errorf("a kept operation holds %d bytes, more than the %d estimated", perOperation, estimated/n)
	}
	runtime.KeepAlive(e)
}

func heapInUse() uint64 {
	runtime.GC()
	var stats runtime.MemStats
	runtime.ReadMemStats(&stats)
	return stats.HeapInuse
}

// TestExecute_concurrentRequestsOfAKeptOperation_eachGetsItsOwnAnswer runs one kept operation with
// different variables at the same time (run with -race: the kept preparation is only read).
func TestExecute_concurrentRequestsOfAKeptOperation_eachGetsItsOwnAnswer(t *testing.T) {
	t.Parallel()
	catalog := httptest.NewServer(http.HandlerFunc(echoApartmentID))
	t.Cleanup(catalog.Close)
	e := newTestEngine(t, map[string]string{"catalog": catalog.URL})
	var wg sync.WaitGroup
	for i := range 64 {
		wg.Go(func() {
			var out bytes.Buffer
			err := e.Execute(context.Background(), request("A", apartmentQuery, fmt.Sprintf(`{"id":%d}`, i)), &out)
			want := fmt.Sprintf(`{"data":{"apartmentById":{"id":%d,"name":"Apartment %d"}}}`, i, i)
			if err != nil || out.String() != want {
				t.Errorf("id %d: %v %s, want %s", i, err, out.String(), want)
			}
		})
	}
	wg.Wait()
}

const apartmentQuery = `query A($id: Int!) { apartmentById(id: $id) { id name } }`

// echoApartmentID answers the catalog's apartmentById with the id it was asked for.
func echoApartmentID(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var id int
	if i := bytes.Index(body, []byte(`"variables":{"a":`)); i >= 0 {
		_, _ = fmt.Sscanf(string(body[i+len(`"variables":{"a":`):]), "%d", &id)
	}
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"data":{"apartmentById":{"id":%d,"name":"Apartment %d"}}}`, id, id)
}

// BenchmarkExecute_variedVariables runs one operation with a different id each time, through the
// engine and a catalog that answers at once: the gateway's own CPU per varied request.
func BenchmarkExecute_variedVariables(b *testing.B) {
	catalog := httptest.NewServer(http.HandlerFunc(echoApartmentID))
	b.Cleanup(catalog.Close)
	e := newTestEngine(b, map[string]string{"catalog": catalog.URL})
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		var out bytes.Buffer
		if err := e.Execute(b.Context(), request("A", apartmentQuery, fmt.Sprintf(`{"id":%d}`, i%24)), &out); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPrepare_bookApartment_variedVariables is the step2 page's operation with random
// apartments up to the resolver: kept (the gateway now) and prepared anew (as before).
func BenchmarkPrepare_bookApartment_variedVariables(b *testing.B) {
	e := newTestEngine(b, nil)
	for _, kept := range []bool{true, false} {
		b.Run(map[bool]string{true: "kept", false: "anew"}[kept], func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				i++
				req := request("BookApartment", bookApartment, fmt.Sprintf(`{"aid":%d,"sid":%d}`, i%24, i%6))
				var err error
				if kept {
					_, err = e.operations.prepare(req)
				} else {
					_, err = e.operations.prepareAnew(req, "")
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
