package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"semesterhaus/platform/natslocal"
	"semesterhaus/platform/pglocal"
	"semesterhaus/platform/postgres"
)

type stack struct {
	root     string
	build    bool
	infra    bool      // PostgreSQL and NATS only
	services []service // the table of services.go (tests use their own ports)
	dbPrefix string    // database name prefix on the server of DATABASE_URL
	data     string    // the data directory, relative to root (.data when empty)
	offset   int       // added to every fixed port (the services' ports are shifted in their table already)
	log      *slog.Logger
	natsLog  *slog.Logger      // the embedded NATS server's log: warnings and errors only (its banner is long)
	env      map[string]string // devstack's own environment, passed on to the children

	natsProcess bool              // NATS runs as a child process (natsCommand), not inside devstack
	via         map[string]string // "postgres"/"nats" -> the address the children use instead (-proxy)

	pg         *pglocal.Cluster  // nil when DATABASE_URL names the server
	nats       *natslocal.Server // nil when NATS_URL names the server
	pgServer   string            // URL of the PostgreSQL server (any database)
	natsURL    string
	smtpAddr   string            // where the services send mail
	mailWebURL string            // the mail catcher's web page; empty with SMTP_ADDR
	running    []service         // the services found in the tree
	dbURLs     map[string]string // service name -> its DATABASE_URL
	procs      []*proc           // started services and the gateway, in start order

	notComposed []string // running services the gateway does not compose yet

	// webhookSecrets are the sandboxes' webhook secrets, setting -> value, unless devstack's own
	// environment sets them.
	webhookSecrets map[string]string

	// natsPasswords are the embedded NATS server's passwords, user -> password (natsauth.Users);
	// nil with NATS_URL.
	natsPasswords map[string]string

	// serviceKeys are the services' own key pairs (package peer), by service name.
	serviceKeys map[string]identityKeys

	// production runs every process as deploy/overlays/prod configures it (production.go); tls is
	// then its internal TLS, nil otherwise.
	production bool
	tls        *internalTLS

	// building is -building's file (an absolute path): the service that imports a building file
	// imports this one instead, after `<name> check FILE` found no mistake in it; empty: its own.
	building string
}

func (s *stack) dataDir(parts ...string) string {
	data := s.data
	if data == "" {
		data = dataDirName
	}
	if !filepath.IsAbs(data) {
		data = filepath.Join(s.root, data)
	}
	return filepath.Join(append([]string{data}, parts...)...)
}

// binDir holds the binaries: always the repository's .data/bin (make build's), whatever -data says, so
// that a second stack runs what `make build` built.
func (s *stack) binDir() string { return filepath.Join(s.root, dataDirName, "bin") }

func (s *stack) binary(name string) string { return filepath.Join(s.binDir(), name) }

