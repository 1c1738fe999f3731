package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	mathrand "math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"semesterhaus/platform/natslocal"
	"semesterhaus/platform/pglocal"
)

// The test binary doubles as a fake service and a fake gateway: the stack under test starts
// copies of it named catalog, renting and gateway, with DEVSTACK_FAKE=1 in their environment.
func TestMain(m *testing.M) {
	if os.Getenv("DEVSTACK_FAKE") == "1" {
		os.Exit(fakeMain())
	}
	os.Exit(m.Run())
}

// fakeMain records what it was started with in DEVSTACK_FAKE_LOG and behaves like a service
// (migrate, seed, serve with /readyz) or like the gateway.
func fakeMain() int {
	name := filepath.Base(os.Args[0])
	cmd := "serve"
	if len(os.Args) > 1 {
		cmd = os.Args[1]
	}
	record := func(format string, args ...any) {
		f, err := os.OpenFile(os.Getenv("DEVSTACK_FAKE_LOG"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			panic(err)
		}
		defer f.Close()
		fmt.Fprintf(f, name+" "+format+"\n", args...)
	}
	if name == "gateway" {
		record("start HTTP_ADDR=%s SUBGRAPH_URLS=%s NATS_URL=%s private_key=%t database_url=%q GOMEMLIMIT=%s",
			os.Getenv("HTTP_ADDR"), os.Getenv("SUBGRAPH_URLS"), os.Getenv("NATS_URL"),
			os.Getenv("IDENTITY_PRIVATE_KEY") != "", os.Getenv("DATABASE_URL"), os.Getenv("GOMEMLIMIT"))
		return fakeServe(name, os.Getenv("HTTP_ADDR"), "", record)
	}
	var peers []string
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); strings.HasSuffix(k, "_GRPC_ADDR") {
			peers = append(peers, kv)
		}
	}
	slices.Sort(peers)
	switch cmd {
	case "migrate":
		// The database must exist: connect to it.
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, os.Getenv("DATABASE_URL"))
		if err != nil {
			fmt.Fprintln(os.Stderr, "migrate:", err)
			return 1
		}
		conn.Close(ctx)
		record("migrate DATABASE_URL=%s", os.Getenv("DATABASE_URL"))
		return 0
	case "import":
		record("import %s", filepath.Base(os.Args[len(os.Args)-1]))
		return 0
	case "check":
		// As `catalog check FILE`: each line of the file that says "mistake" is one, named with its line.
		file := os.Args[len(os.Args)-1]
		record("check %s", filepath.Base(file))
		data, err := os.ReadFile(file)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		mistakes := 0
		for i, line := range strings.Split(string(data), "\n") {
			if strings.Contains(line, "mistake") {
				fmt.Fprintf(os.Stderr, "%s:%d: %s\n", file, i+1, line)
				mistakes++
			}
		}
		if mistakes > 0 {
			return 1
		}
		return 0
	case "serve":
		record("serve GOMEMLIMIT=%s HTTP_ADDR=%s GRPC_ADDR=%s NATS_URL=%s IDENTITY_PUBLIC_KEY=%s private_key=%t LOG_FORMAT=%s %s",
			os.Getenv("GOMEMLIMIT"), os.Getenv("HTTP_ADDR"), os.Getenv("GRPC_ADDR"), os.Getenv("NATS_URL"), os.Getenv("IDENTITY_PUBLIC_KEY"),
			os.Getenv("IDENTITY_PRIVATE_KEY") != "", os.Getenv("LOG_FORMAT"), strings.Join(peers, " "))
		return fakeServe(name, os.Getenv("HTTP_ADDR"), os.Getenv("GRPC_ADDR"), record)
	}
	fmt.Fprintln(os.Stderr, "unknown command", cmd)
	return 2
}

