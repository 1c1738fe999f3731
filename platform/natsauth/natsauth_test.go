package natsauth_test

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"semesterhaus/platform/events"
	"semesterhaus/platform/natsauth"
	"semesterhaus/platform/natslocal"
	"semesterhaus/proto/events/v1/streams"
)

// server starts an embedded server with every user of the table, each with the password
// "secret-<name>".
func server(t *testing.T) string {
	t.Helper()
	passwords := map[string]string{}
	for _, u := range natsauth.Users() {
		passwords[u.Name] = "secret-" + u.Name
	}
	s, err := natslocal.Start(natslocal.Options{Passwords: passwords})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Shutdown)
	return s.URL()
}

// connect signs in as user, the way the services do.
func connect(t *testing.T, url, user string) jetstream.JetStream {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	nc, js, err := events.Connect(ctx, url, slog.New(slog.DiscardHandler), natsauth.ConnectOptions(user, "secret-"+user)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return js
}

func user(t *testing.T, name string) natsauth.User {
	t.Helper()
	for _, u := range natsauth.Users() {
		if u.Name == name {
			return u
		}
	}
	t.Fatalf("no user %s", name)
	return natsauth.User{}
}

func TestConnect_anonymousOrWrongPassword_refused(t *testing.T) {
	t.Parallel()
	url := server(t)
	for _, options := range [][]nats.Option{nil, natsauth.ConnectOptions("renting", "wrong")} {
		nc, err := nats.Connect(url, options...)
		if err == nil {
			nc.Close()
			t.Fatalf("connected with %d options", len(options))
		}
		if !errors.Is(err, nats.ErrAuthorization) {
			t.Errorf("err = %v, want an authorization violation", err)
		}
	}
}

// TestUsers_allowedOperations_succeed runs, as each user, what the service does: creates and
// publishes into its streams, consumes the streams it reads, and keeps its buckets.
func TestUsers_allowedOperations_succeed(t *testing.T) {
	t.Parallel()
	url := server(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	users := natsauth.Users()
	// Producers first, so that the consumers find their streams.
	for _, u := range users {
		js := connect(t, url, u.Name)
		for _, s := range u.Publishes {
			if err := events.EnsureStream(ctx, js, s); err != nil {
				t.Fatalf("%s: %v", u.Name, err)
			}
			for _, name := range s.Declared {
				if _, err := js.Publish(ctx, s.Subject(name), []byte(u.Name)); err != nil {
					t.Fatalf("%s publishing %s: %v", u.Name, s.Subject(name), err)
				}
			}
		}
	}
	for _, u := range users {
		js := connect(t, url, u.Name)
		for _, c := range u.Consumes {
			s := c.Stream
			cons, err := js.CreateOrUpdateConsumer(ctx, s.Name, jetstream.ConsumerConfig{
				Durable: c.Durable, AckPolicy: jetstream.AckExplicitPolicy, FilterSubjects: []string{s.Wildcard()},
			})
			if err != nil {
				t.Fatalf("%s consuming %s: %v", u.Name, s.Name, err)
			}
			batch, err := cons.Fetch(1, jetstream.FetchMaxWait(5*time.Second))
			if err != nil {
				t.Fatalf("%s fetching from %s: %v", u.Name, s.Name, err)
			}
			n := 0
			for msg := range batch.Messages() {
				if err := msg.DoubleAck(ctx); err != nil {
					t.Fatalf("%s acknowledging on %s: %v", u.Name, s.Name, err)
				}
				n++
			}
			if n != 1 || batch.Error() != nil {
				t.Fatalf("%s fetched %d messages from %s: %v", u.Name, n, s.Name, batch.Error())
			}
		}
		for _, bucket := range u.Buckets {
			kv, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: bucket, TTL: time.Hour})
			if err != nil {
				t.Fatalf("%s creating bucket %s: %v", u.Name, bucket, err)
			}
			watcher, err := kv.WatchAll(ctx)
			if err != nil {
				t.Fatalf("%s watching %s: %v", u.Name, bucket, err)
			}
			if _, err := kv.Put(ctx, "k", []byte("v")); err != nil {
				t.Fatalf("%s writing %s: %v", u.Name, bucket, err)
			}
			for entry := range watcher.Updates() { // the bucket's keys at the start (none), then the put
				if entry != nil && entry.Key() == "k" {
					break
				}
			}
			if err := watcher.Stop(); err != nil {
				t.Fatalf("%s ending the watch of %s: %v", u.Name, bucket, err)
			}
			if e, err := kv.Get(ctx, "k"); err != nil || string(e.Value()) != "v" {
				t.Fatalf("%s reading %s: %v", u.Name, bucket, err)
			}
			if err := kv.Purge(ctx, "k"); err != nil {
				t.Fatalf("%s purging in %s: %v", u.Name, bucket, err)
			}
		}
	}
}