func (s *stack) run(ctx context.Context) (err error) {
	defer keepPrivate()()
	defer func() {
		// Ctrl-C during start-up is a clean stop too.
		if err != nil && ctx.Err() != nil {
			s.log.Info("stopped during start-up", "at", err)
			err = nil
		}
	}()
	for _, svc := range s.services {
		if isDir(filepath.Join(s.root, "services", svc.name, "cmd", svc.name)) {
			s.running = append(s.running, svc)
		}
	}
	haveGateway := isDir(filepath.Join(s.root, "gateway", "cmd", "gateway"))
	if s.infra {
		s.build, haveGateway = false, false
	}
	if len(s.running) == 0 && !haveGateway && !s.infra {
		return errors.New("no services/<name>/cmd/<name> and no gateway/cmd/gateway: nothing to run")
	}
	if err := os.MkdirAll(s.binDir(), 0o700); err != nil {
		return err
	}
	if err := makePrivate(s.dataDir(), "postgres", "bin"); err != nil {
		return err
	}

	if s.env["DATABASE_URL"] == "" || s.env["NATS_URL"] == "" {
		release, err := lockDataDir(s.dataDir("devstack.lock"))
		if err != nil {
			return err
		}
		defer release()
	}

	// Whatever happens below, stop what was started, in reverse order.
	defer func() {
		if stopErr := s.shutdown(); stopErr != nil && err == nil {
			err = stopErr
		}
	}()

	if s.build {
		if err := s.buildBinaries(ctx, haveGateway); err != nil {
			return err
		}
	}
	if err := s.checkBuilding(ctx); err != nil {
		return err
	}
	if err := s.startPostgres(ctx); err != nil {
		return err
	}
	if err := s.startNATS(ctx); err != nil {
		return err
	}
	if err := s.provisionNATS(ctx); err != nil {
		return err
	}
	if !s.infra {
		if err := s.startMailCatcher(ctx); err != nil {
			return err
		}
	}
	keys, created, err := loadOrCreateKeys(s.dataDir("identity"))
	if err != nil {
		return fmt.Errorf("identity keys: %w", err)
	}
	if created {
		s.log.Info("made a new identity key pair", "dir", s.dataDir("identity"))
	}
	if s.webhookSecrets, err = loadOrCreateSecrets(s.dataDir("webhooks"), webhookSecretSettings); err != nil {
		return fmt.Errorf("webhook secrets: %w", err)
	}
	if s.serviceKeys, err = loadOrCreateServiceKeys(s.dataDir("service-keys")); err != nil {
		return fmt.Errorf("service keys: %w", err)
	}
	if s.production {
		if s.tls, err = makeInternalTLS(s.dataDir("tls"), s.running); err != nil {
			return fmt.Errorf("internal TLS: %w", err)
		}
	}
	if err := s.createDatabases(ctx); err != nil {
		return err
	}

	if !s.infra {
		for _, svc := range s.running {
			if err := s.startService(ctx, svc, keys); err != nil {
				return err
			}
		}
	}
	gatewayURL := ""
	if s.infra {
		s.log.Info("-infra: not starting services or the gateway")
	} else if haveGateway {
		gatewayURL, err = s.startGateway(ctx, keys)
		if err != nil {
			return err
		}
	} else {
		s.log.Warn("gateway/cmd/gateway does not exist yet: running the services alone")
	}
	s.printTable(gatewayURL)

	return s.supervise(ctx)
}

// supervise runs until Ctrl-C/SIGTERM. A child that ends on its own is started again after a
// back-off, as Kubernetes restarts a container: the rest of the stack keeps running, and what
// the dead process owed (events, mails) is taken up by its next life.
func (s *stack) supervise(ctx context.Context) error {
	died := make(chan int, len(s.procs))
	watch := func(i int) {
		p := s.procs[i]
		go func() {
			<-p.done
			died <- i
		}()
	}
	backoffs := make([]backoff, len(s.procs))
	for i := range s.procs {
		watch(i)
	}
	for {
		select {
		case <-ctx.Done():
			s.log.Info("stopping")
			return nil
		case i := <-died:
			p := s.procs[i]
			delay := backoffs[i].next(time.Since(p.started))
			s.log.Error("stopped on its own; restarting", "process", p.name, "status", exitText(p.err), "in", delay)
			select {
			case <-ctx.Done():
				s.log.Info("stopping")
				return nil
			case <-time.After(delay):
			}
			s.procs[i] = p.restart()
			s.log.Info("restarted", "process", p.name)
			watch(i)
		}
	}
}

// backoff is the wait before a dead process is started again: 1 s, doubled after each death up to
// 30 s, and back to 1 s once the process has run a minute.
type backoff struct{ delay time.Duration }

const (
	firstRestartDelay = time.Second
	maxRestartDelay   = 30 * time.Second
	stableRun         = time.Minute
)

func (b *backoff) next(ran time.Duration) time.Duration {
	switch {
	case b.delay == 0 || ran >= stableRun:
		b.delay = firstRestartDelay
	case b.delay < maxRestartDelay:
		b.delay = min(2*b.delay, maxRestartDelay)
	}
	return b.delay
}

