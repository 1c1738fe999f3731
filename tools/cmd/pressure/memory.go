package main

import (
	"fmt"
	"slices"

	"semesterhaus/tools/internal/procfs"
	"semesterhaus/tools/internal/systemtest"
)

// goProcesses are the processes held to their Deployment's limit: the gateway and the services, each
// one process of its own (PostgreSQL's limit covers many processes that share memory, and NATS runs
// inside devstack here).
var goProcesses = []string{"gateway", "catalog", "renting", "renter", "document", "payment"}

// usage is one process's memory: resident now and at most since it started, and its limit.
type usage struct {
	name       string
	rssKB      int64
	peakKB     int64
	limitBytes int64
	goMemLimit string
	found      bool
}

type memory []usage

func measureMemory(stack *systemtest.Stack, l limits) memory {
	ours := procfs.Descendants(procfs.Read(), stack.PID())
	var m memory
	for _, name := range goProcesses {
		u := usage{name: name, limitBytes: l[name].bytes, goMemLimit: l[name].goMemLimit}
		for _, p := range ours {
			if p.Name != name {
				continue
			}
			u.found = true
			u.rssKB, u.peakKB = max(u.rssKB, p.RSSKB), max(u.peakKB, p.PeakKB)
		}
		m = append(m, u)
	}
	return m
}

// within tells whether the process's peak stayed under its limit.
func (u usage) within() bool { return u.found && u.limitBytes > 0 && u.peakKB*1024 <= u.limitBytes }

// over names the processes that passed their limit, had none, or were not found.
func (m memory) over() []string {
	var names []string
	for _, u := range m {
		if !u.within() {
			names = append(names, u.name)
		}
	}
	return slices.Clip(names)
}

func (u usage) String() string {
	return fmt.Sprintf("%s: peak %d MB of %d MB", u.name, u.peakKB/1024, u.limitBytes>>20)
}
