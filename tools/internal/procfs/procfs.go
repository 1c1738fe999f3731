// Package procfs reads the machine's processes from /proc (Linux): what the tools that run the whole
// system (the fault harness, the traffic benchmark) need to find, measure and kill its processes.
package procfs

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// ClockTicks is the kernel's USER_HZ, the unit of the CPU times in /proc/<pid>/stat (100 on Linux).
const ClockTicks = 100

// Process is one process: who it is, its CPU time so far and its memory now.
type Process struct {
	PID, Parent int
	Name        string   // the kernel's name of it (comm, at most 15 characters)
	Args        []string // its command line
	CPUTicks    uint64   // user and system time
	RSSKB       int64    // resident now
	PeakKB      int64    // resident at most, since the process started
}

// Read reads every process of the machine; processes that end while it reads are left out.
func Read() map[int]Process {
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	procs := make(map[int]Process, len(dirs))
	for _, dir := range dirs {
		if p, ok := read(dir); ok {
			procs[p.PID] = p
		}
	}
	return procs
}

func read(dir string) (Process, bool) {
	stat, err := os.ReadFile(filepath.Join(dir, "stat"))
	if err != nil {
		return Process{}, false
	}
	// pid (comm) state ppid …: the name may hold spaces and parentheses, so split at the last ')'.
	open, end := bytes.IndexByte(stat, '('), bytes.LastIndexByte(stat, ')')
	if open < 0 || end < open {
		return Process{}, false
	}
	fields := strings.Fields(string(stat[end+1:]))
	if len(fields) < 13 {
		return Process{}, false
	}
	p := Process{Name: string(stat[open+1 : end])}
	p.PID, _ = strconv.Atoi(strings.TrimSpace(string(stat[:open])))
	p.Parent, _ = strconv.Atoi(fields[1])
	user, _ := strconv.ParseUint(fields[11], 10, 64)
	system, _ := strconv.ParseUint(fields[12], 10, 64)
	p.CPUTicks = user + system
	if cmdline, err := os.ReadFile(filepath.Join(dir, "cmdline")); err == nil && len(cmdline) > 0 {
		p.Args = strings.Split(strings.TrimRight(string(cmdline), "\x00"), "\x00")
	}
	if status, err := os.ReadFile(filepath.Join(dir, "status")); err == nil {
		p.RSSKB = statusKB(status, "VmRSS:")
		p.PeakKB = statusKB(status, "VmHWM:")
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

// Children are the processes whose parent is pid.
func Children(procs map[int]Process, pid int) []Process {
	var children []Process
	for _, p := range procs {
		if p.Parent == pid {
			children = append(children, p)
		}
	}
	return children
}

// Descendants are root and every process below it.
func Descendants(procs map[int]Process, root int) map[int]Process {
	result := map[int]Process{}
	queue := []int{root}
	for len(queue) > 0 {
		pid := queue[0]
		queue = queue[1:]
		if p, ok := procs[pid]; ok {
			result[pid] = p
		}
		for _, child := range Children(procs, pid) {
			queue = append(queue, child.PID)
		}
	}
	return result
}

// listenState is the state of a listening socket in /proc/net/tcp (TCP_LISTEN).
const listenState = "0A"

// Listening is the process that listens on the TCP port (IPv4 or IPv6), or 0 when this user can see
// none: how a tool finds a server it did not start, e.g. a router to compare with, by its address.
func Listening(port int) int {
	inodes := map[string]bool{}
	for _, table := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		if text, err := os.ReadFile(table); err == nil {
			for _, inode := range listeningInodes(string(text), port) {
				inodes["socket:["+inode+"]"] = true
			}
		}
	}
	if len(inodes) == 0 {
		return 0
	}
	fds, _ := filepath.Glob("/proc/[0-9]*/fd/*")
	for _, fd := range fds {
		if target, err := os.Readlink(fd); err == nil && inodes[target] {
			pid, _ := strconv.Atoi(strings.Split(fd, "/")[2])
			return pid
		}
	}
	return 0
}

// listeningInodes are the socket inodes of a /proc/net/tcp table's listening sockets on port:
// "sl local_address rem_address st … inode", the address as hex IP:hex port.
func listeningInodes(table string, port int) []string {
	var inodes []string
	want := fmt.Sprintf(":%04X", port)
	for line := range strings.SplitSeq(table, "\n") {
		fields := strings.Fields(line)
		if len(fields) < 10 || fields[3] != listenState || !strings.HasSuffix(fields[1], want) {
			continue
		}
		inodes = append(inodes, fields[9])
	}
	return inodes
}

// Of reads the one process pid, if it runs.
func Of(pid int) (Process, bool) {
	return read(filepath.Join("/proc", strconv.Itoa(pid)))
}
