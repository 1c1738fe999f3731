package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"

	"semesterhaus/platform/pglocal"
	"semesterhaus/platform/workspace"
	"semesterhaus/tools/internal/faultproxy"
	"semesterhaus/tools/internal/procfs"
	"semesterhaus/tools/internal/systemtest"
)

// The ports of make run (tools/cmd/devstack, docs/architecture.md "Local ports"), shifted by
// -port-offset; the gateway's and the mail catcher's are systemtest's.
const (
	postgresPort    = 54329
	natsPort        = 4229
	natsMonitorPort = 8229
)

// servicePorts are the services' HTTP ports (their /readyz says they answer); the gRPC port of each is
// 1000 higher.
var servicePorts = map[string]int{"catalog": 8101, "renting": 8102, "renter": 8103, "document": 8104, "payment": 8105}

const grpcPortDistance = 1000

// databases are the services' databases on the private cluster, each named after its service.
var databases = []string{"catalog", "renting", "renter", "document", "payment"}

// system is the stack under test: devstack as a child, with a fault proxy in front of PostgreSQL,
// NATS and each service's gRPC port.
type system struct {
	*systemtest.Stack
	offset   int
	proxies  map[string]*faultproxy.Proxy // postgres, nats or a service's gRPC
	webhooks *recorder                    // the services' way to the gateway: records the payment webhooks
	site     *systemtest.Site             // anonymous: the student's side
	admin    *systemtest.Site             // signed in as the administrator
}

func startSystem(ctx context.Context, opt options) (*system, error) {
	root := opt.root
	if root == "" {
		r, err := workspace.Root()
		if err != nil {
			return nil, err
		}
		root = r
	}
	s := &system{offset: opt.offset, proxies: map[string]*faultproxy.Proxy{}}
	targets := map[string]int{"postgres": postgresPort, "nats": natsPort}
	for name, port := range servicePorts {
		targets[name] = port + grpcPortDistance
	}
	var via []string
	var err error
	for name, port := range targets {
		p, err := faultproxy.Listen("127.0.0.1:0", fmt.Sprintf("127.0.0.1:%d", port+s.offset))
		if err != nil {
			s.closeProxies()
			return nil, err
		}
		s.proxies[name] = p
		via = append(via, name+"="+p.Addr())
	}
	s.webhooks, err = newRecorder(fmt.Sprintf("http://127.0.0.1:%d", systemtest.GatewayPort+s.offset))
	if err != nil {
		s.closeProxies()
		return nil, err
	}
	via = append(via, "gateway="+s.webhooks.Addr())
	stack, err := systemtest.StartStack(systemtest.StackOptions{
		Root: root, Data: filepath.Join(root, ".data", fmt.Sprintf("chaos-%d", opt.offset)), Offset: opt.offset,
		Args: []string{"-nats-process", "-proxy", strings.Join(via, ",")}, Env: settings.env(),
	})
	if err != nil {
		s.closeProxies()
		return nil, err
	}
	s.Stack = stack
	s.site, s.admin = systemtest.NewSite(s.Gateway, s.Mail), systemtest.NewSite(s.Gateway, s.Mail)
	if err := s.WaitFor(ctx, 4*time.Minute, "gateway", func() bool { return s.answers(ctx) }); err != nil {
		s.stop()
		return nil, err
	}
	if err := s.admin.SignIn(ctx, "admin", "admin"); err != nil {
		s.stop()
		return nil, err
	}
	return s, nil
}

// stop ends devstack (which stops the children, NATS and PostgreSQL) and the proxies.
func (s *system) stop() {
	s.Stop()
	s.closeProxies()
}

func (s *system) closeProxies() {
	for _, p := range s.proxies {
		_ = p.Close()
	}
	if s.webhooks != nil {
		_ = s.webhooks.Close()
	}
}

// answers tells whether the system answers a booking page's query through the gateway.
func (s *system) answers(ctx context.Context) bool {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	var out struct {
		AvailableApartments struct{ BookableSemester struct{ ID int } }
	}
	return s.site.GraphQL(ctx, `{ availableApartments { bookableSemester { id } } }`, nil, &out) == nil &&
		out.AvailableApartments.BookableSemester.ID != 0
}