func fakeServe(name, httpAddr, grpcAddr string, record func(string, ...any)) int {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT)
	l, err := net.Listen("tcp", httpAddr)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if grpcAddr != "" {
		g, err := net.Listen("tcp", grpcAddr)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer g.Close()
	}
	go http.Serve(l, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusOK)
	}))
	fmt.Println("listening on", httpAddr) // shows up prefixed in the stack's output
	var die <-chan time.Time
	if os.Getenv("DEVSTACK_FAKE_DIE") == name {
		die = time.After(time.Second)
	}
	select {
	case sig := <-sigs:
		record("stopped by %v", sig)
		return 0
	case <-die:
		record("died")
		return 3
	}
}

// testServerURL is a PostgreSQL server the test may create databases on: TEST_DATABASE_URL,
// else the one on 127.0.0.1:5432, else a private cluster.
func testServerURL(t *testing.T) string {
	t.Helper()
	if u := os.Getenv("TEST_DATABASE_URL"); u != "" {
		return u
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	local := "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
	if conn, err := pgx.Connect(ctx, local); err == nil {
		conn.Close(ctx)
		return local
	}
	c, err := pglocal.Start(context.Background(), pglocal.Options{DataDir: filepath.Join(t.TempDir(), "pg")})
	if err != nil {
		t.Fatalf("no PostgreSQL for the test: %v", err)
	}
	t.Cleanup(func() { _ = c.Stop() })
	return c.URL("postgres")
}

// freePort returns a port nothing listens on, below Linux's range of ephemeral ports (32768 and up): a
// port the kernel hands out for ":0" may go to an outgoing connection of a test running beside this
// one before the service started on it binds it ("port … is already in use").
func freePort(t *testing.T) int {
	t.Helper()
	for range 100 {
		port := 20000 + mathrand.IntN(12000)
		l, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err == nil {
			l.Close()
			return port
		}
	}
	t.Fatal("no free port between 20000 and 32000")
	return 0
}

type fixture struct {
	stack   *stack
	logFile string
}

// newFixture lays out a repository with the given services (and a gateway), whose binaries are
// copies of the test binary, against real PostgreSQL and NATS servers.
func newFixture(t *testing.T, serviceNames ...string) *fixture {
	t.Helper()
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "go.work"), []byte("go 1.26.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var table []service
	for _, name := range append(slices.Clone(serviceNames), "gateway") {
		dir := filepath.Join(root, "services", name, "cmd", name)
		if name == "gateway" {
			dir = filepath.Join(root, "gateway", "cmd", "gateway")
		} else {
			svc := service{name: name, httpPort: freePort(t), grpcPort: freePort(t)}
			if name == "catalog" {
				svc.building = "services/catalog/demo/building.yaml"
			}
			table = append(table, svc)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		copyFile(t, self, filepath.Join(root, dataDirName, "bin", name))
	}
	writeComposedConfig(t, root, serviceNames...)
	// A service that is in the table but not in the tree is skipped.
	table = append(table, service{name: "payment", httpPort: freePort(t), grpcPort: freePort(t)})

	nats, err := natslocal.Start(natslocal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nats.Shutdown)

	serverURL := testServerURL(t)
	prefix := "devstacktest_" + randomHex(t) + "_"
	t.Cleanup(func() { dropDatabases(t, serverURL, prefix, serviceNames) })

	logFile := filepath.Join(root, "fake.log")
	log := slog.New(slog.NewTextHandler(newPrefixWriter(os.Stderr, "devstack"), &slog.HandlerOptions{ReplaceAttr: dropTime}))
	return &fixture{
		logFile: logFile,
		stack: &stack{
			root:     root,
			services: table,
			dbPrefix: prefix,
			log:      log,
			natsLog:  log,
			env: map[string]string{
				"PATH":              os.Getenv("PATH"),
				"DEVSTACK_FAKE":     "1",
				"DEVSTACK_FAKE_LOG": logFile,
				"DATABASE_URL":      serverURL,
				"NATS_URL":          nats.URL(),
				"PORT":              fmt.Sprint(freePort(t)),
				// A mail server of the caller's: devstack starts no mail catcher then.
				"SMTP_ADDR": "127.0.0.1:2525",
			},
		},
	}
}

func (f *fixture) lines(t *testing.T) []string {
	t.Helper()
	file, err := os.Open(f.logFile)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	} else if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	var lines []string
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines
}

// waitFor polls the fake log until a line starts with prefix.
func (f *fixture) waitFor(t *testing.T, errc <-chan error, prefix string) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		for _, l := range f.lines(t) {
			if strings.HasPrefix(l, prefix) {
				return
			}
		}
		select {
		case err := <-errc:
			t.Fatalf("the stack ended (%v) before %q", err, prefix)
		case <-time.After(100 * time.Millisecond):
		}
	}
	t.Fatalf("no %q in the fake log after 2 minutes: %q", prefix, f.lines(t))
}

