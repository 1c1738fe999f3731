// Command pressure (make pressure) puts the whole system under the pressures of a hostile day and
// holds every process's memory against its limit (docs/reliability.md, "Memory under pressure"):
//
//   - the hostile-upload corpus, posted side by side: pictures of the largest size allowed (25 MP,
//     as PNG and JPEG) and decompression bombs (headers that claim 100 MP), with booking requests to
//     the document service and as an administrator's apartment pictures to the catalog;
//   - a race of -contenders renters who confirm the same apartment at the same moment (exactly one
//     may win);
//   - a burst of the most expensive operation the gateway admits, from -connections clients at once
//     for -burst.
//
// It starts the system as make run does (its own data directory, ports shifted by -port-offset), with
// each Go process's GOMEMLIMIT set to the memory limit of its Deployment in deploy/base, as the
// cluster sets it, and afterwards compares each process's peak resident size (VmHWM) with that limit:
// the size at which Kubernetes would kill it. The report replaces the pressure section of -docs.
//
// Usage: go run ./tools/cmd/pressure [-contenders 500] [-connections 64] [-burst 20s] [-port-offset 700]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"semesterhaus/platform/workspace"
	"semesterhaus/tools/internal/systemtest"
)

type options struct {
	contenders  int
	uploads     int
	connections int
	burst       time.Duration
	offset      int
	docs        string
}

func main() {
	var opt options
	flag.IntVar(&opt.contenders, "contenders", 500, "renters who confirm the same apartment at once")
	flag.IntVar(&opt.uploads, "upload-rounds", 3, "rounds of the hostile-upload corpus, each posted side by side")
	flag.IntVar(&opt.connections, "connections", 64, "clients sending the expensive operation at once")
	flag.DurationVar(&opt.burst, "burst", 20*time.Second, "how long the expensive operations are sent")
	flag.IntVar(&opt.offset, "port-offset", 700, "added to every port of the system this command starts")
	flag.StringVar(&opt.docs, "docs", "docs/reliability.md", "file whose pressure section gets the report (empty: print only)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, opt); err != nil {
		fmt.Fprintln(os.Stderr, "pressure:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, opt options) error {
	root, err := workspace.Root()
	if err != nil {
		return err
	}
	limits, err := readLimits(filepath.Join(root, "deploy", "base"))
	if err != nil {
		return err
	}
	stack, err := systemtest.StartStack(systemtest.StackOptions{
		Root: root, Data: filepath.Join(root, ".data", fmt.Sprintf("pressure-%d", opt.offset)), Offset: opt.offset,
		Env: limits.environment(),
	})
	if err != nil {
		return err
	}
	defer stack.Stop()
	logf("starting the system (devstack's log: %s)", stack.Log)
	if err := stack.WaitReady(ctx, 3*time.Minute); err != nil {
		return err
	}
	site := systemtest.NewSite(stack.Gateway, stack.Mail)
	var phases []phase
	for _, p := range []struct {
		name string
		run  func(context.Context, *systemtest.Site, options) (string, error)
	}{
		{"hostile uploads", hostileUploads},
		{"hostile pictures", hostilePictures},
		{"confirmation race", confirmationRace},
		{"expensive operations", expensiveBurst},
	} {
		began := time.Now()
		logf("%s …", p.name)
		outcome, err := p.run(ctx, site, opt)
		if err != nil {
			return fmt.Errorf("%s: %w", p.name, err)
		}
		phases = append(phases, phase{name: p.name, outcome: outcome, took: time.Since(began)})
		logf("%s: %s (%s)", p.name, outcome, time.Since(began).Round(time.Second))
	}
	memory := measureMemory(stack, limits)
	report := newReport(opt, phases, memory)
	fmt.Println(report)
	if opt.docs != "" {
		if err := section.Write(filepath.Join(root, opt.docs), report); err != nil {
			return err
		}
	}
	if over := memory.over(); len(over) > 0 {
		return fmt.Errorf("over their memory limit: %v", over)
	}
	return nil
}

type phase struct {
	name    string
	outcome string
	took    time.Duration
}

func logf(format string, args ...any) {
	fmt.Printf("%s pressure: %s\n", time.Now().UTC().Format("15:04:05"), fmt.Sprintf(format, args...))
}