func (s *stack) buildBinaries(ctx context.Context, haveGateway bool) error {
	pkgs := []string{}
	for _, svc := range s.running {
		pkgs = append(pkgs, "./services/"+svc.name+"/cmd/"+svc.name)
	}
	if haveGateway {
		pkgs = append(pkgs, "./gateway/cmd/gateway")
	}
	goBin := "go"
	if p := filepath.Join(os.Getenv("GOROOT"), "bin", "go"); os.Getenv("GOROOT") != "" && isFile(p) {
		goBin = p
	}
	s.log.Info("building", "packages", strings.Join(pkgs, " "), "into", s.binDir())
	args := append([]string{"build", "-o", s.binDir() + string(filepath.Separator)}, pkgs...)
	env := with(s.env, nil)
	if env["GOTOOLCHAIN"] == "" {
		env["GOTOOLCHAIN"] = "local"
	}
	if err := runOnce(ctx, "build", goBin, args, env, s.root); err != nil {
		return fmt.Errorf("build: %w", err)
	}
	return nil
}

func (s *stack) startPostgres(ctx context.Context) error {
	if u := s.env["DATABASE_URL"]; u != "" {
		s.pgServer = u
		s.log.Info("using the PostgreSQL server in DATABASE_URL", "url", redact(u))
		return nil
	}
	s.log.Info("starting the private PostgreSQL cluster", "port", postgresPort+s.offset, "data", s.dataDir("postgres"))
	// Not cancelled by Ctrl-C: a server half started would be left running. pg_ctl gives up by itself.
	c, err := pglocal.Start(context.WithoutCancel(ctx), pglocal.Options{
		DataDir:     s.dataDir("postgres"),
		PasswordDir: s.dataDir(postgresPasswordDir),
		Port:        postgresPort + s.offset,
		Logger:      s.log.With("part", "postgres"),
	})
	if err != nil {
		return fmt.Errorf("private PostgreSQL: %w", err)
	}
	s.pg = c
	s.pgServer = c.URL("postgres")
	return nil
}

func (s *stack) startNATS(ctx context.Context) error {
	if u := s.env["NATS_URL"]; u != "" {
		s.natsURL = u
		s.log.Info("using the NATS server in NATS_URL", "url", redact(u))
		return nil
	}
	passwords, err := loadOrCreateNATSPasswords(s.dataDir("nats-passwords"))
	if err != nil {
		return fmt.Errorf("NATS passwords: %w", err)
	}
	s.natsPasswords = passwords
	if s.natsProcess {
		return s.startNATSProcess(ctx)
	}
	s.log.Info("starting the embedded NATS server with JetStream", "port", natsPort+s.offset, "store", s.dataDir("nats"))
	n, err := natslocal.Start(natslocal.Options{
		Port:      natsPort + s.offset,
		StoreDir:  s.dataDir("nats"),
		Logger:    s.natsLog.With("part", "nats"),
		Passwords: passwords,
	})
	if err != nil {
		return fmt.Errorf("embedded NATS: %w", err)
	}
	s.nats = n
	s.natsURL = n.URL()
	return nil
}

// createDatabases makes one database per service: on the private cluster <name>, owned by the
// service's own role <name> and closed to the others; on the server of DATABASE_URL
// semesterhaus_<name>, reached with the URL's credentials.
func (s *stack) createDatabases(ctx context.Context) error {
	s.dbURLs = map[string]string{}
	for _, svc := range s.running {
		if s.pg != nil {
			u, err := s.pg.OwnDatabase(ctx, svc.name)
			if err != nil {
				return fmt.Errorf("database %s: %w", svc.name, err)
			}
			s.dbURLs[svc.name] = u
			continue
		}
		name := s.dbPrefix + svc.name
		u, err := withDatabase(s.pgServer, name)
		if err != nil {
			return fmt.Errorf("DATABASE_URL: %w", err)
		}
		if err := postgres.EnsureDatabase(ctx, s.pgServer, name); err != nil {
			return fmt.Errorf("database %s: %w", name, err)
		}
		s.dbURLs[svc.name] = u
	}
	return nil
}

