// Command chaos is the fault harness (make chaos; a reduced run in make test): it runs the whole
// system as make run does, with NATS as a process of its own and a fault proxy between the services
// and PostgreSQL and NATS, drives bookings at a steady rate (documents, confirmation, approval,
// signature, payment and its webhook, renewals, reminders waited for, requests superseded and
// forgotten, erasures asked for and executed, a waitlist whose offers are booked or left to pass on)
// and meanwhile, on a schedule it prints, kills processes with SIGKILL, puts latency, resets and
// partitions on the network and replays confirmation links, signatures, payment webhooks (the very
// same request again) and the waitlist's links, while an intruder tries the services' ports, NATS
// and the admin operations without the credentials they ask for. Its verdict is an invariant check of the databases, the mail catcher and
// JetStream afterwards, one line per invariant; docs/reliability.md has the results.
//
// Usage: chaos [-bookings 100] [-rate 1] [-schedule reduced|full] [-port-offset 300]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"
)

type options struct {
	root       string
	bookings   int
	apartments int
	rate       float64
	schedule   string
	offset     int
	hold       time.Duration
	timeout    time.Duration
}

func main() {
	var opt options
	flag.StringVar(&opt.root, "root", "", "repository root (default: the directory holding go.work, found upwards from here)")
	flag.IntVar(&opt.bookings, "bookings", 100, "booking requests, started at -rate")
	flag.IntVar(&opt.apartments, "apartments", 0, "apartments to book (the demo residence's, and copies of them); 0: two thirds of -bookings, so that some requests compete")
	flag.Float64Var(&opt.rate, "rate", 1, "booking requests started per second")
	flag.StringVar(&opt.schedule, "schedule", "reduced", "the faults: reduced (one kill of each kind, two network faults) or full (at least 20 kills and 10 network faults)")
	flag.IntVar(&opt.offset, "port-offset", 300, "added to every port of the system under test")
	flag.DurationVar(&opt.hold, "hold", 5*time.Second, "how long a network fault lasts")
	flag.DurationVar(&opt.timeout, "timeout", 30*time.Minute, "the whole run's limit")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, opt.timeout)
	defer cancel()
	if err := run(ctx, opt); err != nil {
		fmt.Fprintln(os.Stderr, "chaos:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, opt options) error {
	schedule, ok := schedules[opt.schedule]
	if !ok {
		return fmt.Errorf("-schedule %q: want reduced or full", opt.schedule)
	}
	if opt.apartments == 0 {
		opt.apartments = max(opt.bookings*2/3, 1)
	}
	began := time.Now()
	sys, err := startSystem(ctx, opt)
	if err != nil {
		return err
	}
	defer sys.stop()
	logf("system up in %s: gateway %s, mail %s, data %s", time.Since(began).Round(time.Second), sys.Gateway, sys.Mail, sys.Data)
	// The waitlist: a student per 50 bookings (4 at least), for half as many apartments.
	students := max(4, opt.bookings/50)
	apartments, reserve, semester, err := sys.prepareApartments(ctx, opt.apartments, students/2)
	if err != nil {
		return err
	}
	logf("%d apartments in semester %d, %d more blocked for the waitlist; %d bookings at %.1f/s; schedule %s (%d faults); %s",
		len(apartments), semester, len(reserve), opt.bookings, opt.rate, opt.schedule, len(schedule), settings)

	load := newLoad(sys, apartments, semester)
	waitlist := newWaitlist(load, reserve, students)
	loadDone, waitlistDone := make(chan struct{}), make(chan struct{})
	go func() {
		load.run(ctx, opt.bookings, opt.rate)
		close(loadDone)
	}()
	go func() {
		waitlist.run(ctx, loadDone)
		close(waitlistDone)
	}()
	// An intruder inside the network tries the services' ports, NATS and the admin operations
	// meanwhile, every second: each of the 19 kinds comes several times in the reduced run, also
	// when a fault has its target down once.
	attacker := newAttacker(sys)
	go attacker.run(ctx, loadDone, time.Second)
	// The faults spread over the time the load and the waitlist's offers take, at least 5 s apart.
	busy := time.Duration(float64(opt.bookings)/opt.rate*float64(time.Second)) + 2*settings.offerValidity
	gap := max(5*time.Second, busy/time.Duration(len(schedule)+1))
	recoveries := sys.runSchedule(ctx, schedule, opt.hold, gap)
	<-loadDone
	<-waitlistDone
	logf("load done: %s; %s", load.summary(), waitlist.summary())
	drained, err := sys.waitDrained(ctx, 3*time.Minute)
	if err != nil {
		logf("not drained: %v", err)
	} else {
		logf("drained %s after the load", drained.Round(time.Millisecond))
	}
	printRecoveries(recoveries)
	failed := sys.checkInvariants(ctx, load, waitlist, attacker)
	logf("whole run %s", time.Since(began).Round(time.Second))
	if failed > 0 {
		return fmt.Errorf("%d invariants broken (the system's log: %s)", failed, sys.Log)
	}
	return nil
}

// logf prints a line with the time since the harness started, so the schedule reads as a timeline.
func logf(format string, args ...any) {
	fmt.Printf("%s chaos: %s\n", time.Now().UTC().Format("15:04:05.000"), fmt.Sprintf(format, args...))
}
