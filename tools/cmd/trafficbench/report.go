package main

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"semesterhaus/tools/internal/docsection"
)

// The processes of the system in the order the report lists them; others (e.g. a process of the
// machine with -url) are left out. devstack holds the embedded NATS server, node the mail catcher.
var reported = []string{"gateway", "catalog", "renting", "renter", "document", "payment", "postgres", "devstack", "node", "wrk"}

// services are held to the memory ceiling of issue 20.
var services = []string{"gateway", "catalog", "renting", "renter", "document", "payment"}

const memoryCeilingMB = 150

// section is the part of docs/benchmarks.md that this command writes.
var section = docsection.Section{Name: "trafficbench", Command: "make bench"}

func newReport(opt options, results []result, procs map[string]group) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Measured %s on %s, commit %s: %d connections, wrk with 2 threads on the same machine, "+
		"%d runs of %s per scenario after %s of warm-up; medians of the runs.\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 MST"), machine(), docsection.Commit(), opt.connections, opt.runs, opt.duration, opt.warmup)
	b.WriteString("| scenario | requests/s | p50 | p99 | failed | goal | met |\n|---|---:|---:|---:|---:|---|---|\n")
	for _, r := range results {
		fmt.Fprintf(&b, "| %s | %.0f | %.2f ms | %.2f ms | %d | %s | %s |\n",
			r.name, r.perSecond, ms(r.p50), ms(r.p99), r.failed, r.goal, r.met())
	}
	b.WriteString("\n")
	for _, r := range results {
		fmt.Fprintf(&b, "- **%s**: %s.\n", r.name, r.what)
	}
	b.WriteString("\nCPU time per request, by process (ms):\n\n| scenario |")
	for _, name := range reported {
		fmt.Fprintf(&b, " %s |", name)
	}
	b.WriteString("\n|---|" + strings.Repeat("---:|", len(reported)) + "\n")
	for _, r := range results {
		fmt.Fprintf(&b, "| %s |", r.name)
		for _, name := range reported {
			fmt.Fprintf(&b, " %.3f |", ms(r.cpuPerCall[name]))
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "\nMemory after all scenarios (resident now / at most since start; ceiling %d MB for the gateway and each service):\n\n"+
		"| process | processes | resident | peak | within the ceiling |\n|---|---:|---:|---:|---|\n", memoryCeilingMB)
	for _, name := range reported {
		g, ok := procs[name]
		if !ok {
			continue
		}
		within := "—"
		if slices.Contains(services, name) {
			within = verdict(g.peakKB <= memoryCeilingMB*1024)
		}
		fmt.Fprintf(&b, "| %s | %d | %.0f MB | %.0f MB | %s |\n", name, g.processes, mb(g.rssKB), mb(g.peakKB), within)
	}
	return b.String()
}

func (g goal) String() string {
	if g.perSecond == 0 {
		return "—"
	}
	s := fmt.Sprintf("≥ %.0f/s, p99 ≤ %s, no failures", g.perSecond, g.p99)
	if g.gatewayCPU > 0 {
		s += fmt.Sprintf(", gateway ≤ %.2f ms CPU", ms(g.gatewayCPU))
	}
	return s
}

// met says whether the result meets its goal, or "—" when it has none.
func (r result) met() string {
	if r.goal.perSecond == 0 {
		return "—"
	}
	return verdict(r.perSecond >= r.goal.perSecond && r.p99 <= r.goal.p99 && r.failed == 0 &&
		(r.goal.gatewayCPU == 0 || r.cpuPerCall["gateway"] <= r.goal.gatewayCPU))
}

func verdict(ok bool) string {
	if ok {
		return "yes"
	}
	return "**no**"
}

func mb(kb int64) float64 { return float64(kb) / 1024 }

func machine() string {
	model := "unknown CPU"
	if info, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for line := range strings.SplitSeq(string(info), "\n") {
			if rest, ok := strings.CutPrefix(line, "model name"); ok {
				model = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), ":"))
				break
			}
		}
	}
	return fmt.Sprintf("%d CPUs (%s), %s", runtime.NumCPU(), model, runtime.Version())
}

// newComparisonReport is the side-by-side table of a comparison (-compare).
func newComparisonReport(opt options, routers [2]router, comparisons []comparison, loadAverages []float64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Measured %s on %s, commit %s: the gateway (ours) and %s on the same system, %d connections, "+
		"wrk with 2 threads on the same machine, %d runs of %s per router and scenario, the two routers' runs "+
		"alternating, after %s of warm-up each; medians of the runs, and the ratios medians of each round's pair of runs. Before the runs, both routers gave the same "+
		"data without errors to every request of every scenario. The machine's load average at the runs' starts: %s "+
		"(on %d CPUs; it is shared, so compare the routers with each other, not with the goals).\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 MST"), machine(), docsection.Commit(), routers[1].name, opt.connections,
		opt.runs, opt.duration, opt.warmup, spread(loadAverages), runtime.NumCPU())
	fmt.Fprintf(&b, "| scenario | router | requests/s | p50 | p99 | failed | router CPU per request | resident (peak) after | ours ÷ %[1]s (requests/s) | %[1]s ÷ ours (CPU per request) |\n"+
		"|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n", routers[1].name)
	for _, c := range comparisons {
		for i, r := range c.results {
			name, ratios := c.name, fmt.Sprintf(" **%.2f×** | **%.2f×** |", c.perSecondRatio, c.cpuRatio)
			if i > 0 {
				name, ratios = "", " | |"
			}
			fmt.Fprintf(&b, "| %s | %s | %.0f | %.2f ms | %.2f ms | %d | %.3f ms | %.0f MB (%.0f MB) |%s\n",
				name, routers[i].name, r.perSecond, ms(r.p50), ms(r.p99), r.failed, ms(r.cpuPerCall), mb(r.rssKB), mb(r.peakKB), ratios)
		}
	}
	b.WriteString("\n")
	for _, c := range comparisons {
		fmt.Fprintf(&b, "- **%s**: %s.\n", c.name, c.what)
	}
	return b.String()
}

func ratio(a, b time.Duration) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// spread is the range of values, e.g. "2.1–4.3".
func spread(values []float64) string {
	if len(values) == 0 {
		return "unknown"
	}
	return fmt.Sprintf("%.1f–%.1f", slices.Min(values), slices.Max(values))
}
