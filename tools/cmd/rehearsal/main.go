// Command rehearsal is the production rehearsal (make test-rehearsal, part of make test): the whole
// system started as deploy/overlays/prod configures it (devstack -production: PRODUCTION=true, TLS
// inside from a CA made for the run, service keys, NATS users, PostgreSQL roles with passwords, no
// sandbox) against the partners' real software on loopback — stripe-mock as Stripe, the DocuSign
// simulator held to DocuSign's published OpenAPI description, Debian's Postfix with a strict HELO
// and STARTTLS as the mail relay, zitadel/oidc's example OpenID provider as the staff's sign-in —
// behind a TLS front standing in for the Ingress. One booking walks request → mail → confirm →
// approve → sign → pay → key code, every mail delivered by Postfix; any step that falls back to a
// sandbox fails the run.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"semesterhaus/platform/workspace"
	"semesterhaus/services/document/documenttest/docusign"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := run(ctx, os.Args[1:])
	switch {
	case errors.Is(err, docusign.ErrNoSpec):
		fmt.Printf("rehearsal: skipped: %v; the DocuSign simulator needs DocuSign's published description beside the project (CI has it)\n", err)
		fmt.Println("rehearsal: 0 passed, 0 failed, 1 skipped")
	case err != nil:
		fmt.Fprintf(os.Stderr, "rehearsal: %v\n", err)
		fmt.Println("rehearsal: 0 passed, 1 failed")
		os.Exit(1)
	default:
		fmt.Println("rehearsal: 1 passed, 0 failed")
	}
}

func run(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("rehearsal", flag.ContinueOnError)
	offset := fs.Int("port-offset", 400, "added to every port of the system (devstack -port-offset), so it runs beside make run")
	timeout := fs.Duration("timeout", 10*time.Minute, "the whole run's limit")
	if err := fs.Parse(args); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	root, err := workspace.Root()
	if err != nil {
		return err
	}
	spec, err := docusign.FindSpec()
	if err != nil {
		return err
	}
	data := filepath.Join(root, ".data", fmt.Sprintf("rehearsal-%d", *offset))
	if err := os.RemoveAll(data); err != nil {
		return err
	}
	began := time.Now()
	peers, err := startPeers(ctx, spec, data, *offset)
	if err != nil {
		return fmt.Errorf("the partners' software: %w", err)
	}
	defer peers.stop()
	logf("partners up: stripe-mock behind %s, DocuSign simulator %s, Postfix %s, OpenID provider %s", peers.stripeURL, peers.docusign.URL(), peers.postfix.Addr(), peers.oidc.Issuer())
	system, err := startSystem(ctx, root, data, *offset, peers)
	if err != nil {
		return fmt.Errorf("the system in production configuration: %w", err)
	}
	defer system.stop()
	logf("system up in production configuration in %s, public at %s", time.Since(began).Round(time.Second), peers.publicURL)
	if err := walk(ctx, peers); err != nil {
		return fmt.Errorf("%w\n--- devstack's last lines:\n%s", err, system.tail())
	}
	logf("one booking walked through in %s", time.Since(began).Round(time.Second))
	return nil
}

func logf(format string, args ...any) {
	fmt.Printf("rehearsal: "+format+"\n", args...)
}