// connect opens a database of the private cluster as its superuser, directly (not through the proxy).
func (s *system) connect(ctx context.Context, database string) (*pgx.Conn, error) {
	password, err := os.ReadFile(filepath.Join(s.Data, "postgres-passwords", pglocal.Superuser))
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return pgx.Connect(ctx, fmt.Sprintf("postgres://%s:%s@127.0.0.1:%d/%s", pglocal.Superuser,
		strings.TrimSpace(string(password)), postgresPort+s.offset, database))
}

// query runs fn on a fresh connection to the database.
func (s *system) query(ctx context.Context, database string, fn func(*pgx.Conn) error) error {
	conn, err := s.connect(ctx, database)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	return fn(conn)
}

// prepareApartments makes the residence at least n+reserve apartments large by copying the demo
// apartments into the catalog (test data: the demo residence has 24) and returns the first n for the
// load, the next reserve for the waitlist and the bookable semester. Every apartment but the load's is
// blocked in the semester, so that the house is full once the load's bookings hold theirs: the
// waitlist's offers go out when the harness lifts the reserve's blocks.
func (s *system) prepareApartments(ctx context.Context, n, reserve int) (load, reserved []int, semester int, err error) {
	semester, all, err := s.copyApartments(ctx, n+reserve)
	if err != nil {
		return nil, nil, 0, err
	}
	for _, id := range all[n:] {
		if err := retry(ctx, func() (bool, error) {
			err := s.admin.BlockApartment(ctx, id, semester, "Reserve der Warteliste (chaos)")
			// NO_APARTMENT until the catalog has loaded the copies (on its change notice); any other
			// exception says the apartment is held or blocked, not free either way.
			var e *systemtest.Exception
			return err == nil || errors.As(err, &e) && e.MessageID != "NO_APARTMENT", err
		}); err != nil {
			return nil, nil, 0, fmt.Errorf("block apartment %d: %w", id, err)
		}
	}
	return all[:n], all[n : n+reserve], semester, nil
}

// copyApartments copies the demo apartments until there are at least n and returns every apartment
// with the bookable semester.
func (s *system) copyApartments(ctx context.Context, n int) (int, []int, error) {
	semester, _, err := systemtest.FreeApartment(ctx, s.Gateway+"/api/graphql")
	if err != nil {
		return 0, nil, err
	}
	var ids []int32
	err = s.query(ctx, "catalog", func(c *pgx.Conn) error {
		_, err := c.Exec(ctx, `
			INSERT INTO apartment (id, floor_id, name, description_de, description_en, rent_cents, cleaning_cents, deposit_cents, features, plan_x, plan_y)
			SELECT 1000 * copy + a.id, a.floor_id, a.name || '/' || copy, a.description_de, a.description_en, a.rent_cents,
			       a.cleaning_cents, a.deposit_cents, a.features, a.plan_x, a.plan_y
			FROM apartment a, generate_series(1, ($1::int + 23) / 24 - 1) AS copy
			WHERE a.id < 1000`, n)
		if err != nil {
			return fmt.Errorf("copy apartments: %w", err)
		}
		rows, _ := c.Query(ctx, "SELECT id FROM apartment ORDER BY id")
		ids, err = pgx.CollectRows(rows, pgx.RowTo[int32])
		return err
	})
	apartments := make([]int, len(ids))
	for i, id := range ids {
		apartments[i] = int(id)
	}
	return semester, apartments, err
}

// children lists devstack's child processes: pid by name (the binary's, or "nats" for `devstack nats`).
func (s *system) children() map[string]int {
	found := map[string]int{}
	for _, p := range procfs.Children(procfs.Read(), s.PID()) {
		if len(p.Args) == 0 {
			continue
		}
		name := filepath.Base(p.Args[0])
		if name == "devstack" && len(p.Args) > 1 {
			name = p.Args[1]
		}
		found[name] = p.PID
	}
	return found
}

