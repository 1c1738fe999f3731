package engine

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/wundergraph/graphql-go-tools/execution/graphql"
)

const tokenHeader = "X-Identity-Token"

func queryAs(token string) *graphql.Request {
	req := &graphql.Request{Query: "{ building { id } }"}
	req.SetHeader(http.Header{tokenHeader: {token}})
	return req
}

// runConcurrently starts one run per request while the first executions are held back, and lets
// them go once every run has started.
func runConcurrently(t *testing.T, q *inflightQueries, requests []*graphql.Request, execute func(context.Context, *graphql.Request, *bytes.Buffer) error) []string {
	t.Helper()
	release := make(chan struct{})
	held := func(ctx context.Context, req *graphql.Request, out *bytes.Buffer) error {
		<-release
		return execute(ctx, req, out)
	}
	responses := make([]string, len(requests))
	var started sync.WaitGroup
	var done sync.WaitGroup
	for i, req := range requests {
		started.Add(1)
		done.Go(func() {
			started.Done()
			var out bytes.Buffer
			_ = q.run(t.Context(), req, &out, held)
			responses[i] = out.String()
		})
	}
	started.Wait()
	time.Sleep(20 * time.Millisecond) // the few instructions from started.Done to joining the flight
	close(release)
	done.Wait()
	return responses
}

func TestInflightQueries_identicalQueriesShareOneExecution(t *testing.T) {
	t.Parallel()
	q := &inflightQueries{forwardHeaders: []string{tokenHeader}}
	var executions atomic.Int32
	execute := func(_ context.Context, req *graphql.Request, out *bytes.Buffer) error {
		executions.Add(1)
		out.WriteString(`{"data":"for ` + req.InternalRequest().Header.Get(tokenHeader) + `"}`)
		return nil
	}
	requests := []*graphql.Request{queryAs("anonymous"), queryAs("anonymous"), queryAs("anonymous"), queryAs("admin")}
	responses := runConcurrently(t, q, requests, execute)

	if executions.Load() != 2 {
		t.Errorf("%d executions, want 2: one per identity", executions.Load())
	}
	want := []string{`{"data":"for anonymous"}`, `{"data":"for anonymous"}`, `{"data":"for anonymous"}`, `{"data":"for admin"}`}
	for i := range want {
		if responses[i] != want[i] {
			t.Errorf("response %d = %s, want %s", i, responses[i], want[i])
		}
	}
}

func TestInflightQueries_sharedFailure_eachRunsAgainAlone(t *testing.T) {
	t.Parallel()
	q := &inflightQueries{forwardHeaders: []string{tokenHeader}}
	var executions atomic.Int32
	execute := func(_ context.Context, _ *graphql.Request, out *bytes.Buffer) error {
		if executions.Add(1) == 1 {
			return errors.New("the first one fails")
		}
		out.WriteString(`{"data":{}}`)
		return nil
	}
	responses := runConcurrently(t, q, []*graphql.Request{queryAs("a"), queryAs("a"), queryAs("a")}, execute)
	succeeded := 0
	for _, response := range responses {
		if response == `{"data":{}}` {
			succeeded++
		}
	}
	if succeeded != 2 || executions.Load() != 3 {
		t.Errorf("%d of 3 succeeded after %d executions; want the two that waited to run again alone", succeeded, executions.Load())
	}
}

func TestInflightQueries_panicBecomesAnError(t *testing.T) {
	t.Parallel()
	q := &inflightQueries{}
	err := q.run(t.Context(), queryAs("a"), &bytes.Buffer{}, func(context.Context, *graphql.Request, *bytes.Buffer) error {
		panic("engine bug")
	})
	if err == nil {
		t.Error("a panicking execution returned no error")
	}
}

func TestInflightQueries_sharedFailure_aWaiterWhoseClientLeftRunsNotAgain(t *testing.T) {
	t.Parallel()
	q := &inflightQueries{}
	leading := make(chan struct{})
	release := make(chan struct{})
	var executions atomic.Int32
	execute := func(context.Context, *graphql.Request, *bytes.Buffer) error {
		executions.Add(1)
		close(leading)
		<-release
		return errors.New("the leader's client went away")
	}
	go func() { _ = q.run(t.Context(), queryAs("a"), &bytes.Buffer{}, execute) }()
	<-leading
	left, leave := context.WithCancel(t.Context())
	waited := make(chan error)
	go func() { waited <- q.run(left, queryAs("a"), &bytes.Buffer{}, execute) }()
	time.Sleep(20 * time.Millisecond) // the waiter joins the flight
	leave()
	close(release)
	if err := <-waited; !errors.Is(err, context.Canceled) || executions.Load() != 1 {
		t.Errorf("waiter = %v after %d executions; want its own cancellation and no second execution", err, executions.Load())
	}
}
