package main

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"time"

	"semesterhaus/tools/internal/docsection"
)

// section is the part of docs/reliability.md that this command writes.
var section = docsection.Section{Name: "pressure", Command: "make pressure"}

func newReport(opt options, phases []phase, m memory) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Measured %s on %d CPUs, %s, commit %s; every Go process with the GOMEMLIMIT of its Deployment (deploy/base).\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 MST"), runtime.NumCPU(), runtime.Version(), docsection.Commit())
	b.WriteString("| pressure | what happened | took |\n|---|---|---:|\n")
	for _, p := range phases {
		fmt.Fprintf(&b, "| %s | %s | %s |\n", p.name, p.outcome, p.took.Round(time.Second))
	}
	b.WriteString("\nMemory of each process afterwards (resident now, at most since it started) against its Deployment's limit:\n\n" +
		"| process | GOMEMLIMIT | resident | peak | limit | peak of limit | within |\n|---|---:|---:|---:|---:|---:|---|\n")
	for _, u := range m {
		if u.goMemLimit == strconv.FormatInt(u.limitBytes, 10) {
			u.goMemLimit = "the limit"
		}
		if !u.found {
			fmt.Fprintf(&b, "| %s | %s | – | – | %d MB | – | **not running** |\n", u.name, u.goMemLimit, u.limitBytes>>20)
			continue
		}
		within := "yes"
		if !u.within() {
			within = "**no**"
		}
		fmt.Fprintf(&b, "| %s | %s | %d MB | %d MB | %d MB | %.0f %% | %s |\n", u.name, u.goMemLimit, u.rssKB>>10, u.peakKB>>10, u.limitBytes>>20,
			100*float64(u.peakKB<<10)/float64(max(u.limitBytes, 1)), within)
	}
	return b.String()
}
