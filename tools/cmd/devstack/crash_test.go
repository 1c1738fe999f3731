package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"semesterhaus/platform/natslocal"
	"semesterhaus/tools/internal/faultproxy"
	"semesterhaus/tools/internal/systemtest"
)

// TestRentingKilledRightAfterAStateChange_deliversTheEventAndTheMailExactlyOnce runs the real
// catalog, renter, document and renting binaries against real PostgreSQL and NATS. The renting
// service reaches NATS through a proxy that the test holds shut while a booking commits, so the
// booking's event is certainly still in the outbox when the service is killed with SIGKILL. After a
// restart the event goes out and the renter gets exactly one confirmation mail.
func TestRentingKilledRightAfterAStateChange_deliversTheEventAndTheMailExactlyOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the real services")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	root, mails := systemtest.RepoRoot(t), systemtest.StartMailSink(t)
	// NATS as make run has it: each service signs in as its own user, with its permissions only.
	passwords, err := loadOrCreateNATSPasswords(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	nats, err := natslocal.Start(natslocal.Options{StoreDir: t.TempDir(), Passwords: passwords})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nats.Shutdown)
	proxy, err := faultproxy.Listen("127.0.0.1:0", strings.TrimPrefix(nats.URL(), "nats://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = proxy.Close() })

	s := realServices(t, root, nats.URL(), mails.Addr())
	s.natsPasswords = passwords
	// The services prove who calls on gRPC with their own keys, as make run has them.
	if s.serviceKeys, err = loadOrCreateServiceKeys(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	if err := s.buildBinaries(ctx, false); err != nil {
		t.Fatal(err)
	}
	if err := s.createDatabases(ctx); err != nil {
		t.Fatal(err)
	}
	if err := s.provisionNATS(ctx); err != nil { // as make run does before the services start
		t.Fatal(err)
	}
	keys, _, err := loadOrCreateKeys(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.shutdown() })
	for _, svc := range s.running {
		if svc.name == "renting" {
			continue
		}
		if err := s.startService(ctx, svc, keys); err != nil {
			t.Fatal(err)
		}
	}
	// The renting service alone talks to NATS through the proxy.
	renting := *s
	renting.natsURL, renting.procs = "nats://"+proxy.Addr(), nil
	t.Cleanup(func() { _ = renting.shutdown() })
	rentingSvc := s.running[len(s.running)-1]
	if err := renting.startService(ctx, rentingSvc, keys); err != nil {
		t.Fatal(err)
	}

	proxy.Partition()
	endpoint := fmt.Sprintf("http://127.0.0.1:%d/graphql", rentingSvc.httpPort)
	semester, apartment, err := systemtest.FreeApartment(ctx, endpoint)
	if err != nil {
		t.Fatal(err)
	}
	const email = "kim.crash@example.org"
	id, err := systemtest.Book(ctx, endpoint, systemtest.Booking{ApartmentID: apartment, SemesterID: semester, Email: email, FirstName: "Kim"})
	if err != nil {
		t.Fatal(err)
	}
	if n := unpublished(ctx, t, s.dbURLs["renting"]); n == 0 {
		t.Fatal("the booking's event left the outbox although NATS was out of reach")
	}
	if err := renting.procs[0].cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-renting.procs[0].done
	if n := len(mails.To(email)); n != 0 {
		t.Fatalf("%d mails before the event was published", n)
	}

	proxy.Heal()
	renting.procs = nil
	if err := renting.startService(ctx, rentingSvc, keys); err != nil {
		t.Fatal(err)
	}
	waitFor(t, 60*time.Second, "the confirmation mail", func() bool { return len(mails.To(email)) > 0 })
	if n := unpublished(ctx, t, s.dbURLs["renting"]); n != 0 {
		t.Errorf("%d events still in the outbox after the restart", n)
	}
	// Long enough for a second copy: the relay polls every 2 s and the mail sender as often.
	time.Sleep(8 * time.Second)
	got := mails.To(email)
	if len(got) != 1 {
		t.Fatalf("%d mails to %s, want exactly one", len(got), email)
	}
	if !strings.Contains(string(got[0].Data), "/booking/step3?email=") {
		t.Errorf("the mail has no confirmation link:\n%s", got[0].Data)
	}
	t.Logf("renting %s: event published after the restart, one mail", id)
}

// realServices is a stack of the repository's real services, each on free ports, with the test's
// PostgreSQL server, NATS and mail sink; renting last.
func realServices(t *testing.T, root, natsURL, smtpAddr string) *stack {
	t.Helper()
	var table []service
	for _, name := range []string{"catalog", "renter", "document", "renting"} {
		svc := service{name: name, httpPort: freePort(t), grpcPort: freePort(t)}
		if name == "catalog" {
			svc.building = "services/catalog/demo/building.yaml"
		}
		table = append(table, svc)
	}
	prefix := "crashtest_" + randomHex(t) + "_"
	serverURL := testServerURL(t)
	t.Cleanup(func() { dropDatabases(t, serverURL, prefix, []string{"catalog", "renter", "document", "renting"}) })
	return &stack{
		root: root, services: table, running: table, dbPrefix: prefix,
		log:      slog.New(slog.NewTextHandler(io.Discard, nil)),
		pgServer: serverURL, natsURL: natsURL, smtpAddr: smtpAddr,
		env: childEnv(map[string]string{"DATABASE_URL": serverURL, "PORT": fmt.Sprint(freePort(t))}),
	}
}

// childEnv is the test's environment for the services, without the settings the stack decides.
func childEnv(set map[string]string) map[string]string {
	env := envMap(os.Environ())
	for key := range env {
		if key == "NATS_URL" || key == "SMTP_ADDR" || strings.HasPrefix(key, "OTEL_") || strings.HasPrefix(key, "WEB_") {
			delete(env, key)
		}
	}
	return with(env, set)
}

func unpublished(ctx context.Context, t *testing.T, databaseURL string) int {
	t.Helper()
	conn, err := pgx.Connect(ctx, databaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var n int
	if err := conn.QueryRow(ctx, "SELECT count(*) FROM outbox WHERE published_at IS NULL").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func waitFor(t *testing.T, limit time.Duration, what string, done func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !done() {
		if time.Now().After(deadline) {
			t.Fatalf("no %s within %s", what, limit)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