// killPostgres kills the postmaster and every server process of the cluster with SIGKILL.
func (s *system) killPostgres() error {
	postmaster, err := s.PostmasterPID()
	if err != nil {
		return err
	}
	var backends []int
	for _, p := range procfs.Children(procfs.Read(), postmaster) {
		backends = append(backends, p.PID)
	}
	if err := syscall.Kill(postmaster, syscall.SIGKILL); err != nil {
		return fmt.Errorf("postmaster %d: %w", postmaster, err)
	}
	for _, pid := range backends {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
	// Wait until every process is gone: a new postmaster refuses to start beside old shared memory.
	for _, pid := range append(backends, postmaster) {
		for syscall.Kill(pid, 0) == nil {
			time.Sleep(20 * time.Millisecond)
		}
	}
	return nil
}

// startPostgres starts the killed cluster again on its port, as an operator or Kubernetes would.
func (s *system) startPostgres(ctx context.Context) error {
	_, err := pglocal.Start(context.WithoutCancel(ctx), pglocal.Options{
		DataDir: filepath.Join(s.Data, "postgres"), PasswordDir: filepath.Join(s.Data, "postgres-passwords"),
		Port: postgresPort + s.offset,
	})
	return err
}

// ready tells whether the named process answers again: a service's or the gateway's /readyz,
// NATS's /healthz, PostgreSQL a query.
func (s *system) ready(ctx context.Context, name string) bool {
	var url string
	switch name {
	case "postgres":
		return s.query(ctx, "renting", func(c *pgx.Conn) error { return c.Ping(ctx) }) == nil
	case "nats":
		url = fmt.Sprintf("http://127.0.0.1:%d/healthz", natsMonitorPort+s.offset)
	case "gateway":
		url = s.Gateway + "/readyz"
	default:
		url = fmt.Sprintf("http://127.0.0.1:%d/readyz", servicePorts[name]+s.offset)
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return false
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK
}

// backlog is what is still in flight: unpublished outbox rows, unsent mails and JetStream messages
// that consumers have not acknowledged.
type backlog struct {
	outbox, mails, consumers int
	detail                   []string
}

func (b backlog) empty() bool { return b.outbox == 0 && b.mails == 0 && b.consumers == 0 }

func (s *system) backlog(ctx context.Context) (backlog, error) {
	var b backlog
	for _, db := range databases {
		err := s.query(ctx, db, func(c *pgx.Conn) error {
			var n int
			if err := c.QueryRow(ctx, "SELECT CASE WHEN to_regclass('outbox') IS NULL THEN 0 ELSE (SELECT count(*) FROM outbox WHERE published_at IS NULL) END").Scan(&n); err != nil {
				return err
			}
			b.outbox += n
			if n > 0 {
				b.detail = append(b.detail, fmt.Sprintf("%s outbox %d", db, n))
			}
			if db != "renter" {
				return nil
			}
			if err := c.QueryRow(ctx, "SELECT count(*) FROM outgoing_mail WHERE sent_at IS NULL").Scan(&n); err != nil {
				return err
			}
			b.mails = n
			return nil
		})
		if err != nil {
			return b, fmt.Errorf("%s: %w", db, err)
		}
	}
	consumers, err := s.consumers(ctx)
	if err != nil {
		return b, err
	}
	for _, c := range consumers {
		if n := c.NumPending + c.NumAckPending; n > 0 {
			b.consumers += n
			b.detail = append(b.detail, fmt.Sprintf("consumer %s/%s %d", c.Stream, c.Name, n))
		}
	}
	return b, nil
}

// consumer is a JetStream consumer as NATS's monitoring (/jsz) reports it.
type consumer struct {
	Stream         string `json:"stream_name"`
	Name           string `json:"name"`
	NumPending     int    `json:"num_pending"`
	NumAckPending  int    `json:"num_ack_pending"`
	NumRedelivered int    `json:"num_redelivered"`
}

func (s *system) consumers(ctx context.Context) ([]consumer, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, fmt.Sprintf("http://127.0.0.1:%d/jsz?consumers=true", natsMonitorPort+s.offset), nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, fmt.Errorf("NATS monitoring: %w", err)
	}
	defer resp.Body.Close()
	var jsz struct {
		AccountDetails []struct {
			StreamDetail []struct {
				ConsumerDetail []consumer `json:"consumer_detail"`
			} `json:"stream_detail"`
		} `json:"account_details"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&jsz); err != nil {
		return nil, fmt.Errorf("NATS monitoring: %w", err)
	}
	var all []consumer
	for _, a := range jsz.AccountDetails {
		for _, st := range a.StreamDetail {
			all = append(all, st.ConsumerDetail...)
		}
	}
	return all, nil
}

// waitDrained waits until nothing is in flight and returns how long that took.
func (s *system) waitDrained(ctx context.Context, limit time.Duration) (time.Duration, error) {
	began := time.Now()
	var last backlog
	var lastErr error
	err := s.WaitFor(ctx, limit, "empty queues", func() bool {
		last, lastErr = s.backlog(ctx)
		return lastErr == nil && last.empty()
	})
	if err != nil {
		return 0, fmt.Errorf("%w: %v %v", err, last.detail, lastErr)
	}
	return time.Since(began), nil
}
