package main

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"semesterhaus/tools/internal/procfs"
	"semesterhaus/tools/internal/systemtest"
)

// scenario is one kind of page load: the requests it varies over, who sends them, and its goal.
type scenario struct {
	name   string
	what   string
	bodies []string // JSON GraphQL requests, one picked at random per request
	// users are the virtual users' request headers (varied.lua), one picked at random per request:
	// the signed-in administrators' session cookies; none for visitors.
	users []string
	// admins are the names of those administrators, for a router that takes their identity tokens
	// instead of sessions (-compare).
	admins []string
	goal   goal
}

// goal is what issue 20 asks of a scenario on a 2-core machine that also runs the load generator.
type goal struct {
	perSecond  float64
	p99        time.Duration
	gatewayCPU time.Duration // per request; 0 when the issue sets none
}

func buildScenarios(ctx context.Context, sys *system, ops operations) ([]scenario, error) {
	var site struct {
		Building struct {
			Floors []struct{ Apartments []struct{ ID int } }
		}
		BookableSemester struct{ ID int }
	}
	visitor := systemtest.NewSite(sys.url, "")
	if err := visitor.GraphQL(ctx, `{ building { floors { apartments { id } } } bookableSemester { id } }`, nil, &site); err != nil {
		return nil, err
	}
	var office struct{ Semesters []struct{ ID int } }
	if err := sys.admins[0].GraphQL(ctx, `{ semesters { id } }`, nil, &office); err != nil {
		return nil, err
	}
	var step1, step2, overview []string
	if err := addRequests(&step1, ops, "AvailableApartments", []map[string]any{nil}); err != nil {
		return nil, err
	}
	var apartments, semesters []map[string]any
	for _, f := range site.Building.Floors {
		for _, a := range f.Apartments {
			apartments = append(apartments, map[string]any{"aid": a.ID, "sid": site.BookableSemester.ID})
		}
	}
	for _, s := range office.Semesters {
		semesters = append(semesters, map[string]any{"semesterId": s.ID})
	}
	if err := addRequests(&step2, ops, "BookApartment", apartments); err != nil {
		return nil, err
	}
	if err := addRequests(&overview, ops, "ApartmentsPage", semesters); err != nil {
		return nil, err
	}
	return []scenario{
		{name: "step1", what: "the step1 page's `AvailableApartments` (the same for every visitor)", bodies: step1},
		{name: "step2", what: fmt.Sprintf("the step2 page's `BookApartment` for a random one of the %d apartments", len(apartments)),
			bodies: step2, goal: goal{perSecond: 3000, p99: 50 * time.Millisecond, gatewayCPU: 250 * time.Microsecond}},
		{name: "admin overview", what: fmt.Sprintf("the overview's `ApartmentsPage` for a random one of %d semesters, as a random one of %d administrators", len(semesters), len(sys.admins)),
			bodies: overview, users: sys.sessions(), admins: sys.adminNames, goal: goal{perSecond: 1000, p99: 100 * time.Millisecond}},
	}, nil
}

// addRequests adds one request of the named operation per set of variables.
func addRequests(bodies *[]string, ops operations, name string, variables []map[string]any) error {
	doc, err := ops.document(name)
	if err != nil {
		return err
	}
	if len(variables) == 0 {
		return fmt.Errorf("%s: nothing to vary over", name)
	}
	for _, v := range variables {
		body, err := json.Marshal(map[string]any{"operationName": name, "query": doc, "variables": v})
		if err != nil {
			return err
		}
		*bodies = append(*bodies, string(body))
	}
	return nil
}

// result is a scenario's medians over its runs.
type result struct {
	scenario
	perSecond   float64
	p50, p99    time.Duration
	failed      int
	cpuPerCall  map[string]time.Duration // by process name, per request
	connections int
}

func measure(ctx context.Context, dir string, sys *system, sc scenario, opt options) (result, error) {
	url := sys.url + "/api/graphql"
	if _, _, err := runWrk(ctx, dir, url, opt.warmup, opt.connections, sc.bodies, sc.users); err != nil {
		return result{}, err
	}
	var loads []load
	cpu := map[string][]time.Duration{}
	for range opt.runs {
		before := sys.processes()
		l, wrkCPU, err := runWrk(ctx, dir, url, opt.duration, opt.connections, sc.bodies, sc.users)
		if err != nil {
			return result{}, err
		}
		after := sys.processes()
		loads = append(loads, l)
		for name, g := range after {
			spent := time.Duration(g.cpuTicks-before[name].cpuTicks) * time.Second / procfs.ClockTicks
			cpu[name] = append(cpu[name], spent/time.Duration(max(l.requests, 1)))
		}
		cpu["wrk"] = append(cpu["wrk"], wrkCPU/time.Duration(max(l.requests, 1)))
	}
	r := result{scenario: sc, cpuPerCall: map[string]time.Duration{}, connections: opt.connections}
	r.perSecond = median(loads, func(l load) float64 { return l.perSecond() })
	r.p50 = time.Duration(median(loads, func(l load) float64 { return float64(l.p50) }))
	r.p99 = time.Duration(median(loads, func(l load) float64 { return float64(l.p99) }))
	for _, l := range loads {
		r.failed += l.failed + l.socketErrors
	}
	for name, spent := range cpu {
		r.cpuPerCall[name] = time.Duration(median(spent, func(d time.Duration) float64 { return float64(d) }))
	}
	return r, nil
}

func median[T any](xs []T, value func(T) float64) float64 {
	values := make([]float64, len(xs))
	for i, x := range xs {
		values[i] = value(x)
	}
	slices.Sort(values)
	return values[len(values)/2]
}
