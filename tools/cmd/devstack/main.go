// Command devstack runs the whole system on one machine: the program behind `make run`.
//
// It starts a private PostgreSQL cluster under .data/postgres (or uses the server in
// DATABASE_URL), an embedded NATS server with JetStream under .data/nats (or uses NATS_URL),
// creates one database per service (on the private cluster owned by the service's own role, with
// passwords generated into .data/postgres-passwords), keeps an Ed25519 identity key pair in .data/identity,
// builds the binaries into .data/bin, migrates every service, imports the demo building file
// (services/catalog/demo/building.yaml; -building names another, checked with `catalog check` before
// anything starts) into the catalog, starts the services
// and then the gateway on http://localhost:8080 (PORT changes it). Ctrl-C or SIGTERM stops
// everything in reverse order; the data stays in .data for the next run.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"semesterhaus/platform/workspace"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	// With `make run | tee log`, Ctrl-C ends tee first: devstack must still stop everything rather
	// than die of SIGPIPE on its next line of output.
	signal.Ignore(syscall.SIGPIPE)
	if err := run(ctx, os.Args[1:]); err != nil {
		fmt.Fprintf(os.Stderr, "devstack: %v\n", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string) error {
	if len(args) > 0 && args[0] == natsCommand {
		return serveNATS(ctx, args[1:])
	}
	fs := flag.NewFlagSet("devstack", flag.ContinueOnError)
	build := fs.Bool("build", true, "build the binaries into .data/bin before starting them")
	infra := fs.Bool("infra", false, "start only PostgreSQL and NATS (and make the databases and keys), for services run by hand")
	root := fs.String("root", "", "repository root (default: the directory holding go.work, found upwards from here)")
	data := fs.String("data", dataDirName, "the data directory (databases, NATS store, mails, keys), relative to the root; binaries stay in .data/bin")
	offset := fs.Int("port-offset", 0, "added to every port (gateway, services, PostgreSQL, NATS, mail catcher): a second stack beside `make run`, as the browser tests start one")
	natsProcess := fs.Bool("nats-process", false, "run the NATS server as a child process of its own (restarted like the services when it dies) instead of inside devstack, with its monitoring on port "+fmt.Sprint(natsMonitorPort)+" (+ offset)")
	proxy := fs.String("proxy", "", "the services and the gateway reach PostgreSQL, NATS and a service's gRPC at these addresses instead, e.g. postgres=127.0.0.1:6001,nats=127.0.0.1:6002,renter=127.0.0.1:6003 (a fault proxy in between); gateway= is the services' PUBLIC_URL (their links, the sandboxes' webhooks)")
	building := fs.String("building", "", "the building file the catalog imports instead of the demo's ("+demoBuilding+"), relative to the current directory; checked with `catalog check FILE` before anything starts (make run BUILDING=FILE)")
	production := fs.Bool("production", false, "run every process as deploy/overlays/prod configures it: PRODUCTION=true, TLS inside from a CA made for the run, no mail catcher; the partners' settings come from the environment (production.go)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	via, err := parseProxy(*proxy)
	if err != nil {
		return err
	}
	buildingFile, err := buildingOption(*building, *infra)
	if err != nil {
		return err
	}
	if *root == "" {
		r, err := workspace.Root()
		if err != nil {
			return err
		}
		*root = r
	}
	out := newPrefixWriter(os.Stdout, "devstack")
	log := slog.New(slog.NewTextHandler(out, &slog.HandlerOptions{ReplaceAttr: dropTime}))
	natsLog := slog.New(slog.NewTextHandler(out, &slog.HandlerOptions{ReplaceAttr: dropTime, Level: slog.LevelWarn}))
	s := &stack{
		root:     *root,
		build:    *build,
		infra:    *infra,
		log:      log,
		natsLog:  natsLog,
		services: shiftPorts(services, *offset),
		data:     *data,
		offset:   *offset,
		dbPrefix: "semesterhaus_",
		env:      envMap(os.Environ()),

		natsProcess: *natsProcess,
		via:         via,
		production:  *production,
		building:    buildingFile,
	}
	return s.run(ctx)
}

// buildingOption returns the absolute path of -building's file; none without the option. Only a
// stack that starts the services imports a building file.
func buildingOption(file string, infra bool) (string, error) {
	if file == "" {
		return "", nil
	}
	if infra {
		return "", errors.New("-building: -infra starts no catalog to import it")
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return "", fmt.Errorf("-building: %w", err)
	}
	if !isFile(abs) {
		return "", fmt.Errorf("-building: %s is not a file", file)
	}
	return abs, nil
}

// dropTime keeps devstack's own lines short; the children print their own times.
func dropTime(groups []string, a slog.Attr) slog.Attr {
	if len(groups) == 0 && a.Key == slog.TimeKey {
		return slog.Attr{}
	}
	return a
}