func (s *stack) serviceEnv(svc service, keys identityKeys) map[string]string {
	env := with(s.env, map[string]string{
		"DATABASE_URL":        s.viaProxy("postgres", s.dbURLs[svc.name]),
		"NATS_URL":            s.viaProxy("nats", s.natsURL),
		"HTTP_ADDR":           fmt.Sprintf("127.0.0.1:%d", svc.httpPort),
		"GRPC_ADDR":           fmt.Sprintf("127.0.0.1:%d", svc.grpcPort),
		"IDENTITY_PUBLIC_KEY": keys.public,
		"SMTP_ADDR":           s.smtpAddr,
		"PUBLIC_URL":          s.publicURL(),
	})
	delete(env, "IDENTITY_PRIVATE_KEY")
	s.addMemoryLimit(env, svc.name)
	env["SERVICE_KEY"] = s.serviceKeys[svc.name].private
	env["SERVICE_PUBLIC_KEYS"] = servicePublicKeys(s.serviceKeys)
	s.addNATSUser(env, svc.name)
	if s.production {
		s.tls.addServiceSettings(env, svc.name)
	} else {
		for setting, secret := range s.webhookSecrets {
			if _, set := s.env[setting]; !set {
				env[setting] = secret
			}
		}
	}
	if s.env["LOG_FORMAT"] == "" {
		env["LOG_FORMAT"] = "text"
	}
	for _, peer := range s.running {
		if peer.name != svc.name {
			env[strings.ToUpper(peer.name)+"_GRPC_ADDR"] = s.peerAddr(peer)
		}
	}
	return env
}

// defaultMemoryLimit is each Go process's memory limit (GOMEMLIMIT) unless <NAME>_MEMORY_LIMIT (e.g.
// DOCUMENT_MEMORY_LIMIT) or PROCESS_MEMORY_LIMIT sets another, as a container's limit does in the
// cluster: near it the runtime collects garbage harder instead of growing further.
const defaultMemoryLimit = "512MiB"

// addMemoryLimit gives a service or the gateway (name) its memory limit; a GOMEMLIMIT of devstack's
// own environment is passed on as it is.
func (s *stack) addMemoryLimit(env map[string]string, name string) {
	if s.env["GOMEMLIMIT"] != "" {
		return
	}
	env["GOMEMLIMIT"] = cmp.Or(s.env[strings.ToUpper(name)+"_MEMORY_LIMIT"], s.env["PROCESS_MEMORY_LIMIT"], defaultMemoryLimit)
}

// addNATSUser signs the process in to the embedded NATS server as user, when the server has that
// user: catalog has none, and a server in NATS_URL takes the environment's settings.
func (s *stack) addNATSUser(env map[string]string, user string) {
	if password, ok := s.natsPasswords[user]; ok {
		env["NATS_USER"], env["NATS_PASSWORD"] = user, password
	}
}

func (s *stack) startService(ctx context.Context, svc service, keys identityKeys) error {
	bin := s.binary(svc.name)
	if !isFile(bin) {
		return fmt.Errorf("%s is not built (run `make build`, or devstack without -build=false)", bin)
	}
	env := s.serviceEnv(svc, keys)
	s.log.Info("migrating", "service", svc.name)
	if err := runOnce(ctx, svc.name, bin, []string{"migrate"}, env, s.root); err != nil {
		return err
	}
	if file := s.buildingOf(svc); file != "" {
		s.log.Info("importing the building", "service", svc.name, "file", cmp.Or(s.building, svc.building))
		if err := runOnce(ctx, svc.name, bin, []string{"import", file}, env, s.root); err != nil {
			return err
		}
	}
	for _, addr := range []string{env["HTTP_ADDR"], env["GRPC_ADDR"]} {
		if err := portFree(addr); err != nil {
			return fmt.Errorf("%s: %w", svc.name, err)
		}
	}
	p, err := startProc(svc.name, bin, []string{"serve"}, env, s.root)
	if err != nil {
		return err
	}
	s.procs = append(s.procs, p)
	readyz := s.scheme() + "://" + env["HTTP_ADDR"] + "/readyz"
	if err := waitReady(ctx, s.readyClient(), p, readyz, 2*time.Minute, func(code int) bool { return code == http.StatusOK }); err != nil {
		return fmt.Errorf("%s: %w", svc.name, err)
	}
	s.log.Info("ready", "service", svc.name, "http", env["HTTP_ADDR"], "grpc", env["GRPC_ADDR"])
	return nil
}

