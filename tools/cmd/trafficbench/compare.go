package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"time"

	"semesterhaus/platform/identity"
	"semesterhaus/tools/internal/docsection"
	"semesterhaus/tools/internal/procfs"
)

// compareSection is the part of docs/benchmarks.md that a comparison writes.
var compareSection = docsection.Section{Name: "trafficbench-compare", Command: "trafficbench -compare"}

// router is one of the two routers a comparison measures: the gateway and the other one.
type router struct {
	name     string
	endpoint string // its GraphQL endpoint
	pid      int    // the process listening on its port, whose CPU is counted
	// users are the header lines of a scenario's virtual users (see scenario.users) for this router,
	// made anew for each run.
	users func(sc scenario) ([]string, error)
}

// runComparison measures the gateway and the router at -compare alternately on the same scenarios,
// after checking that both answer them alike, and writes the comparison.
func runComparison(ctx context.Context, root, dir string, sys *system, scenarios []scenario, opt options) error {
	routers, err := comparedRouters(root, sys, opt)
	if err != nil {
		return err
	}
	for _, sc := range scenarios {
		if err := checkSameAnswers(ctx, routers, sc); err != nil {
			return fmt.Errorf("%s: %w", sc.name, err)
		}
	}
	fmt.Printf("both routers give the same answers; %s is process %d, %s process %d\n",
		routers[0].name, routers[0].pid, routers[1].name, routers[1].pid)
	var loadAverages []float64
	var comparisons []comparison
	for _, sc := range scenarios {
		c, err := compareOn(ctx, dir, routers, sc, opt, &loadAverages)
		if err != nil {
			return fmt.Errorf("%s: %w", sc.name, err)
		}
		comparisons = append(comparisons, c)
	}
	report := newComparisonReport(opt, routers, comparisons, loadAverages)
	fmt.Println(report)
	if opt.docs == "" {
		return nil
	}
	return compareSection.Write(filepath.Join(root, opt.docs), report)
}

// comparedRouters are the gateway (its administrators signed in) and the router at -compare (its
// administrators carrying identity tokens signed with the gateway's key of the measured system).
func comparedRouters(root string, sys *system, opt options) ([2]router, error) {
	keyFile := opt.identityKey
	if keyFile == "" {
		if sys.stack == nil {
			return [2]router{}, errors.New("-compare with -url needs -identity-key, the measured gateway's signing key")
		}
		keyFile = filepath.Join(sys.stack.Data, "identity", "ed25519.seed") // where devstack keeps it
	}
	if life := opt.duration + time.Minute; life > identity.MaxTokenLifetime {
		return [2]router{}, fmt.Errorf("-compare measures runs of at most %s: its identity tokens last a run and a minute, and subgraphs take none over %s", identity.MaxTokenLifetime-time.Minute, identity.MaxTokenLifetime)
	}
	minter, err := newTokenMinter(keyFile, filepath.Join(root, "gateway", "schema", "config.json"))
	if err != nil {
		return [2]router{}, err
	}
	ours := router{name: "ours", endpoint: sys.url + "/api/graphql",
		users: func(sc scenario) ([]string, error) { return sc.users, nil }}
	other := router{name: opt.compareName, endpoint: strings.TrimSuffix(opt.compare, "/") + "/api/graphql",
		users: func(sc scenario) ([]string, error) {
			if len(sc.admins) == 0 {
				return nil, nil
			}
			// Valid through a run and its start; the verifiers take at most identity.MaxTokenLifetime.
			return minter.headers(sc.admins, opt.duration+time.Minute)
		}}
	routers := [2]router{ours, other}
	for i, r := range routers {
		if routers[i].pid, err = listeningProcess(r.endpoint); err != nil {
			return [2]router{}, fmt.Errorf("%s: %w", r.name, err)
		}
	}
	return routers, nil
}

// listeningProcess is the process that serves endpoint on this machine.
func listeningProcess(endpoint string) (int, error) {
	u, err := url.Parse(endpoint)
	if err != nil {
		return 0, err
	}
	port, err := strconv.Atoi(u.Port())
	if err != nil {
		return 0, fmt.Errorf("%s names no port", endpoint)
	}
	pid := procfs.Listening(port)
	if pid == 0 {
		return 0, fmt.Errorf("no process of this user listens on port %d", port)
	}
	return pid, nil
}

// checkSameAnswers sends every request of the scenario, as its first virtual user, to both routers
// and refuses answers with errors, without data, or with different data.
func checkSameAnswers(ctx context.Context, routers [2]router, sc scenario) error {
	var users [2][]string
	for i, r := range routers {
		var err error
		if users[i], err = r.users(sc); err != nil {
			return err
		}
	}
	for _, body := range sc.bodies {
		var answers [2]any
		for i, r := range routers {
			headers := http.Header{}
			if len(users[i]) > 0 {
				headers = parseHeaders(users[i][0])
			}
			data, err := answer(ctx, r.endpoint, body, headers)
			if err != nil {
				return fmt.Errorf("%s, %s: %w", r.name, body, err)
			}
			answers[i] = data
		}
		if !reflect.DeepEqual(answers[0], answers[1]) {
			return fmt.Errorf("the routers' answers to %s differ:\n%s: %v\n%s: %v", body, routers[0].name, answers[0], routers[1].name, answers[1])
		}
	}
	return nil
}

