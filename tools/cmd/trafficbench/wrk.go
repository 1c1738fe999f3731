package main

import (
	"context"
	_ "embed"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

//go:embed varied.lua
var variedScript []byte

// load is what wrk measured in one run.
type load struct {
	requests     int
	duration     time.Duration
	p50, p99     time.Duration
	failed       int // answers that were not HTTP 200 with data and without errors
	socketErrors int
}

func (l load) perSecond() float64 { return float64(l.requests) / l.duration.Seconds() }

var resultLine = regexp.MustCompile(`RESULT requests=(\d+) duration_us=(\d+) p50_us=(\d+) p99_us=(\d+) failed=(\d+) socket_errors=(\d+)`)

// runWrk sends the bodies (and, when there are any, each with the headers of a random one of the
// users) to url for duration over connections with two threads, as wrk runs on a 2-core machine
// beside the system.
// It returns wrk's own CPU time too.
func runWrk(ctx context.Context, dir, url string, duration time.Duration, connections int, bodies, users []string) (load, time.Duration, error) {
	script := filepath.Join(dir, "varied.lua")
	if err := os.WriteFile(script, variedScript, 0o600); err != nil {
		return load{}, 0, err
	}
	args := []string{"--threads", "2", "--connections", strconv.Itoa(connections), "--duration", duration.String(),
		"--timeout", "5s", "--script", script, url, "--"}
	for i, lines := range [][]string{bodies, users} { // the script's arguments, in this order
		if len(lines) == 0 {
			continue
		}
		file := filepath.Join(dir, fmt.Sprintf("lines-%d", i))
		if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
			return load{}, 0, err
		}
		args = append(args, file)
	}
	cmd := exec.CommandContext(ctx, "wrk", args...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return load{}, 0, fmt.Errorf("wrk (Debian: apt-get install wrk): %w\n%s", err, out)
	}
	m := resultLine.FindSubmatch(out)
	if m == nil {
		return load{}, 0, fmt.Errorf("wrk printed no result:\n%s", out)
	}
	n := func(i int) int { v, _ := strconv.Atoi(string(m[i])); return v }
	return load{
		requests: n(1), duration: time.Duration(n(2)) * time.Microsecond,
		p50: time.Duration(n(3)) * time.Microsecond, p99: time.Duration(n(4)) * time.Microsecond,
		failed: n(5), socketErrors: n(6),
	}, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), nil
}
