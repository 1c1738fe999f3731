package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"syscall"
	"time"

	"semesterhaus/tools/internal/faultproxy"
)

// fault is one entry of the schedule: processes killed with SIGKILL (at once), or a network fault
// on the way from the services to PostgreSQL, NATS or a service's gRPC port.
type fault struct {
	kill    []string // services, gateway, nats, postgres
	network string   // latency, reset or partition
	target  string   // postgres, nats or a service (its gRPC), for a network fault
}

func (f fault) String() string {
	if len(f.kill) > 0 {
		return "kill -9 " + strings.Join(f.kill, "+")
	}
	if f.target == "postgres" || f.target == "nats" {
		return f.network + " to " + f.target
	}
	return f.network + " to " + f.target + " gRPC"
}

// kind groups faults for the recovery times: what was killed or done, without which service.
func (f fault) kind() string {
	if len(f.kill) > 1 {
		return "kill two at once"
	}
	if len(f.kill) == 1 {
		switch f.kill[0] {
		case "gateway", "nats", "postgres":
			return "kill " + f.kill[0]
		}
		return "kill a service"
	}
	if f.target == "postgres" || f.target == "nats" {
		return f.String()
	}
	return f.network + " to gRPC"
}

func kills(names ...string) fault       { return fault{kill: names} }
func network(kind, target string) fault { return fault{network: kind, target: target} }

var services = []string{"catalog", "renting", "renter", "document", "payment"}

// schedules: reduced is make test's (a kill of each kind, two network faults), full is make chaos's
// (at least 20 kills and 10 network faults).
var schedules = map[string][]fault{
	"reduced": {
		kills("renting"), network("latency", "postgres"), kills("gateway"), kills("nats"),
		network("partition", "nats"), kills("postgres"), kills("document", "payment"),
	},
	"full": full(),
}

func full() []fault {
	var f []fault
	for round := range 2 {
		for _, s := range services {
			f = append(f, kills(s))
		}
		f = append(f, kills("gateway"), kills("nats"), kills("postgres"))
		f = append(f, network("latency", "postgres"), network("reset", "postgres"), network("partition", "postgres"),
			network("latency", "nats"), network("reset", "nats"), network("partition", "nats"),
			network("partition", "renter"), network("latency", "document"), network("reset", "catalog"))
		pairs := [][]string{{"renting", "renter"}, {"document", "payment"}, {"nats", "postgres"}}
		if round == 1 {
			pairs = [][]string{{"gateway", "renting"}, {"renter", "nats"}, {"payment", "postgres"}}
		}
		for _, p := range pairs {
			f = append(f, kills(p...))
		}
	}
	return f
}

// recovery is what one fault cost: the time from its end (the kill, or the fault's removal) until
// the system answers again and until the queues are empty again.
type recovery struct {
	fault           fault
	answer, drained time.Duration
	err             error
}

// runSchedule applies the faults one after the other while the load runs; each fault waits for the
// system to recover before the next. When the load ends first the rest of the schedule still runs,
// on an idle system.
func (s *system) runSchedule(ctx context.Context, schedule []fault, hold, gap time.Duration) []recovery {
	plan := make([]string, len(schedule))
	for i, f := range schedule {
		plan[i] = f.String()
	}
	logf("schedule: %s", strings.Join(plan, ", "))
	var results []recovery
	for i, f := range schedule {
		select {
		case <-ctx.Done():
			return results
		case <-time.After(gap): // the load runs undisturbed between faults
		}
		logf("fault %d/%d: %s", i+1, len(schedule), f)
		r := s.apply(ctx, f, hold)
		results = append(results, r)
		if r.err != nil {
			logf("fault %d: %v", i+1, r.err)
			continue
		}
		logf("fault %d: answers after %s, queues empty after %s", i+1, r.answer.Round(time.Millisecond), r.drained.Round(time.Millisecond))
	}
	return results
}

// recoveryLimit is how long the harness waits for the system to answer and drain after a fault.
const recoveryLimit = 3 * time.Minute

