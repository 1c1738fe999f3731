package engine

import (
	"bytes"
	"context"
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/wundergraph/graphql-go-tools/execution/graphql"
	"golang.org/x/sync/singleflight"
)

// inflightQueries lets identical queries that arrive while one of them runs share its response:
// the same operation text, operation name, variables and forwarded headers (the caller's identity
// token) ask the subgraphs the same questions, so they get the same answer. Popular pages are
// asked for in bursts; this keeps normalizing, planning and rendering to once per burst. Engine
// routers call it inbound request de-duplication. Mutations always run on their own.
type inflightQueries struct {
	group          singleflight.Group
	forwardHeaders []string
}

// run executes the query req through execute, or waits for an identical query already running and
// copies its response into out. The query that leads runs in its caller's goroutine (a goroutine of
// its own per query grew its stack anew each time: 8 % of the gateway's CPU under varied traffic);
// the queries waiting for it wait at most as long as it may run, the operation's timeout.
func (q *inflightQueries) run(ctx context.Context, req *graphql.Request, out *bytes.Buffer, execute func(context.Context, *graphql.Request, *bytes.Buffer) error) error {
	led := false // whether this caller's function ran, i.e. this query led the flight
	response, err, _ := q.group.Do(q.key(req), func() (response any, err error) {
		led = true
		// singleflight hands a panic on to every query waiting, each a request of its own: it
		// becomes this query's error instead.
		defer func() {
			if v := recover(); v != nil {
				response, err = []byte(nil), fmt.Errorf("panic while executing a query: %v\n%s", v, debug.Stack())
			}
		}()
		var out bytes.Buffer
		err = execute(ctx, req, &out)
		return out.Bytes(), err
	})
	if err != nil && !led {
		// The query it waited for failed, possibly for reasons of its own (its client went
		// away): run this one by itself, unless this one's client went away too.
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return execute(ctx, req, out)
	}
	out.Write(response.([]byte))
	return err
}

// key identifies what a query asks: everything that decides its response.
func (q *inflightQueries) key(req *graphql.Request) string {
	var key strings.Builder
	key.WriteString(req.OperationName)
	key.WriteByte(0)
	key.WriteString(req.Query)
	key.WriteByte(0)
	key.Write(req.Variables)
	header := req.InternalRequest().Header
	for _, name := range q.forwardHeaders {
		key.WriteByte(0)
		key.WriteString(header.Get(name))
	}
	return key.String()
}
