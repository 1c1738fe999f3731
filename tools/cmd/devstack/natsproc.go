package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"

	"semesterhaus/platform/natslocal"
)

// natsCommand is devstack's subcommand that runs the NATS server alone (-nats-process): a process of
// its own that a fault test can kill with SIGKILL and devstack starts again like a service.
const natsCommand = "nats"

// natsMonitorPort serves the child NATS server's monitoring endpoints (/healthz, /jsz).
const natsMonitorPort = 8229

// serveNATS is `devstack nats`: the embedded NATS server with JetStream until SIGTERM.
func serveNATS(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("devstack nats", flag.ContinueOnError)
	port := fs.Int("port", natsPort, "client port on 127.0.0.1")
	monitor := fs.Int("monitor", natsMonitorPort, "monitoring port on 127.0.0.1")
	store := fs.String("store", "", "the JetStream store directory")
	passwords := fs.String("passwords", "", "the directory of the users' passwords")
	if err := fs.Parse(args); err != nil {
		return err
	}
	users, err := loadOrCreateNATSPasswords(*passwords)
	if err != nil {
		return fmt.Errorf("NATS passwords: %w", err)
	}
	n, err := natslocal.Start(natslocal.Options{Port: *port, StoreDir: *store, Passwords: users, MonitorPort: *monitor})
	if err != nil {
		return err
	}
	fmt.Printf("NATS with JetStream on %s, monitoring on 127.0.0.1:%d\n", n.URL(), *monitor)
	<-ctx.Done()
	n.Shutdown()
	return nil
}

// startNATSProcess starts `devstack nats` as a supervised child and waits until it is healthy.
func (s *stack) startNATSProcess(ctx context.Context) error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	port, monitor := natsPort+s.offset, natsMonitorPort+s.offset
	s.log.Info("starting NATS with JetStream as a child process", "port", port, "monitoring", monitor, "store", s.dataDir("nats"))
	args := []string{natsCommand, "-port", fmt.Sprint(port), "-monitor", fmt.Sprint(monitor),
		"-store", s.dataDir("nats"), "-passwords", s.dataDir("nats-passwords")}
	p, err := startProc("nats", exe, args, s.env, s.root)
	if err != nil {
		return err
	}
	s.procs = append(s.procs, p)
	s.natsURL = fmt.Sprintf("nats://127.0.0.1:%d", port)
	health := fmt.Sprintf("http://127.0.0.1:%d/healthz", monitor)
	return waitReady(ctx, http.DefaultClient, p, health, time.Minute, func(code int) bool { return code == http.StatusOK })
}

// parseProxy reads -proxy: kind=host:port pairs, kind postgres, nats or a service (its gRPC address,
// as the other services reach it).
func parseProxy(value string) (map[string]string, error) {
	via := map[string]string{}
	if value == "" {
		return via, nil
	}
	for _, pair := range strings.Split(value, ",") {
		kind, addr, ok := strings.Cut(pair, "=")
		known := kind == "postgres" || kind == "nats" || kind == "gateway" || slices.ContainsFunc(services, func(s service) bool { return s.name == kind })
		if _, _, err := net.SplitHostPort(addr); !ok || err != nil || !known {
			return nil, fmt.Errorf("-proxy: %q is not postgres=, nats=, gateway= or <service>=host:port", pair)
		}
		via[kind] = addr
	}
	return via, nil
}

// peerAddr is the gRPC address at which the other services reach the service: the proxy's with -proxy.
func (s *stack) peerAddr(peer service) string {
	if addr, ok := s.via[peer.name]; ok {
		return addr
	}
	return fmt.Sprintf("127.0.0.1:%d", peer.grpcPort)
}

// publicURL is the gateway's address the services put in their links and the sandboxes report their
// webhooks to: the proxy's with -proxy gateway=… (the fault harness records the webhooks there, to
// send the very same request again as a provider's retry would), else PUBLIC_URL of the environment.
func (s *stack) publicURL() string {
	if addr, ok := s.via["gateway"]; ok {
		return "http://" + addr
	}
	// Else one the environment gives: production's is the Ingress's in front of the gateway.
	if u := s.env["PUBLIC_URL"]; u != "" {
		return u
	}
	return "http://localhost:" + s.gatewayPort()
}

// viaProxy returns the URL u of PostgreSQL or NATS (kind) with the proxy's address when -proxy names one.
func (s *stack) viaProxy(kind, u string) string {
	addr, ok := s.via[kind]
	if !ok || u == "" {
		return u
	}
	pu, err := url.Parse(u)
	if err != nil {
		return u
	}
	pu.Host = addr
	return pu.String()
}
