package main

import "semesterhaus/tools/internal/procfs"

// group is the processes of one name (the gateway, a service, PostgreSQL's many) taken together.
type group struct {
	name      string
	processes int
	cpuTicks  uint64
	rssKB     int64 // the largest resident size of one of them
	peakKB    int64
}

// groupByName sums the processes' CPU times by name; memory is the largest single process's.
func groupByName(procs map[int]procfs.Process) map[string]group {
	groups := map[string]group{}
	for _, p := range procs {
		g := groups[p.Name]
		g.name = p.Name
		g.processes++
		g.cpuTicks += p.CPUTicks
		g.rssKB = max(g.rssKB, p.RSSKB)
		g.peakKB = max(g.peakKB, p.PeakKB)
		groups[p.Name] = g
	}
	return groups
}
