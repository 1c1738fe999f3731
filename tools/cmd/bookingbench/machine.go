package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// cpuTimes are the machine's CPU times since boot from /proc/stat, in clock ticks. On a shared
// virtual machine, the time the hypervisor gave to other guests (steal) explains why runs of the
// same code differ: every stolen percent is missing from the system under test.
type cpuTimes struct {
	busy, steal, total uint64
}

// readCPUTimes reads the first line of /proc/stat; ok is false where there is none (not Linux).
func readCPUTimes() (times cpuTimes, ok bool) {
	f, err := os.Open("/proc/stat")
	if err != nil {
		return cpuTimes{}, false
	}
	defer f.Close()
	line, err := bufio.NewReader(f).ReadString('\n')
	if err != nil {
		return cpuTimes{}, false
	}
	// cpu user nice system idle iowait irq softirq steal …
	fields := strings.Fields(line)
	if len(fields) < 9 || fields[0] != "cpu" {
		return cpuTimes{}, false
	}
	var ticks [8]uint64
	for i := range ticks {
		if ticks[i], err = strconv.ParseUint(fields[i+1], 10, 64); err != nil {
			return cpuTimes{}, false
		}
		times.total += ticks[i]
	}
	const user, nice, system, irq, softirq, steal = 0, 1, 2, 5, 6, 7
	times.busy = ticks[user] + ticks[nice] + ticks[system] + ticks[irq] + ticks[softirq]
	times.steal = ticks[steal]
	return times, true
}

// machineLoad measures the machine's CPU while a phase runs.
type machineLoad struct {
	start cpuTimes
	ok    bool
}

func measureMachine() machineLoad {
	start, ok := readCPUTimes()
	return machineLoad{start: start, ok: ok}
}

// String says how busy the machine was since measureMachine and how much the hypervisor took.
func (m machineLoad) String() string {
	end, ok := readCPUTimes()
	total := end.total - m.start.total
	if !m.ok || !ok || total == 0 {
		return "machine: CPU times not available"
	}
	percent := func(ticks uint64) float64 { return 100 * float64(ticks) / float64(total) }
	return fmt.Sprintf("machine: %.0f %% of its CPUs busy, %.0f %% stolen by the hypervisor",
		percent(end.busy-m.start.busy), percent(end.steal-m.start.steal))
}
