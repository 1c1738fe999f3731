package observability

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	tracev1 "go.opentelemetry.io/proto/otlp/trace/v1"

	"semesterhaus/tools/internal/systemtest"
)

// The stack's ports are devstack's shifted by an offset at which all of them are free, away from
// `make run` (offset 0) and the stacks of the browser tests (100 and up).
const (
	firstOffset  = 500
	postgresPort = 54329 // devstack's private PostgreSQL and embedded NATS, before the offset
	natsPort     = 4229
)

// The parts of the system, the HTTP port devstack gives them and the port of their /metrics (before
// the offset): the services' HTTP port, the gateway's metrics port (its public port has none).
var parts = []struct {
	name        string
	port        int
	metricsPort int
	// metrics that must be on its /metrics after one booking, besides the HTTP and Go ones
	metrics []string
}{
	{"gateway", 8080, 9080, []string{"graphql_operations_total", "graphql_operation_duration_seconds_bucket"}},
	{"catalog", 8101, 8101, []string{"grpc_server_handled_total", "grpc_server_handling_seconds_bucket"}},
	{"renting", 8102, 8102, []string{"graphql_operations_total", "grpc_client_handled_total", "grpc_client_handling_seconds_bucket",
		"outbox_pending_events", "outbox_oldest_pending_age_seconds", "outbox_published_total",
		"events_consumer_deliveries_total", "events_consumer_redeliveries_total", "events_consumer_failures_total",
		"events_consumer_processing_seconds_bucket"}},
	{"renter", 8103, 8103, []string{"grpc_server_handled_total", "events_consumer_deliveries_total",
		"events_consumer_redeliveries_total", "events_consumer_failures_total", "events_consumer_processing_seconds_bucket"}},
	{"document", 8104, 8104, []string{"grpc_server_handled_total", "outbox_pending_events", "outbox_oldest_pending_age_seconds",
		"events_consumer_deliveries_total", "events_consumer_processing_seconds_bucket"}},
	{"payment", 8105, 8105, []string{"outbox_pending_events", "outbox_oldest_pending_age_seconds",
		"events_consumer_deliveries_total", "events_consumer_processing_seconds_bucket"}},
}

var everywhere = []string{"http_requests_total", "http_request_duration_seconds_bucket", "go_goroutines", "process_resident_memory_bytes"}