func (s *stack) gatewayPort() string {
	if p := s.env["PORT"]; p != "" {
		return p
	}
	return strconv.Itoa(gatewayPort + s.offset)
}

func (s *stack) startGateway(ctx context.Context, keys identityKeys) (string, error) {
	bin := s.binary("gateway")
	if !isFile(bin) {
		return "", fmt.Errorf("%s is not built (run `make build`, or devstack without -build=false)", bin)
	}
	port := s.gatewayPort()
	composed, err := composedSubgraphs(filepath.Join(s.root, "gateway", "schema", "config.json"))
	if err != nil {
		s.log.Warn("cannot read the composed subgraphs; routing every service", "err", err)
	}
	var subgraphs []string
	for _, svc := range s.running {
		if composed != nil && !composed[svc.name] {
			// The gateway refuses to route a subgraph that is not composed.
			s.notComposed = append(s.notComposed, svc.name)
			s.log.Warn("not in the gateway's composed schema (gateway/schema/graph.yaml) yet: runs without routing", "service", svc.name)
			continue
		}
		subgraphs = append(subgraphs, fmt.Sprintf("%s=%s://127.0.0.1:%d/graphql", svc.name, s.scheme(), svc.httpPort))
	}
	// The services whose own HTTP pages the gateway forwards: the apartments' uploaded pictures, the
	// confirmation link, downloads, signing, checkout, webhooks.
	pages := map[string]string{}
	for _, svc := range s.running {
		pages[svc.name] = fmt.Sprintf("%s://127.0.0.1:%d", s.scheme(), svc.httpPort)
	}
	env := with(s.env, map[string]string{
		"HTTP_ADDR":            ":" + port,
		"METRICS_ADDR":         fmt.Sprintf("127.0.0.1:%d", gatewayMetricsPort+s.offset),
		"SUBGRAPH_URLS":        strings.Join(subgraphs, ","),
		"IDENTITY_PRIVATE_KEY": keys.private,
		"NATS_URL":             s.viaProxy("nats", s.natsURL),
		"CATALOG_URL":          pages["catalog"],
		"RENTING_URL":          pages["renting"],
		"DOCUMENT_URL":         pages["document"],
		"PAYMENT_URL":          pages["payment"],
	})
	delete(env, "DATABASE_URL")
	s.addMemoryLimit(env, "gateway")
	s.addNATSUser(env, "gateway")
	// Everything local books from one address (the browser tests, bookingbench): the per-client
	// booking limit would stop them; the per-e-mail limit stays. Production keeps its own.
	if s.production {
		s.tls.addGatewaySettings(env)
	} else if s.env["BOOKING_LIMIT_PER_IP"] == "" {
		env["BOOKING_LIMIT_PER_IP"] = "100000"
	}
	if s.env["LOG_FORMAT"] == "" {
		env["LOG_FORMAT"] = "text"
	}
	for key, dir := range map[string]string{"WEB_PUBLIC_DIR": "web-public", "WEB_ADMIN_DIR": "web-admin"} {
		if d := filepath.Join(s.root, dir, "dist"); isDir(d) && env[key] == "" {
			env[key] = d
		}
	}
	if err := portFree(":" + port); err != nil {
		return "", fmt.Errorf("gateway: %w (PORT changes it)", err)
	}
	p, err := startProc("gateway", bin, nil, env, s.root)
	if err != nil {
		return "", err
	}
	s.procs = append(s.procs, p)
	// The gateway is up once it answers HTTP at all; a 5xx from /readyz means not yet.
	if err := waitReady(ctx, http.DefaultClient, p, "http://127.0.0.1:"+port+"/readyz", 2*time.Minute, func(code int) bool { return code < 500 }); err != nil {
		return "", fmt.Errorf("gateway: %w", err)
	}
	return "http://localhost:" + port, nil
}

