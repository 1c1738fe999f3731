// Command trafficbench measures the system under varied traffic, as browsers send it, and writes
// the result into docs/benchmarks.md (`make bench`).
//
// It starts the whole system as `make run` does (devstack with the binaries of `make build`, its own
// data directory and ports shifted by -port-offset), or measures the one at -url. Each scenario sends
// the web apps' own operations, read from their generated documents, with varied variables: the
// step1 page's query, the step2 page's query for a random apartment, and the admin overview for a
// random semester with a random one of -connections signed-in administrators, so that sharing
// identical in-flight requests cannot help. wrk (two threads) sends them; per scenario it reports
// requests/s, p50 and p99 (medians of -runs runs), the CPU time per request of every process of the
// system and of wrk, and the memory of each process afterwards, against the goals of issue 20.
//
// With -compare it measures another router serving the same subgraphs and composed config (Cosmo
// Router in docs/benchmarks.md) side by side with the gateway instead: it checks that both give the
// same answers, then alternates their runs and reports each router process's CPU per request. The
// other router has no sign-in, so its administrators send the identity tokens the gateway would have
// signed for them (identities.go), which its header rules must forward to the subgraphs.
//
// Usage: go run ./tools/cmd/trafficbench [-duration 15s] [-runs 3] [-connections 32] [-port-offset 600]
// [-url http://localhost:8080 -admins name:password,...] [-docs docs/benchmarks.md]
// [-compare http://127.0.0.1:9788 -compare-name "Cosmo Router" [-identity-key FILE]]
package main

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"semesterhaus/platform/workspace"
	"semesterhaus/tools/internal/procfs"
	"semesterhaus/tools/internal/systemtest"
)

type options struct {
	duration    time.Duration
	warmup      time.Duration
	runs        int
	connections int
	offset      int
	url         string
	admins      string
	docs        string
	compare     string
	compareName string
	identityKey string
}

func main() {
	var opt options
	flag.DurationVar(&opt.duration, "duration", 15*time.Second, "length of one measured run")
	flag.DurationVar(&opt.warmup, "warmup", 5*time.Second, "load sent before each scenario's runs, not measured")
	flag.IntVar(&opt.runs, "runs", 3, "measured runs per scenario; the report gives their medians")
	flag.IntVar(&opt.connections, "connections", 32, "connections wrk keeps open; also the number of distinct administrators")
	flag.IntVar(&opt.offset, "port-offset", 600, "added to every port of the system this command starts")
	flag.StringVar(&opt.url, "url", "", "measure the system at this gateway instead of starting one (CPU is then counted by process name machine-wide)")
	flag.StringVar(&opt.admins, "admins", "admin:admin", "with -url: administrators to sign in as, name:password,...")
	flag.StringVar(&opt.docs, "docs", "docs/benchmarks.md", "file whose trafficbench section (with -compare: trafficbench-compare section) gets the report (empty: print only)")
	flag.StringVar(&opt.compare, "compare", "", "measure the router at this URL (GraphQL at /api/graphql, on the same subgraphs) side by side with the gateway")
	flag.StringVar(&opt.compareName, "compare-name", "the other router", "with -compare: the other router's name in the report")
	flag.StringVar(&opt.identityKey, "identity-key", "", "with -compare: the gateway's signing key (base64 seed; default: the started system's)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, opt); err != nil {
		fmt.Fprintln(os.Stderr, "trafficbench:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, opt options) error {
	root, err := workspace.Root()
	if err != nil {
		return err
	}
	ops, err := loadOperations(filepath.Join(root, "web-public/src/graphql/gql.ts"), filepath.Join(root, "web-admin/src/graphql/gql.ts"))
	if err != nil {
		return err
	}
	sys, err := startSystem(ctx, root, opt)
	if err != nil {
		return err
	}
	defer sys.stop()
	scenarios, err := buildScenarios(ctx, sys, ops)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "trafficbench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if opt.compare != "" {
		return runComparison(ctx, root, dir, sys, scenarios, opt)
	}
	var results []result
	for _, sc := range scenarios {
		r, err := measure(ctx, dir, sys, sc, opt)
		if err != nil {
			return fmt.Errorf("%s: %w", sc.name, err)
		}
		results = append(results, r)
		fmt.Printf("%-14s %7.0f requests/s  p50 %6.2f ms  p99 %6.2f ms  failed %d\n",
			sc.name, r.perSecond, ms(r.p50), ms(r.p99), r.failed)
	}
	report := newReport(opt, results, sys.processes())
	fmt.Println(report)
	if opt.docs == "" {
		return nil
	}
	return section.Write(filepath.Join(root, opt.docs), report)
}

// system is the measured system: one this command started, or one at a URL.
type system struct {
	url    string
	stack  *systemtest.Stack  // nil when measuring a system at -url
	admins []*systemtest.Site // signed in, one per administrator
	// adminNames are their user names, in the same order.
	adminNames []string
}

func startSystem(ctx context.Context, root string, opt options) (*system, error) {
	sys := &system{url: strings.TrimSuffix(opt.url, "/")}
	logins := parseLogins(opt.admins)
	if opt.url == "" {
		accounts, benchAdmins, err := adminAccounts(opt.connections)
		if err != nil {
			return nil, err
		}
		sys.stack, err = systemtest.StartStack(systemtest.StackOptions{
			Root: root, Data: filepath.Join(root, ".data", fmt.Sprintf("bench-%d", opt.offset)), Offset: opt.offset,
			Env: []string{"ADMIN_ACCOUNTS=" + accounts},
		})
		if err != nil {
			return nil, err
		}
		fmt.Printf("starting the system (devstack's log: %s)\n", sys.stack.Log)
		if err := sys.stack.WaitReady(ctx, 3*time.Minute); err != nil {
			sys.stop()
			return nil, err
		}
		sys.url, logins = sys.stack.Gateway, benchAdmins
	}
	for _, l := range logins {
		admin := systemtest.NewSite(sys.url, "")
		if err := admin.SignIn(ctx, l.name, l.password); err != nil {
			sys.stop()
			return nil, err
		}
		sys.admins = append(sys.admins, admin)
		sys.adminNames = append(sys.adminNames, l.name)
	}
	return sys, nil
}

func (s *system) stop() {
	if s.stack != nil {
		s.stack.Stop()
	}
}

// sessions are the administrators' sessions as header lines (see scenario.users): their Cookie headers.
func (s *system) sessions() []string {
	lines := make([]string, len(s.admins))
	for i, admin := range s.admins {
		lines[i] = "Cookie: " + admin.Cookie()
	}
	return lines
}

// processes are the system's processes: those below the devstack this command started and below
// its PostgreSQL server (which runs detached from it), or with -url every process of the machine
// (named as the system's are).
func (s *system) processes() map[string]group {
	procs := procfs.Read()
	if s.stack == nil {
		return groupByName(procs)
	}
	ours := procfs.Descendants(procs, s.stack.PID())
	if postmaster, err := s.stack.PostmasterPID(); err == nil {
		maps.Copy(ours, procfs.Descendants(procs, postmaster))
	}
	return groupByName(ours)
}

func parseLogins(spec string) []login {
	var logins []login
	for entry := range strings.SplitSeq(spec, ",") {
		if name, password, ok := strings.Cut(strings.TrimSpace(entry), ":"); ok {
			logins = append(logins, login{name: name, password: password})
		}
	}
	return logins
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