func (s *system) apply(ctx context.Context, f fault, hold time.Duration) recovery {
	r := recovery{fault: f}
	ended := time.Now() // a kill's recovery counts from the kill: restarting is part of it
	if len(f.kill) > 0 {
		r.err = s.kill(ctx, f.kill)
	} else {
		r.err = s.disturb(ctx, s.proxies[f.target], f.network, hold)
		ended = time.Now() // a network fault's from its removal
	}
	if r.err != nil {
		return r
	}
	back := func() bool {
		for _, name := range f.kill {
			if !s.ready(ctx, name) {
				return false
			}
		}
		return s.answers(ctx)
	}
	if err := s.WaitFor(ctx, recoveryLimit, "answer after "+f.String(), back); err != nil {
		r.err = err
		return r
	}
	r.answer = time.Since(ended)
	if _, err := s.waitDrained(ctx, recoveryLimit); err != nil {
		r.err = err
		return r
	}
	r.drained = time.Since(ended)
	return r
}

// kill sends SIGKILL to the processes at once; devstack starts the services, the gateway and NATS
// again (with its back-off), the harness PostgreSQL.
func (s *system) kill(ctx context.Context, names []string) error {
	children := s.children()
	for _, name := range names {
		if name == "postgres" {
			continue
		}
		pid, ok := children[name]
		if !ok {
			return fmt.Errorf("no running %s among devstack's children %v", name, children)
		}
		if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
			return fmt.Errorf("%s (%d): %w", name, pid, err)
		}
	}
	if slices.Contains(names, "postgres") {
		if err := s.killPostgres(); err != nil {
			return fmt.Errorf("postgres: %w", err)
		}
		if err := s.startPostgres(ctx); err != nil {
			return fmt.Errorf("postgres restart: %w", err)
		}
	}
	return nil
}

// disturb puts the network fault on the proxy for hold and removes it.
func (s *system) disturb(ctx context.Context, proxy *faultproxy.Proxy, kind string, hold time.Duration) error {
	switch kind {
	case "latency":
		proxy.Latency(200 * time.Millisecond)
	case "reset":
		// Resets again and again while the fault lasts: every connection made meanwhile is cut too.
		stop := time.Now().Add(hold)
		for time.Now().Before(stop) {
			proxy.Reset()
			time.Sleep(500 * time.Millisecond)
		}
	case "partition":
		proxy.Partition()
	default:
		return fmt.Errorf("unknown network fault %q", kind)
	}
	select {
	case <-ctx.Done():
	case <-time.After(hold):
	}
	proxy.Heal()
	return nil
}

// printRecoveries prints the recovery times by kind of fault: p50 and p99 until the system answers
// and until its queues are empty.
func printRecoveries(results []recovery) {
	byKind := map[string][]recovery{}
	var kinds []string
	failed := 0
	for _, r := range results {
		if r.err != nil {
			failed++
			continue
		}
		k := r.fault.kind()
		if _, ok := byKind[k]; !ok {
			kinds = append(kinds, k)
		}
		byKind[k] = append(byKind[k], r)
	}
	fmt.Printf("\nrecovery after each kind of fault (from the kill or the fault's removal; %d faults, %d without recovery):\n", len(results), failed)
	fmt.Printf("  %-26s %5s %22s %22s\n", "fault", "count", "answers p50 / p99", "queues empty p50 / p99")
	for _, k := range kinds {
		var answer, drained []time.Duration
		for _, r := range byKind[k] {
			answer, drained = append(answer, r.answer), append(drained, r.drained)
		}
		fmt.Printf("  %-26s %5d %10s / %-9s %10s / %-9s\n", k, len(byKind[k]),
			seconds(percentile(answer, 0.5)), seconds(percentile(answer, 0.99)),
			seconds(percentile(drained, 0.5)), seconds(percentile(drained, 0.99)))
	}
	fmt.Println()
}

func percentile(d []time.Duration, p float64) time.Duration {
	sorted := slices.Clone(d)
	slices.Sort(sorted)
	return sorted[int(p*float64(len(sorted)-1)+0.5)]
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.1f s", d.Seconds()) }
