package natslocal_test

import (
	"context"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"semesterhaus/platform/natslocal"
)

// TestStart_restartOnSameStore_keepsStream publishes into a file-backed stream, restarts the
// server on the same store directory and finds the message again.
func TestStart_restartOnSameStore_keepsStream(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	store := t.TempDir()

	s, err := natslocal.Start(natslocal.Options{StoreDir: store})
	if err != nil {
		t.Fatal(err)
	}
	js := connect(t, s.URL())
	if _, err := js.CreateStream(ctx, jetstream.StreamConfig{Name: "KEPT", Subjects: []string{"kept.>"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := js.Publish(ctx, "kept.one", []byte("hello")); err != nil {
		t.Fatal(err)
	}
	s.Shutdown()

	s, err = natslocal.Start(natslocal.Options{StoreDir: store})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown()
	stream, err := connect(t, s.URL()).Stream(ctx, "KEPT")
	if err != nil {
		t.Fatal(err)
	}
	msg, err := stream.GetMsg(ctx, 1)
	if err != nil || string(msg.Data) != "hello" {
		t.Fatalf("after restart: %v, %v", msg, err)
	}
}

func connect(t *testing.T, url string) jetstream.JetStream {
	t.Helper()
	nc, err := nats.Connect(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	return js
}