// answer posts one GraphQL request and returns its data, or an error when the answer has errors or
// no data.
func answer(ctx context.Context, endpoint, body string, headers http.Header) (any, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header = headers
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	var got struct {
		Data   any
		Errors json.RawMessage
	}
	if err := json.Unmarshal(raw, &got); err != nil || resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("HTTP %d: %s", resp.StatusCode, bytes.TrimSpace(raw))
	}
	if len(got.Errors) > 0 || got.Data == nil {
		return nil, fmt.Errorf("an answer with errors or without data: %s", bytes.TrimSpace(raw))
	}
	return got.Data, nil
}

// comparison is a scenario measured on both routers.
type comparison struct {
	scenario
	results [2]routerResult
	// The ratios are medians over the pairs of runs (ours and the other's run of the same round, one
	// right after the other), so that a change in the machine's load between rounds does not tilt them.
	perSecondRatio float64 // ours ÷ the other's requests/s
	cpuRatio       float64 // the other's ÷ our CPU per request
}

// routerResult is one router's medians over its runs of a scenario.
type routerResult struct {
	perSecond  float64
	p50, p99   time.Duration
	failed     int
	cpuPerCall time.Duration // the router process's, per request
	rssKB      int64         // its resident size after the scenario
	peakKB     int64
}

// compareOn warms both routers up, then alternates their runs (ours first in even runs, the other
// first in odd ones), so that a change in the machine's load falls on both alike. It appends the
// machine's load average at the start of each run to loadAverages.
func compareOn(ctx context.Context, dir string, routers [2]router, sc scenario, opt options, loadAverages *[]float64) (comparison, error) {
	for _, r := range routers {
		users, err := r.users(sc)
		if err != nil {
			return comparison{}, err
		}
		if _, _, err := runWrk(ctx, dir, r.endpoint, opt.warmup, opt.connections, sc.bodies, users); err != nil {
			return comparison{}, err
		}
	}
	var loads [2][]load
	var cpu [2][]time.Duration
	for run := range opt.runs {
		for k := range routers {
			i := (k + run) % 2
			*loadAverages = append(*loadAverages, loadAverage())
			l, spent, err := measureRouter(ctx, dir, routers[i], sc, opt)
			if err != nil {
				return comparison{}, fmt.Errorf("%s: %w", routers[i].name, err)
			}
			loads[i] = append(loads[i], l)
			cpu[i] = append(cpu[i], spent/time.Duration(max(l.requests, 1)))
			fmt.Printf("%-14s %-20s %7.0f requests/s  p50 %6.2f ms  p99 %6.2f ms  failed %d  CPU %.3f ms per request\n",
				sc.name, routers[i].name, l.perSecond(), ms(l.p50), ms(l.p99), l.failed+l.socketErrors, ms(cpu[i][len(cpu[i])-1]))
		}
	}
	c := comparison{scenario: sc}
	rounds := make([]int, opt.runs)
	for run := range rounds {
		rounds[run] = run
	}
	c.perSecondRatio = median(rounds, func(run int) float64 { return loads[0][run].perSecond() / loads[1][run].perSecond() })
	c.cpuRatio = median(rounds, func(run int) float64 { return ratio(cpu[1][run], cpu[0][run]) })
	for i, r := range routers {
		res := &c.results[i]
		res.perSecond = median(loads[i], func(l load) float64 { return l.perSecond() })
		res.p50 = time.Duration(median(loads[i], func(l load) float64 { return float64(l.p50) }))
		res.p99 = time.Duration(median(loads[i], func(l load) float64 { return float64(l.p99) }))
		res.cpuPerCall = time.Duration(median(cpu[i], func(d time.Duration) float64 { return float64(d) }))
		for _, l := range loads[i] {
			res.failed += l.failed + l.socketErrors
		}
		if p, ok := procfs.Of(r.pid); ok {
			res.rssKB, res.peakKB = p.RSSKB, p.PeakKB
		}
	}
	return c, nil
}

// measureRouter is one run against one router, and the CPU time its process spent meanwhile.
func measureRouter(ctx context.Context, dir string, r router, sc scenario, opt options) (load, time.Duration, error) {
	users, err := r.users(sc)
	if err != nil {
		return load{}, 0, err
	}
	before, ok := procfs.Of(r.pid)
	if !ok {
		return load{}, 0, fmt.Errorf("process %d has ended", r.pid)
	}
	l, _, err := runWrk(ctx, dir, r.endpoint, opt.duration, opt.connections, sc.bodies, users)
	if err != nil {
		return load{}, 0, err
	}
	after, ok := procfs.Of(r.pid)
	if !ok {
		return load{}, 0, fmt.Errorf("process %d has ended", r.pid)
	}
	return l, time.Duration(after.CPUTicks-before.CPUTicks) * time.Second / procfs.ClockTicks, nil
}

// loadAverage is the machine's load average over the last minute, or 0 when unknown.
func loadAverage() float64 {
	text, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	first, _, _ := strings.Cut(string(text), " ")
	v, _ := strconv.ParseFloat(first, 64)
	return v
}
