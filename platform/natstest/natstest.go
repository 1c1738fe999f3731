// Package natstest gives tests a real NATS server with JetStream.
//
// The server is, in order: TEST_NATS_URL; a server with JetStream on 127.0.0.1:4222; else an
// embedded server (package natslocal) started once per test binary, which ends with the process.
// Test packages run in parallel against the same server, so everything a test creates on it must
// have a unique name: use Unique for streams, subjects and consumers.
package natstest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"semesterhaus/platform/natsauth"
	"semesterhaus/platform/natslocal"
)

const defaultURL = "nats://127.0.0.1:4222"

var (
	once      sync.Once
	serverURL string
	serverErr error
)

// URL returns the URL of a NATS server with JetStream.
func URL(t testing.TB) string {
	t.Helper()
	once.Do(func() { serverURL, serverErr = findServer() })
	if serverErr != nil {
		t.Fatal(serverErr)
	}
	return serverURL
}

// Connect returns a JetStream client on the test server, closed after the test.
func Connect(t testing.TB) (*nats.Conn, jetstream.JetStream) {
	t.Helper()
	return connect(t, URL(t))
}

// connect returns a JetStream client on url, closed after the test.
func connect(t testing.TB, url string, options ...nats.Option) (*nats.Conn, jetstream.JetStream) {
	t.Helper()
	nc, err := nats.Connect(url, options...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	return nc, js
}

// Unique returns prefix with a random suffix, e.g. "RENTING_3f9a1c2b": a name no other test uses.
// Upper-case prefixes suit stream names, lower-case ones subjects.
func Unique(prefix string) string {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	suffix := hex.EncodeToString(b)
	if strings.ToUpper(prefix) == prefix {
		suffix = strings.ToUpper(suffix)
	}
	return prefix + "_" + suffix
}

func findServer() (string, error) {
	if u := os.Getenv("TEST_NATS_URL"); u != "" {
		return u, keepStreamsDirectory(u)
	}
	if hasJetStream(defaultURL) {
		return defaultURL, keepStreamsDirectory(defaultURL)
	}
	s, err := natslocal.Start(natslocal.Options{})
	if err != nil {
		return "", fmt.Errorf("natstest: no NATS at TEST_NATS_URL or %s, and none could be started: %w", defaultURL, err)
	}
	return s.URL(), nil
}

func hasJetStream(url string) bool {
	nc, err := nats.Connect(url, nats.Timeout(time.Second))
	if err != nil {
		return false
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_, err = js.AccountInfo(ctx)
	return err == nil
}

// keeperStream is never deleted; see keepStreamsDirectory.
const keeperStream = "NATSTEST_KEEPER"

// keepStreamsDirectory makes sure a shared server always holds a file stream. Test packages run in
// parallel and delete their streams when they end; when the account's last stream goes, nats-server
// 2.9 removes its streams directory, and a stream another package creates at that moment fails with
// "could not create storage directory".
func keepStreamsDirectory(url string) error {
	nc, err := nats.Connect(url, nats.Timeout(5*time.Second))
	if err != nil {
		return fmt.Errorf("natstest: %w", err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return fmt.Errorf("natstest: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err = js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: keeperStream, Subjects: []string{"natstest.keeper"}, Storage: jetstream.FileStorage, MaxMsgs: 1,
	})
	if err != nil {
		return fmt.Errorf("natstest: keeper stream: %w", err)
	}
	return nil
}

// Password is each NATS user's password on a server of StartAuthorized.
func Password(user string) string { return "secret-" + user }

// StartAuthorized starts an embedded server of the test's own with authorization on: every user
// of natsauth's table signs in with Password(user), anonymous clients are refused. It ends with
// the test and returns its URL.
func StartAuthorized(t testing.TB) string {
	t.Helper()
	passwords := map[string]string{}
	for _, u := range natsauth.Users() {
		passwords[u.Name] = Password(u.Name)
	}
	s, err := natslocal.Start(natslocal.Options{Passwords: passwords})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Shutdown)
	return s.URL()
}

// SignIn connects to a server of StartAuthorized as user, closed after the test.
func SignIn(t testing.TB, url, user string) jetstream.JetStream {
	t.Helper()
	_, js := connect(t, url, natsauth.ConnectOptions(user, Password(user))...)
	return js
}