// startUntilGateway runs the stack until the fake gateway started and returns stop, which ends it as
// Ctrl-C does and fails the test unless run then returns nil within a minute.
func (f *fixture) startUntilGateway(t *testing.T) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	errc := make(chan error, 1)
	go func() { errc <- f.stack.run(ctx) }()
	f.waitFor(t, errc, "gateway start")
	return func() {
		t.Helper()
		cancel()
		select {
		case err := <-errc:
			if err != nil {
				t.Fatalf("run after Ctrl-C: %v", err)
			}
		case <-time.After(time.Minute):
			t.Fatal("the stack did not stop within a minute")
		}
	}
}

func TestStackStartsInOrderAndStopsInReverse(t *testing.T) {
	f := newFixture(t, "catalog", "renting")
	stop := f.startUntilGateway(t)
	gatewayURL := "http://127.0.0.1:" + f.stack.env["PORT"] + "/"
	for i := 0; ; i++ {
		resp, err := http.Get(gatewayURL)
		if err == nil {
			resp.Body.Close()
			break
		}
		if i == 100 {
			t.Fatalf("gateway does not answer: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	keys, _, err := loadOrCreateKeys(filepath.Join(f.stack.root, dataDirName, "identity"))
	if err != nil {
		t.Fatal(err)
	}

	stop()

	var got []string
	for _, l := range f.lines(t) {
		got = append(got, strings.Join(strings.Fields(l)[:2], " "))
	}
	want := []string{
		"catalog migrate", "catalog import", "catalog serve",
		"renting migrate", "renting serve",
		"gateway start",
		"gateway stopped", "renting stopped", "catalog stopped",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("sequence\n got %q\nwant %q", got, want)
	}

	cat, rent := f.stack.services[0], f.stack.services[1]
	env := strings.Join(f.lines(t), "\n")
	for _, w := range []string{
		fmt.Sprintf("catalog migrate DATABASE_URL=%s", mustWithDatabase(t, f.stack.env["DATABASE_URL"], f.stack.dbPrefix+"catalog")),
		fmt.Sprintf("renting migrate DATABASE_URL=%s", mustWithDatabase(t, f.stack.env["DATABASE_URL"], f.stack.dbPrefix+"renting")),
		fmt.Sprintf("catalog serve GOMEMLIMIT=%s HTTP_ADDR=127.0.0.1:%d GRPC_ADDR=127.0.0.1:%d NATS_URL=%s IDENTITY_PUBLIC_KEY=%s private_key=false LOG_FORMAT=text RENTING_GRPC_ADDR=127.0.0.1:%d",
			defaultMemoryLimit, cat.httpPort, cat.grpcPort, f.stack.env["NATS_URL"], keys.public, rent.grpcPort),
		fmt.Sprintf("renting serve GOMEMLIMIT=%s HTTP_ADDR=127.0.0.1:%d GRPC_ADDR=127.0.0.1:%d NATS_URL=%s IDENTITY_PUBLIC_KEY=%s private_key=false LOG_FORMAT=text CATALOG_GRPC_ADDR=127.0.0.1:%d",
			defaultMemoryLimit, rent.httpPort, rent.grpcPort, f.stack.env["NATS_URL"], keys.public, cat.grpcPort),
		fmt.Sprintf("gateway start HTTP_ADDR=:%s SUBGRAPH_URLS=catalog=http://127.0.0.1:%d/graphql,renting=http://127.0.0.1:%d/graphql NATS_URL=%s private_key=true database_url=\"\" GOMEMLIMIT=%s",
			f.stack.env["PORT"], cat.httpPort, rent.httpPort, f.stack.env["NATS_URL"], defaultMemoryLimit),
	} {
		if !strings.Contains(env, w) {
			t.Errorf("fake log lacks\n  %s\nlog:\n%s", w, env)
		}
	}
	for _, port := range []int{cat.httpPort, cat.grpcPort, rent.httpPort, rent.grpcPort} {
		if portFree(fmt.Sprintf("127.0.0.1:%d", port)) != nil {
			t.Errorf("port %d still in use after the stop", port)
		}
	}
}

// TestStackRestartsAChildThatDied: a service that dies (here every second) is started again after
// a back-off while the rest keeps running, and Ctrl-C still stops all of it.
func TestStackRestartsAChildThatDied(t *testing.T) {
	f := newFixture(t, "catalog", "renting")
	f.stack.env["DEVSTACK_FAKE_DIE"] = "renting"
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- f.stack.run(ctx) }()
	deadline := time.Now().Add(2 * time.Minute)
	for strings.Count(strings.Join(f.lines(t), "\n"), "renting serve") < 3 {
		if time.Now().After(deadline) {
			t.Fatalf("renting was not started again twice:\n%s", strings.Join(f.lines(t), "\n"))
		}
		time.Sleep(100 * time.Millisecond)
	}
	cancel()
	if err := <-errc; err != nil {
		t.Fatalf("run after Ctrl-C: %v", err)
	}
	log := strings.Join(f.lines(t), "\n")
	if strings.Count(log, "catalog serve") != 1 || !strings.Contains(log, "catalog stopped by terminated") {
		t.Errorf("catalog should run once, undisturbed, until Ctrl-C:\n%s", log)
	}
	if strings.Contains(log, "gateway start") && !strings.Contains(log, "gateway stopped") {
		t.Errorf("the gateway was left running:\n%s", log)
	}
}

func TestBackoff_doublesUpToItsCapAndResetsAfterAStableRun(t *testing.T) {
	var b backoff
	var got []time.Duration
	for range 7 {
		got = append(got, b.next(time.Second))
	}
	want := []time.Duration{1, 2, 4, 8, 16, 30, 30}
	for i := range want {
		if got[i] != want[i]*time.Second {
			t.Fatalf("delays %v, want %v seconds", got, want)
		}
	}
	if d := b.next(2 * time.Minute); d != time.Second {
		t.Errorf("after a run of two minutes: %v, want 1s", d)
	}
}

func TestStackRoutesOnlyComposedSubgraphs(t *testing.T) {
	f := newFixture(t, "catalog", "renting")
	writeComposedConfig(t, f.stack.root, "catalog")
	f.startUntilGateway(t)()
	log := strings.Join(f.lines(t), "\n")
	want := fmt.Sprintf("SUBGRAPH_URLS=catalog=http://127.0.0.1:%d/graphql NATS_URL", f.stack.services[0].httpPort)
	if !strings.Contains(log, want) || !strings.Contains(log, "renting serve") {
		t.Errorf("want renting running but not routed (%s):\n%s", want, log)
	}
}

func writeComposedConfig(t *testing.T, root string, names ...string) {
	t.Helper()
	var sgs []string
	for _, n := range names {
		sgs = append(sgs, fmt.Sprintf(`{"name": %q, "routingUrl": "http://127.0.0.1:1/graphql"}`, n))
	}
	dir := filepath.Join(root, "gateway", "schema")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	config := `{"version": "x", "subgraphs": [` + strings.Join(sgs, ", ") + `]}`
	if err := os.WriteFile(filepath.Join(dir, "config.json"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestStackFailsWhenAServiceIsNotBuilt(t *testing.T) {
	f := newFixture(t, "catalog")
	if err := os.Remove(filepath.Join(f.stack.root, dataDirName, "bin", "catalog")); err != nil {
		t.Fatal(err)
	}
	err := f.stack.run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "not built") {
		t.Fatalf("run = %v, want a 'not built' error", err)
	}
}

// TestStack_aBuildingFileWithMistakes_stopsBeforeAnythingStarts: with -building, the catalog's
// `check` runs on the file first; a mistake in it stops the stack before a database is made or a
// service migrated.
func TestStack_aBuildingFileWithMistakes_stopsBeforeAnythingStarts(t *testing.T) {
	f := newFixture(t, "catalog", "renting")
	f.stack.building = filepath.Join(t.TempDir(), "haus.yaml")
	if err := os.WriteFile(f.stack.building, []byte("name: Haus\naddress: a mistake\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := f.stack.run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "the building file "+f.stack.building+" has mistakes (listed above): nothing was started") {
		t.Fatalf("run = %v, want the building file's mistakes", err)
	}
	if got := f.lines(t); !slices.Equal(got, []string{"catalog check haus.yaml"}) {
		t.Errorf("fake log %q, want the check alone", got)
	}
	if len(f.stack.dbURLs) > 0 {
		t.Errorf("databases made: %v", f.stack.dbURLs)
	}
}

// TestStack_aGoodBuildingFile_isImportedInsteadOfTheDemos: with -building, the catalog imports that
// file after its check, and the rest starts as always.
func TestStack_aGoodBuildingFile_isImportedInsteadOfTheDemos(t *testing.T) {
	f := newFixture(t, "catalog", "renting")
	f.stack.building = filepath.Join(t.TempDir(), "haus.yaml")
	if err := os.WriteFile(f.stack.building, []byte("name: Haus\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f.startUntilGateway(t)()
	var got []string
	for _, l := range f.lines(t) {
		got = append(got, strings.Join(strings.Fields(l)[:3], " "))
	}
	want := []string{"catalog check haus.yaml", "catalog migrate DATABASE_URL=", "catalog import haus.yaml"}
	if len(got) < len(want) || !slices.EqualFunc(got[:len(want)], want, strings.HasPrefix) {
		t.Errorf("fake log %q, want it to start with %q", got, want)
	}
}

func mustWithDatabase(t *testing.T, u, name string) string {
	t.Helper()
	s, err := withDatabase(u, name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

func randomHex(t *testing.T) string {
	b := make([]byte, 4)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b)
}

func dropDatabases(t *testing.T, serverURL, prefix string, names []string) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, serverURL)
	if err != nil {
		t.Logf("dropping test databases: %v", err)
		return
	}
	defer conn.Close(ctx)
	for _, n := range names {
		if _, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{prefix + n}.Sanitize()+" WITH (FORCE)"); err != nil {
			t.Logf("drop %s%s: %v", prefix, n, err)
		}
	}
}

func TestAddMemoryLimit_aProcessesOwnLimitBeforeTheCommonOneBeforeTheDefault(t *testing.T) {
	limitOf := func(env map[string]string, name string) string {
		s := &stack{env: env}
		got := map[string]string{}
		s.addMemoryLimit(got, name)
		return got["GOMEMLIMIT"]
	}
	own := map[string]string{"DOCUMENT_MEMORY_LIMIT": "805306368", "PROCESS_MEMORY_LIMIT": "256MiB"}
	if got := limitOf(own, "document"); got != "805306368" {
		t.Errorf("document: GOMEMLIMIT=%q, want its own limit", got)
	}
	if got := limitOf(own, "gateway"); got != "256MiB" {
		t.Errorf("gateway: GOMEMLIMIT=%q, want PROCESS_MEMORY_LIMIT", got)
	}
	if got := limitOf(map[string]string{}, "catalog"); got != defaultMemoryLimit {
		t.Errorf("catalog: GOMEMLIMIT=%q, want the default %s", got, defaultMemoryLimit)
	}
	// devstack's own GOMEMLIMIT reaches every process as it is (with the rest of its environment).
	if got := limitOf(map[string]string{"GOMEMLIMIT": "1GiB", "DOCUMENT_MEMORY_LIMIT": "1"}, "document"); got != "" {
		t.Errorf("GOMEMLIMIT in devstack's environment: set %q again", got)
	}
}