// shutdown stops the gateway, then the services (last started first), then NATS, then PostgreSQL.
func (s *stack) shutdown() error {
	var errs []error
	for i := len(s.procs) - 1; i >= 0; i-- {
		p := s.procs[i]
		if p.exited() {
			continue // it ended on its own and waits for its restart
		}
		if err := p.stop(20 * time.Second); err != nil {
			errs = append(errs, fmt.Errorf("%s: %s", p.name, exitText(err)))
		} else {
			s.log.Info("stopped", "process", p.name)
		}
	}
	s.procs = nil
	if s.nats != nil {
		s.nats.Shutdown()
		s.log.Info("stopped", "process", "nats")
		s.nats = nil
	}
	if s.pg != nil {
		if err := s.pg.Stop(); err != nil {
			errs = append(errs, fmt.Errorf("postgres: %w", err))
		} else {
			s.log.Info("stopped", "process", "postgres")
		}
		s.pg = nil
	}
	return errors.Join(errs...)
}

// waitReady polls url with client until ok(status) holds, the process ends, ctx ends or timeout
// passes.
func waitReady(ctx context.Context, client *http.Client, p *proc, url string, timeout time.Duration, ok func(int) bool) error {
	deadline := time.Now().Add(timeout)
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for !answers(ctx, client, url, ok) {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-p.done:
			return fmt.Errorf("ended before it was ready (%s)", exitText(p.err))
		case <-tick.C:
			if time.Now().After(deadline) {
				return fmt.Errorf("not ready after %s at %s", timeout, url)
			}
		}
	}
	return nil
}

// answers tells whether url answers a status that ok takes, within two seconds.
func answers(ctx context.Context, client *http.Client, url string, ok func(int) bool) bool {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return false
	}
	resp, err := client.Do(req)
	if err != nil {
		return false
	}
	resp.Body.Close()
	return ok(resp.StatusCode)
}

func (s *stack) printTable(gatewayURL string) {
	var b strings.Builder
	line := func(what, where string) { fmt.Fprintf(&b, "  %-12s %s\n", what, where) }
	b.WriteString("\nSemesterhaus is running:\n")
	if gatewayURL != "" {
		if isDir(filepath.Join(s.root, "web-public", "dist")) {
			line("booking", gatewayURL+"/")
		}
		if isDir(filepath.Join(s.root, "web-admin", "dist")) {
			line("admin", gatewayURL+"/admin/")
		}
		line("GraphQL", gatewayURL+"/api/graphql")
	}
	for _, svc := range s.running {
		if s.infra {
			line(svc.name, "not started; its database: "+redact(s.dbURLs[svc.name]))
			continue
		}
		note := ""
		if slices.Contains(s.notComposed, svc.name) {
			note = "  (not in the gateway yet)"
		}
		line(svc.name, fmt.Sprintf("http://127.0.0.1:%d/graphql  gRPC 127.0.0.1:%d  db %s%s",
			svc.httpPort, svc.grpcPort, redact(s.dbURLs[svc.name]), note))
	}
	if s.mailWebURL != "" {
		line("mail", s.mailWebURL+"  (every mail the system sends; SMTP "+s.smtpAddr+")")
	}
	if s.pg != nil {
		line("PostgreSQL", redact(s.pgServer)+"  (private cluster, data in "+s.rel(s.dataDir("postgres"))+
			", each role's password in "+s.rel(s.dataDir(postgresPasswordDir))+"/<role>)")
	} else {
		line("PostgreSQL", redact(s.pgServer)+"  (DATABASE_URL)")
	}
	if s.nats != nil {
		line("NATS", s.natsURL+"  (embedded, JetStream store in "+s.rel(s.dataDir("nats"))+
			", NATS_USER <service> with NATS_PASSWORD in "+s.rel(s.dataDir("nats-passwords", "<service>"))+")")
	} else if s.natsProcess {
		line("NATS", s.natsURL+"  (child process, JetStream store in "+s.rel(s.dataDir("nats"))+
			fmt.Sprintf(", monitoring on 127.0.0.1:%d)", natsMonitorPort+s.offset))
	} else {
		line("NATS", redact(s.natsURL)+"  (NATS_URL)")
	}
	if gatewayURL != "" {
		if s.env["ADMIN_ACCOUNTS"] != "" {
			line("sign-in", "with an account of ADMIN_ACCOUNTS")
		} else {
			line("sign-in", "admin / admin (local default; ADMIN_ACCOUNTS replaces it)")
		}
	}
	if s.infra {
		line("identity", "key pair in "+s.rel(s.dataDir("identity"))+" (IDENTITY_PUBLIC_KEY: "+publicKeyFile+", IDENTITY_PRIVATE_KEY: "+privateKeyFile+")")
		line("service keys", "one pair per service in "+s.rel(s.dataDir("service-keys", "<service>"))+" (SERVICE_KEY: "+privateKeyFile+"; SERVICE_PUBLIC_KEYS: every service's "+publicKeyFile+")")
	}
	b.WriteString("Data stays in " + s.rel(s.dataDir()) + " (make clean-data removes it). Ctrl-C stops everything.\n\n")
	printf("%s", b.String())
}