// TestPublish_onAnotherServicesSubject_refused: payment may not publish renting's events.
func TestPublish_onAnotherServicesSubject_refused(t *testing.T) {
	t.Parallel()
	url := server(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := events.EnsureStream(ctx, connect(t, url, "renting"), streams.Renting.Stream()); err != nil {
		t.Fatal(err)
	}
	payment := connect(t, url, "payment")
	_, err := payment.Publish(ctx, streams.Renting.StateChanged("CANCELED"), []byte("forged"))
	if err == nil {
		t.Fatal("payment published a renting event")
	}
	// Subjects whose events make another service act on somebody's data: nobody but renting may
	// publish them.
	for subject, why := range map[string]string{
		streams.Renting.Deleted():              "document deletes a renting's papers, renter forgets its renter",
		streams.Renting.ReminderDue():          "renter mails a renter a new confirmation token",
		streams.Renting.WaitlistConfirmation(): "renter mails a waitlist confirmation link to the address the event names",
		streams.Renting.WaitlistOffer():        "renter mails an apartment's offer to the address the event names",
	} {
		refused, cancelRefused := context.WithTimeout(ctx, 2*time.Second) // a refused publish gets no answer
		_, err := payment.Publish(refused, subject, []byte("forged"))
		cancelRefused()
		if err == nil {
			t.Errorf("payment published %s (%s)", subject, why)
		}
	}
	if err := events.EnsureStream(ctx, payment, streams.Renting.Stream()); err == nil {
		t.Fatal("payment changed the renting stream")
	}
}

// TestPublish_renterErased_onlyByTheRenterService: renter.erased makes renting and document erase a
// renter's papers and forms; neither of them, nor payment, may say so.
func TestPublish_renterErased_onlyByTheRenterService(t *testing.T) {
	t.Parallel()
	url := server(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := events.EnsureStream(ctx, connect(t, url, "renter"), streams.Renter.Stream()); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"renting", "document", "payment"} {
		refused, cancelRefused := context.WithTimeout(ctx, 2*time.Second) // a refused publish gets no answer
		_, err := connect(t, url, name).Publish(refused, streams.Renter.Erased(), []byte("forged"))
		cancelRefused()
		if err == nil {
			t.Errorf("%s published renter.erased", name)
		}
	}
}

// TestSessionBucket_asRenting_refused: only the gateway reads and writes its sessions.
func TestSessionBucket_asRenting_refused(t *testing.T) {
	t.Parallel()
	url := server(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	bucket := user(t, "gateway").Buckets[0]
	kv, err := connect(t, url, "gateway").CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: bucket})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := kv.Put(ctx, "session", []byte("admin")); err != nil {
		t.Fatal(err)
	}
	renting := connect(t, url, "renting")
	if _, err := renting.KeyValue(ctx, bucket); err == nil {
		t.Fatal("renting opened the session bucket")
	}
	nc := renting.Conn()
	if _, err := nc.Request("$KV."+bucket+".forged", []byte("admin"), time.Second); err == nil {
		t.Fatal("renting wrote into the session bucket")
	}
	if _, err := nc.Request("$JS.API.DIRECT.GET.KV_"+bucket+".$KV."+bucket+".session", nil, time.Second); err == nil {
		t.Fatal("renting read the session bucket")
	}
	if _, err := nc.SubscribeSync("_INBOX_gateway.>"); err != nil {
		t.Fatal(err)
	}
	if err := nc.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := nc.LastError(); err == nil {
		t.Fatal("renting listens to the gateway's replies")
	}
}

// TestConsumer_ofAnotherService_refused: the renter service reads RENTING, but under its own
// consumer only: it may neither create nor take over document's, nor pull or acknowledge its
// messages.
func TestConsumer_ofAnotherService_refused(t *testing.T) {
	t.Parallel()
	url := server(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	renting := streams.Renting.Stream()
	if err := events.EnsureStream(ctx, connect(t, url, "renting"), renting); err != nil {
		t.Fatal(err)
	}
	config := jetstream.ConsumerConfig{Durable: streams.DocumentRenting, AckPolicy: jetstream.AckExplicitPolicy}
	// A refused request gets no answer: each attempt waits a second at most.
	refusedCtx := func() context.Context {
		c, cancel := context.WithTimeout(ctx, time.Second)
		t.Cleanup(cancel)
		return c
	}
	renter := connect(t, url, "renter")
	if _, err := renter.CreateOrUpdateConsumer(refusedCtx(), renting.Name, config); err == nil {
		t.Fatal("renter created document's consumer")
	}
	if _, err := connect(t, url, "document").CreateOrUpdateConsumer(ctx, renting.Name, config); err != nil {
		t.Fatal(err)
	}
	if _, err := renter.Consumer(refusedCtx(), renting.Name, streams.DocumentRenting); err == nil {
		t.Fatal("renter looked at document's consumer")
	}
	nc := renter.Conn()
	next := "$JS.API.CONSUMER.MSG.NEXT." + renting.Name + "." + streams.DocumentRenting
	if _, err := nc.Request(next, []byte(`{"batch":1,"expires":100000000}`), time.Second); err == nil {
		t.Fatal("renter pulled from document's consumer")
	}
}