// TestBooking_throughTheRunningSystem_isOneTraceAndEveryPartServesMetrics starts the system as
// `make run` does, with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a receiver in this test, makes one
// booking through the gateway and checks that it is one trace that reaches from the gateway
// through the renting subgraph and a gRPC call to an event consumer.
func TestBooking_throughTheRunningSystem_isOneTraceAndEveryPartServesMetrics(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the whole system")
	}
	root, mails := systemtest.RepoRoot(t), systemtest.StartMailSink(t)
	receiver := startReceiver(t)
	offset := freeOffset(t)
	gateway := startStack(t, root, offset, map[string]string{
		"OTEL_EXPORTER_OTLP_ENDPOINT": receiver.url,
		"OTEL_EXPORTER_OTLP_PROTOCOL": "http/protobuf",
		"OTEL_BSP_SCHEDULE_DELAY":     "200", // ms: spans arrive soon after they end
		"SMTP_ADDR":                   mails.Addr(),
	})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	endpoint := gateway + "/api/graphql"
	semester, apartment, err := systemtest.FreeApartment(ctx, endpoint)
	if err != nil {
		t.Fatal(err)
	}
	renting, err := systemtest.Book(ctx, endpoint, systemtest.Booking{
		ApartmentID: apartment, SemesterID: semester, Email: "lena.trace@example.org", FirstName: "Lena",
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("booked: renting %s", renting)

	spans := waitForBookingTrace(t, receiver, 45*time.Second)
	for _, s := range spans {
		t.Logf("span %-9s %-8s %s", s.service, strings.TrimPrefix(s.kind.String(), "SPAN_KIND_"), s.name)
	}

	for _, p := range parts {
		url := fmt.Sprintf("http://127.0.0.1:%d/metrics", p.metricsPort+offset)
		body := get(ctx, t, url)
		for _, name := range append(slices.Clone(everywhere), p.metrics...) {
			if !strings.Contains(body, "\n"+name+"{") && !strings.Contains(body, "\n"+name+" ") {
				t.Errorf("%s: %s lacks %s", p.name, url, name)
			}
		}
	}
}

// waitForBookingTrace waits until one trace holds the gateway's request, the renting subgraph's
// request, a gRPC call from renting to another service and the processing of the renting event by
// a consumer in another service, each span a descendant of the gateway's; it returns that trace.
func waitForBookingTrace(t *testing.T, r *receiver, within time.Duration) []span {
	t.Helper()
	deadline := time.Now().Add(within)
	var missing []string
	for {
		traces := map[string]bool{}
		for _, s := range r.all() {
			if s.service == "gateway" && s.kind == tracev1.Span_SPAN_KIND_SERVER && s.name == "POST /api/graphql" {
				traces[s.traceID] = true
			}
		}
		for id := range traces {
			spans := r.trace(id)
			if missing = bookingTraceLacks(spans); len(missing) == 0 {
				return spans
			}
		}
		if time.Now().After(deadline) {
			for _, s := range r.all() {
				t.Logf("received %s %-9s %-8s %s (parent %s)", s.traceID[:8], s.service, strings.TrimPrefix(s.kind.String(), "SPAN_KIND_"), s.name, s.parent)
			}
			t.Fatalf("no trace of the booking with every part; the closest lacks %v; %d spans received", missing, len(r.all()))
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// bookingTraceLacks names what the trace lacks of a booking's path.
func bookingTraceLacks(spans []span) []string {
	byID := map[string]span{}
	for _, s := range spans {
		byID[s.spanID] = s
	}
	// underGateway tells whether s descends from the gateway's server span.
	underGateway := func(s span) bool {
		for range 64 {
			if s.service == "gateway" && s.kind == tracev1.Span_SPAN_KIND_SERVER {
				return true
			}
			parent, ok := byID[s.parent]
			if !ok {
				return false
			}
			s = parent
		}
		return false
	}
	found := func(match func(span) bool) bool {
		for _, s := range spans {
			if match(s) && underGateway(s) {
				return true
			}
		}
		return false
	}
	var missing []string
	for _, want := range []struct {
		what  string
		match func(span) bool
	}{
		{"the renting subgraph's request", func(s span) bool {
			return s.service == "renting" && s.kind == tracev1.Span_SPAN_KIND_SERVER && strings.HasSuffix(s.name, "/graphql")
		}},
		{"a gRPC call from renting", func(s span) bool {
			return s.service == "renting" && s.kind == tracev1.Span_SPAN_KIND_CLIENT && strings.Contains(s.name, "Service/")
		}},
		{"a gRPC call served by another service", func(s span) bool {
			return s.service != "renting" && s.kind == tracev1.Span_SPAN_KIND_SERVER && strings.Contains(s.name, "Service/")
		}},
		{"renting's outbox publishing the event", func(s span) bool {
			return s.service == "renting" && s.kind == tracev1.Span_SPAN_KIND_PRODUCER && strings.HasPrefix(s.name, "publish renting.")
		}},
		{"a consumer processing the event", func(s span) bool {
			return s.service != "renting" && s.kind == tracev1.Span_SPAN_KIND_CONSUMER && strings.HasPrefix(s.name, "process renting.")
		}},
	} {
		if !found(want.match) {
			missing = append(missing, want.what)
		}
	}
	return missing
}

func get(ctx context.Context, t *testing.T, url string) string {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: HTTP %d", url, resp.StatusCode)
	}
	return "\n" + string(body)
}

// freeOffset finds a port offset at which nothing listens on any port the stack will use.
func freeOffset(t *testing.T) int {
	t.Helper()
	for offset := firstOffset + rand.IntN(20)*10; offset < 1000; offset += 10 {
		ports := []int{postgresPort + offset, natsPort + offset}
		for _, p := range parts {
			ports = append(ports, p.port+offset, p.port+1000+offset) // HTTP, and gRPC (91xx)
		}
		if allFree(ports) {
			return offset
		}
	}
	t.Fatal("no port offset between 500 and 1000 has all of the stack's ports free")
	return 0
}

func allFree(ports []int) bool {
	for _, port := range ports {
		lis, err := net.Listen("tcp", fmt.Sprintf(":%d", port))
		if err != nil {
			return false
		}
		lis.Close()
	}
	return true
}

// startStack builds devstack and runs it with a fresh data directory (its own PostgreSQL cluster
// and NATS server) on ports shifted by offset, with env added to the environment; it returns the
// gateway's URL once the gateway is ready, and stops the stack when the test ends.
func startStack(t *testing.T, root string, offset int, env map[string]string) string {
	t.Helper()
	gateway := fmt.Sprintf("http://127.0.0.1:%d", 8080+offset)
	data := t.TempDir()
	childEnv := []string{"GOTOOLCHAIN=local", "GOFLAGS=-buildvcs=false"}
	for _, kv := range os.Environ() {
		key, _, _ := strings.Cut(kv, "=")
		switch {
		case key == "DATABASE_URL", key == "NATS_URL", key == "PORT", key == "SMTP_ADDR", key == "GOFLAGS", key == "GOTOOLCHAIN",
			strings.HasPrefix(key, "OTEL_"), strings.HasPrefix(key, "WEB_"):
			continue // the stack's own, not the caller's
		}
		childEnv = append(childEnv, kv)
	}
	for k, v := range env {
		childEnv = append(childEnv, k+"="+v)
	}

	build := exec.Command("go", "build", "-o", filepath.Join(data, "bin")+string(filepath.Separator), "./tools/cmd/devstack")
	build.Dir, build.Env = root, childEnv
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building devstack: %v\n%s", err, out)
	}
	logPath := filepath.Join(data, "devstack.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	stack := exec.Command(filepath.Join(data, "bin", "devstack"), "-root", root, "-data", data, "-port-offset", fmt.Sprint(offset))
	stack.Dir, stack.Env, stack.Stdout, stack.Stderr = root, childEnv, logFile, logFile
	if err := stack.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- stack.Wait(); logFile.Close() }()
	t.Cleanup(func() {
		_ = stack.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(60 * time.Second):
			_ = stack.Process.Kill()
			<-exited
		}
		if t.Failed() {
			logTail(t, logPath)
		}
	})

	// The first build of every binary takes a while on two cores; later ones come from the cache.
	deadline := time.Now().Add(5 * time.Minute)
	for {
		select {
		case err := <-exited:
			exited <- err
			logTail(t, logPath)
			t.Fatalf("devstack stopped during start-up: %v", err)
		default:
		}
		if resp, err := http.Get(gateway + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return gateway
			}
		} else if !errors.Is(err, syscall.ECONNREFUSED) && !strings.Contains(err.Error(), "connection refused") {
			t.Logf("waiting for the gateway: %v", err)
		}
		if time.Now().After(deadline) {
			t.Fatal("the gateway is not ready after 5 minutes")
		}
		time.Sleep(250 * time.Millisecond)
	}
}

func logTail(t *testing.T, path string) {
	t.Helper()
	b, _ := os.ReadFile(path)
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	t.Logf("devstack's log (last lines of %d):\n%s", len(lines), strings.Join(lines[max(0, len(lines)-60):], "\n"))
}
