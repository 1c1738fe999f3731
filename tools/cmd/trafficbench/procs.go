package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// clockTicks is the kernel's USER_HZ, the unit of the CPU times in /proc/<pid>/stat (100 on Linux).
const clockTicks = 100

// process is one process's CPU time so far and memory now.
type process struct {
	pid, parent int
	name        string
	cpuTicks    uint64 // user and system time
	rssKB       int64  // resident now
	peakKB      int64  // resident at most, since the process started
}

// readProcesses reads every process of the machine; processes that end while it reads are left out.
func readProcesses() map[int]process {
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	procs := make(map[int]process, len(dirs))
	for _, dir := range dirs {
		if p, ok := readProcess(dir); ok {
			procs[p.pid] = p
		}
	}
	return procs
}

func readProcess(dir string) (process, bool) {
	stat, err := os.ReadFile(filepath.Join(dir, "stat"))
	if err != nil {
		return process{}, false
	}
	// pid (comm) state ppid …: the name may hold spaces and parentheses, so split at the last ')'.
	open, end := bytes.IndexByte(stat, '('), bytes.LastIndexByte(stat, ')')
	if open < 0 || end < open {
		return process{}, false
	}
	fields := strings.Fields(string(stat[end+1:]))
	if len(fields) < 13 {
		return process{}, false
	}
	p := process{name: string(stat[open+1 : end])}
	p.pid, _ = strconv.Atoi(strings.TrimSpace(string(stat[:open])))
	p.parent, _ = strconv.Atoi(fields[1])
	user, _ := strconv.ParseUint(fields[11], 10, 64)
	system, _ := strconv.ParseUint(fields[12], 10, 64)
	p.cpuTicks = user + system
	status, err := os.ReadFile(filepath.Join(dir, "status"))
	if err == nil {
		p.rssKB = statusKB(status, "VmRSS:")
		p.peakKB = statusKB(status, "VmHWM:")
	}
	return p, true
}

func statusKB(status []byte, key string) int64 {
	for line := range strings.SplitSeq(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, key); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb
		}
	}
	return 0
}

// descendants are root and every process below it.
func descendants(procs map[int]process, root int) map[int]process {
	children := map[int][]int{}
	for _, p := range procs {
		children[p.parent] = append(children[p.parent], p.pid)
	}
	result := map[int]process{}
	queue := []int{root}
	for len(queue) > 0 {
		pid := queue[0]
		queue = queue[1:]
		if p, ok := procs[pid]; ok {
			result[pid] = p
		}
		queue = append(queue, children[pid]...)
	}
	return result
}

// group is the processes of one name (the gateway, a service, PostgreSQL's many) taken together.
type group struct {
	name      string
	processes int
	cpuTicks  uint64
	rssKB     int64 // the largest resident size of one of them
	peakKB    int64
}

// groupByName sums the processes' CPU times by name; memory is the largest single process's.
func groupByName(procs map[int]process) map[string]group {
	groups := map[string]group{}
	for _, p := range procs {
		g := groups[p.name]
		g.name = p.name
		g.processes++
		g.cpuTicks += p.cpuTicks
		g.rssKB = max(g.rssKB, p.rssKB)
		g.peakKB = max(g.peakKB, p.peakKB)
		groups[p.name] = g
	}
	return groups
}