func (s *stack) rel(p string) string {
	if r, err := filepath.Rel(s.root, p); err == nil {
		return r
	}
	return p
}

// withDatabase returns the PostgreSQL URL u with its database replaced by name.
func withDatabase(u, name string) (string, error) {
	pu, err := url.Parse(u)
	if err != nil {
		return "", err
	}
	if pu.Scheme != "postgres" && pu.Scheme != "postgresql" {
		return "", fmt.Errorf("want a postgres:// URL, got scheme %q", pu.Scheme)
	}
	pu.Path = "/" + name
	pu.RawPath = ""
	return pu.String(), nil
}

func redact(u string) string {
	pu, err := url.Parse(u)
	if err != nil || pu.User == nil {
		return u
	}
	return pu.Redacted()
}

func portFree(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return err
	}
	if host == "" {
		host = "127.0.0.1"
	}
	c, err := net.DialTimeout("tcp", net.JoinHostPort(host, port), 300*time.Millisecond)
	if err == nil {
		c.Close()
		return fmt.Errorf("port %s is already in use", port)
	}
	return nil
}

func exitText(err error) string {
	if err == nil {
		return "exit status 0"
	}
	return err.Error()
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// buildingOf returns the building file svc imports, as a path: -building's when svc imports one,
// else its own (relative to the repository); empty for a service that imports none.
func (s *stack) buildingOf(svc service) string {
	switch {
	case svc.building == "":
		return ""
	case s.building != "":
		return s.building
	}
	return filepath.Join(s.root, svc.building)
}

// checkBuilding runs `<name> check FILE` on -building's file before anything starts: the service
// prints each of the file's mistakes with its line, and the stack stops. Without -building, the
// demo's file is imported unchecked, as it always was (its tests keep it good).
func (s *stack) checkBuilding(ctx context.Context) error {
	if s.building == "" {
		return nil
	}
	for _, svc := range s.running {
		if svc.building == "" {
			continue
		}
		bin := s.binary(svc.name)
		if !isFile(bin) {
			return fmt.Errorf("%s is not built (run `make build`, or devstack without -build=false)", bin)
		}
		s.log.Info("checking the building file", "service", svc.name, "file", s.building)
		err := runOnce(ctx, svc.name, bin, []string{"check", s.building}, s.env, s.root)
		var exit *exec.ExitError
		if errors.As(err, &exit) && exit.ExitCode() == 1 {
			return fmt.Errorf("the building file %s has mistakes (listed above): nothing was started", s.building)
		}
		return err
	}
	return errors.New("-building: no service that imports a building file is in the tree")
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

// composedSubgraphs reads the names of the subgraphs in the gateway's composed router config.
func composedSubgraphs(configFile string) (map[string]bool, error) {
	b, err := os.ReadFile(configFile)
	if err != nil {
		return nil, err
	}
	var config struct {
		Subgraphs []struct {
			Name string `json:"name"`
		} `json:"subgraphs"`
	}
	if err := json.Unmarshal(b, &config); err != nil {
		return nil, fmt.Errorf("%s: %w", configFile, err)
	}
	if len(config.Subgraphs) == 0 {
		return nil, fmt.Errorf("%s lists no subgraphs", configFile)
	}
	names := map[string]bool{}
	for _, sg := range config.Subgraphs {
		names[sg.Name] = true
	}
	return names, nil
}
