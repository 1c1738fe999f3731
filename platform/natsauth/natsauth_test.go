package natsauth_test

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"semesterhaus/platform/events"
	"semesterhaus/platform/natsauth"
	"semesterhaus/platform/natsprovision"
	"semesterhaus/platform/natstest"
	"semesterhaus/proto/events/v1/streams"
)

// server starts an embedded server with every user of the table (natstest.StartAuthorized) and
// provisions it as natsauth's provisioning users.
func server(t *testing.T) string {
	t.Helper()
	url := natstest.StartAuthorized(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := natsprovision.Provision(ctx, connect(t, url, natsauth.Provisioner), connect(t, url, natsauth.GatewayProvisioner)); err != nil {
		t.Fatal(err)
	}
	return url
}

// connect signs in as user, the way the services do.
func connect(t *testing.T, url, user string) jetstream.JetStream {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	nc, js, err := events.Connect(ctx, url, slog.New(slog.DiscardHandler), natsauth.ConnectOptions(user, natstest.Password(user))...)
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

// TestUsers_allowedOperations_succeed runs, as each user, what the service does on what the
// provisioning made: publishes into its stream, binds to its durables, pulls and acknowledges, and
// the gateway keeps its buckets.
func TestUsers_allowedOperations_succeed(t *testing.T) {
	t.Parallel()
	url := server(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	users := natsauth.Users()
	// Producers first: one message on each subject a durable handles, so that each has one.
	for _, u := range users {
		js := connect(t, url, u.Name)
		for _, s := range u.Publishes {
			if _, err := js.Stream(ctx, s.Name); err != nil { // the readiness check
				t.Fatalf("%s looking at its stream %s: %v", u.Name, s.Name, err)
			}
			published := map[string]bool{}
			for _, c := range s.Consumers {
				for _, subject := range c.Handles {
					if subject = strings.ReplaceAll(subject, "*", "x"); published[subject] {
						continue
					}
					published[subject] = true
					if _, err := js.Publish(ctx, subject, []byte(u.Name)); err != nil {
						t.Fatalf("%s publishing %s: %v", u.Name, subject, err)
					}
				}
			}
		}
	}
	for _, u := range users {
		js := connect(t, url, u.Name)
		for _, c := range u.Consumes {
			cons, err := js.Consumer(ctx, c.Stream.Name, c.Durable)
			if err != nil {
				t.Fatalf("%s binding to %s on %s: %v", u.Name, c.Durable, c.Stream.Name, err)
			}
			batch, err := cons.Fetch(1, jetstream.FetchMaxWait(5*time.Second))
			if err != nil {
				t.Fatalf("%s fetching from %s: %v", u.Name, c.Durable, err)
			}
			n := 0
			for msg := range batch.Messages() {
				if err := msg.DoubleAck(ctx); err != nil {
					t.Fatalf("%s acknowledging on %s: %v", u.Name, c.Durable, err)
				}
				n++
			}
			if n != 1 || batch.Error() != nil {
				t.Fatalf("%s fetched %d messages from %s: %v", u.Name, n, c.Durable, batch.Error())
			}
		}
		for _, bucket := range u.Buckets {
			kv, err := js.KeyValue(ctx, bucket)
			if err != nil {
				t.Fatalf("%s binding to bucket %s: %v", u.Name, bucket, err)
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

// TestProvision_again_changesNothingAndRestoresTheCatalogue: provisioning is idempotent, and a
// durable changed behind its back gets the catalogue's filter again.
func TestProvision_again_changesNothingAndRestoresTheCatalogue(t *testing.T) {
	t.Parallel()
	url := server(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	services, gateway := connect(t, url, natsauth.Provisioner), connect(t, url, natsauth.GatewayProvisioner)
	before := snapshot(t, url)
	renting := streams.Renting.Stream()
	if _, err := services.UpdateConsumer(ctx, renting.Name, jetstream.ConsumerConfig{
		Durable: streams.PaymentRenting, AckPolicy: jetstream.AckExplicitPolicy, FilterSubject: renting.Wildcard(),
	}); err != nil {
		t.Fatal(err)
	}
	if err := natsprovision.Provision(ctx, services, gateway); err != nil {
		t.Fatal(err)
	}
	if after := snapshot(t, url); after != before {
		t.Errorf("provisioning again changed the configuration:\nbefore %s\nafter  %s", before, after)
	}
}

// TestAccounts_theServicesSeeNoBucketAndTheGatewayNoStream: the gateway's buckets are in an account
// of their own. Even the services' provisioning user, which may look at every stream of its
// account, finds no bucket there, and the gateway's finds no service's stream: no stream
// configuration of one account reaches a subject of the other.
func TestAccounts_theServicesSeeNoBucketAndTheGatewayNoStream(t *testing.T) {
	t.Parallel()
	url := server(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := connect(t, url, natsauth.Provisioner).KeyValue(ctx, natsauth.SessionBucket.Name); !errors.Is(err, jetstream.ErrBucketNotFound) {
		t.Errorf("the services' account sees the session bucket: %v", err)
	}
	if _, err := connect(t, url, natsauth.GatewayProvisioner).Stream(ctx, streams.Renting.Stream().Name); !errors.Is(err, jetstream.ErrStreamNotFound) {
		t.Errorf("the gateway's account sees RENTING: %v", err)
	}
}

// violations records the permission violations the server reports to one connection.
type violations struct {
	mu   sync.Mutex
	seen []string
}

func (v *violations) add(err error) {
	if errors.Is(err, nats.ErrPermissionViolation) {
		v.mu.Lock()
		v.seen = append(v.seen, err.Error())
		v.mu.Unlock()
	}
}

// of reports whether the server refused a publish to subject (a JetStream API call is one), or to
// a subject under it when subject ends with a dot.
func (v *violations) of(subject string) bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	quoted := `"` + subject
	if !strings.HasSuffix(subject, ".") {
		quoted += `"`
	}
	return slices.ContainsFunc(v.seen, func(s string) bool { return strings.Contains(s, quoted) })
}

// reset forgets what was refused so far.
func (v *violations) reset() {
	v.mu.Lock()
	v.seen = nil
	v.mu.Unlock()
}

// attacker signs in as user and records what the server refuses it.
func attacker(t *testing.T, url, name string) (jetstream.JetStream, *violations) {
	t.Helper()
	v := &violations{}
	nc, err := nats.Connect(url, append(natsauth.ConnectOptions(name, natstest.Password(name)),
		nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) { v.add(err) }))...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	return js, v
}

// attack is one thing a stolen credential tries, and the JetStream API subject (or plain subject)
// whose refusal by the server shows it did not happen.
type attack struct {
	name    string
	subject string
	try     func(ctx context.Context, js jetstream.JetStream) error
}

// attacksAs are the routes from one service's (or the gateway's) credentials to somebody else's
// data that the finding of issue 31 and its variants take: a stream that republishes into the
// session bucket or sources another's stream, a new or widened durable, deletions, a forged
// session, a direct read, another's subject.
func attacksAs(u natsauth.User) []attack {
	renting, renter := streams.Renting.Stream(), streams.Renter.Stream()
	own := renting // the stream whose data the attacker wants
	if u.Name == "renting" {
		own = streams.Payment.Stream()
	}
	var mine streams.Stream // the attacker's own stream; the gateway's is its session bucket
	switch {
	case len(u.Publishes) > 0:
		mine = u.Publishes[0]
	default:
		mine = streams.Stream{Name: "KV_" + natsauth.SessionBucket.Name, Prefix: "$KV." + natsauth.SessionBucket.Name}
	}
	republish := func(destination string) jetstream.StreamConfig {
		cfg := natsprovision.StreamConfig(mine, streams.DuplicateWindow)
		cfg.RePublish = &jetstream.RePublish{Source: mine.Wildcard(), Destination: destination}
		return cfg
	}
	stolen := jetstream.StreamConfig{Name: "STOLEN", Storage: jetstream.FileStorage}
	attacks := []attack{
		{"republish its stream into the session bucket", "$JS.API.STREAM.UPDATE." + mine.Name, func(ctx context.Context, js jetstream.JetStream) error {
			_, err := js.UpdateStream(ctx, republish("$KV."+natsauth.SessionBucket.Name+".forged"))
			return err
		}},
		{"republish its stream as renter.erased", "$JS.API.STREAM.UPDATE." + mine.Name, func(ctx context.Context, js jetstream.JetStream) error {
			_, err := js.UpdateStream(ctx, republish(renter.Subject("erased")))
			return err
		}},
		{"source " + own.Name + " into its stream", "$JS.API.STREAM.UPDATE." + mine.Name, func(ctx context.Context, js jetstream.JetStream) error {
			cfg := natsprovision.StreamConfig(mine, streams.DuplicateWindow)
			cfg.Sources = []*jetstream.StreamSource{{Name: own.Name}}
			_, err := js.UpdateStream(ctx, cfg)
			return err
		}},
		{"create a stream sourcing " + own.Name, "$JS.API.STREAM.CREATE.STOLEN", func(ctx context.Context, js jetstream.JetStream) error {
			cfg := stolen
			cfg.Sources = []*jetstream.StreamSource{{Name: own.Name}}
			_, err := js.CreateStream(ctx, cfg)
			return err
		}},
		{"create a mirror of " + own.Name, "$JS.API.STREAM.CREATE.STOLEN", func(ctx context.Context, js jetstream.JetStream) error {
			cfg := stolen
			cfg.Mirror = &jetstream.StreamSource{Name: own.Name}
			_, err := js.CreateStream(ctx, cfg)
			return err
		}},
		{"create a stream republishing into the session bucket", "$JS.API.STREAM.CREATE.STOLEN", func(ctx context.Context, js jetstream.JetStream) error {
			cfg := stolen
			cfg.Subjects = []string{"stolen.>"}
			cfg.RePublish = &jetstream.RePublish{Source: "stolen.>", Destination: "$KV." + natsauth.SessionBucket.Name + ".forged"}
			_, err := js.CreateStream(ctx, cfg)
			return err
		}},
		{"create a durable on " + own.Name, "$JS.API.CONSUMER.CREATE." + own.Name + ".stolen." + own.Wildcard(), func(ctx context.Context, js jetstream.JetStream) error {
			_, err := js.CreateConsumer(ctx, own.Name, jetstream.ConsumerConfig{Durable: "stolen", FilterSubject: own.Wildcard()})
			return err
		}},
		{"read " + own.Name + " with an ephemeral consumer", "$JS.API.CONSUMER.CREATE." + own.Name + ".", func(ctx context.Context, js jetstream.JetStream) error {
			_, err := js.OrderedConsumer(ctx, own.Name, jetstream.OrderedConsumerConfig{})
			if err == nil {
				return errors.New("ordered consumer created")
			}
			return err
		}},
		{"read " + own.Name + " directly", "$JS.API.DIRECT.GET." + own.Name, func(ctx context.Context, js jetstream.JetStream) error {
			_, err := js.Conn().RequestWithContext(ctx, "$JS.API.DIRECT.GET."+own.Name, []byte(`{"seq":1}`))
			return err
		}},
		{"read " + own.Name + " by sequence", "$JS.API.STREAM.MSG.GET." + own.Name, func(ctx context.Context, js jetstream.JetStream) error {
			_, err := js.Conn().RequestWithContext(ctx, "$JS.API.STREAM.MSG.GET."+own.Name, []byte(`{"seq":1}`))
			return err
		}},
		{"delete the stream " + own.Name, "$JS.API.STREAM.DELETE." + own.Name, func(ctx context.Context, js jetstream.JetStream) error {
			return js.DeleteStream(ctx, own.Name)
		}},
		{"delete its own stream", "$JS.API.STREAM.DELETE." + mine.Name, func(ctx context.Context, js jetstream.JetStream) error {
			return js.DeleteStream(ctx, mine.Name)
		}},
		{"purge the stream " + own.Name, "$JS.API.STREAM.PURGE." + own.Name, func(ctx context.Context, js jetstream.JetStream) error {
			_, err := js.Conn().RequestWithContext(ctx, "$JS.API.STREAM.PURGE."+own.Name, nil)
			return err
		}},
		{"forge renter.erased", renter.Subject("erased"), func(ctx context.Context, js jetstream.JetStream) error {
			_, err := js.Publish(ctx, renter.Subject("erased"), []byte("forged"))
			return err
		}},
		{"forge renting.deleted", renting.Subject("deleted"), func(ctx context.Context, js jetstream.JetStream) error {
			_, err := js.Publish(ctx, renting.Subject("deleted"), []byte("forged"))
			return err
		}},
		// the payment charges the total the contract_signed event carries; the document service writes
		// the contract of an approved booking for the renter, apartment and semester its event names
		{"forge renting.state.contract_signed", streams.Renting.StateChanged("CONTRACT_SIGNED"), func(ctx context.Context, js jetstream.JetStream) error {
			_, err := js.Publish(ctx, streams.Renting.StateChanged("CONTRACT_SIGNED"), []byte("forged"))
			return err
		}},
		{"forge renting.state.owner_acknowledged", streams.Renting.StateChanged("OWNER_ACKNOWLEDGED"), func(ctx context.Context, js jetstream.JetStream) error {
			_, err := js.Publish(ctx, streams.Renting.StateChanged("OWNER_ACKNOWLEDGED"), []byte("forged"))
			return err
		}},
		// the deposit's settlement makes the payment service refund money
		{"forge renting.deposit_settled", streams.Renting.DepositSettled(), func(ctx context.Context, js jetstream.JetStream) error {
			_, err := js.Publish(ctx, streams.Renting.DepositSettled(), []byte("forged"))
			return err
		}},
	}
	if u.Name == "renter" {
		attacks = slices.DeleteFunc(attacks, func(a attack) bool { return a.name == "forge renter.erased" })
	}
	if u.Name == "renting" {
		attacks = slices.DeleteFunc(attacks, func(a attack) bool { return strings.HasPrefix(a.name, "forge renting.") })
	}
	if len(u.Buckets) == 0 { // a service: the session bucket is the gateway's
		forged := "$KV." + natsauth.SessionBucket.Name + ".forged"
		attacks = append(attacks, attack{"write an admin session", forged, func(ctx context.Context, js jetstream.JetStream) error {
			_, err := js.Conn().RequestWithContext(ctx, forged, []byte(`{"role":"admin"}`))
			return err
		}})
	}
	for _, c := range u.Consumes {
		widened := jetstream.ConsumerConfig{Durable: c.Durable, AckPolicy: jetstream.AckExplicitPolicy, FilterSubject: c.Stream.Wildcard()}
		attacks = append(attacks,
			attack{"widen its durable " + c.Durable, "$JS.API.CONSUMER.CREATE." + c.Stream.Name + "." + c.Durable + "." + c.Stream.Wildcard(),
				func(ctx context.Context, js jetstream.JetStream) error {
					_, err := js.CreateOrUpdateConsumer(ctx, c.Stream.Name, widened)
					return err
				}},
			attack{"delete its durable " + c.Durable, "$JS.API.CONSUMER.DELETE." + c.Stream.Name + "." + c.Durable,
				func(ctx context.Context, js jetstream.JetStream) error {
					return js.DeleteConsumer(ctx, c.Stream.Name, c.Durable)
				}})
	}
	return attacks
}

// TestStolenCredentials_everyRouteToAnothersData_refusedAndNothingChanged tries, with each service's
// and the gateway's real permissions, every route of attacksAs. Each is refused by the server (a
// permissions violation for its subject), and afterwards every stream, durable and bucket has its
// configuration, no stream has a message more or less, no stream or durable is new, and the session
// bucket holds no key.
func TestStolenCredentials_everyRouteToAnothersData_refusedAndNothingChanged(t *testing.T) {
	t.Parallel()
	url := server(t)
	before := snapshot(t, url)
	for _, u := range natsauth.Users() {
		if u.Provisions {
			continue
		}
		t.Run(u.Name, func(t *testing.T) {
			t.Parallel()
			js, refused := attacker(t, url, u.Name)
			for _, a := range attacksAs(u) {
				refused.reset()
				ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond) // a refused request gets no answer
				err := a.try(ctx, js)
				cancel()
				if err == nil {
					t.Errorf("%s could %s", u.Name, a.name)
					continue
				}
				deadline := time.Now().Add(2 * time.Second)
				for !refused.of(a.subject) && time.Now().Before(deadline) {
					time.Sleep(10 * time.Millisecond)
				}
				if !refused.of(a.subject) {
					t.Errorf("%s trying to %s: %v, but no permissions violation for %s", u.Name, a.name, err, a.subject)
				}
			}
		})
	}
	t.Cleanup(func() { // after the subtests
		if after := snapshot(t, url); after != before {
			t.Errorf("the attacks changed something:\nbefore %s\nafter  %s", before, after)
		}
	})
}

// TestRepublishRoute_ofTheFinding_closed replays the finding end to end with payment's credentials:
// republish payment.failed into the session bucket, publish payment.failed (which payment may), and
// look for a session: there is none, and PAYMENT republishes nothing.
func TestRepublishRoute_ofTheFinding_closed(t *testing.T) {
	t.Parallel()
	url := server(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	payment := connect(t, url, "payment")
	stream := streams.Payment.Stream()
	cfg := natsprovision.StreamConfig(stream, streams.DuplicateWindow)
	cfg.RePublish = &jetstream.RePublish{Source: streams.Payment.Failed(), Destination: "$KV." + natsauth.SessionBucket.Name + ".forged"}
	refused, cancelRefused := context.WithTimeout(ctx, time.Second)
	_, err := payment.UpdateStream(refused, cfg)
	cancelRefused()
	if err == nil {
		t.Fatal("payment set republish on PAYMENT")
	}
	if _, err := payment.Publish(ctx, streams.Payment.Failed(), []byte(`{"role":"admin"}`)); err != nil {
		t.Fatal(err)
	}
	info, err := connect(t, url, natsauth.Provisioner).Stream(ctx, stream.Name)
	if err != nil {
		t.Fatal(err)
	}
	if info.CachedInfo().Config.RePublish != nil {
		t.Fatalf("PAYMENT republishes: %+v", info.CachedInfo().Config.RePublish)
	}
	kv, err := connect(t, url, "gateway").KeyValue(ctx, natsauth.SessionBucket.Name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := kv.Get(ctx, "forged"); !errors.Is(err, jetstream.ErrKeyNotFound) {
		t.Fatalf("a session appeared: %v", err)
	}
}

// TestSessionBucket_asRenting_refused: only the gateway reads and writes its sessions, and only it
// reads its replies.
func TestSessionBucket_asRenting_refused(t *testing.T) {
	t.Parallel()
	url := server(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	bucket := user(t, "gateway").Buckets[0]
	kv, err := connect(t, url, "gateway").KeyValue(ctx, bucket)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := kv.Put(ctx, "session", []byte("admin")); err != nil {
		t.Fatal(err)
	}
	renting := connect(t, url, "renting")
	refused, cancelRefused := context.WithTimeout(ctx, time.Second) // a refused request gets no answer
	defer cancelRefused()
	if _, err := renting.KeyValue(refused, bucket); err == nil {
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
	if _, err := kv.Get(ctx, "forged"); !errors.Is(err, jetstream.ErrKeyNotFound) {
		t.Fatalf("a forged session is in the bucket: %v", err)
	}
}

// TestConsumer_ofAnotherService_refused: the renter service reads RENTING, but under its own
// durables only: it may neither look at nor pull from document's.
func TestConsumer_ofAnotherService_refused(t *testing.T) {
	t.Parallel()
	url := server(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	renting := streams.Renting.Stream()
	renter := connect(t, url, "renter")
	refused, cancelRefused := context.WithTimeout(ctx, time.Second) // a refused request gets no answer
	defer cancelRefused()
	if _, err := renter.Consumer(refused, renting.Name, streams.DocumentRenting); err == nil {
		t.Fatal("renter looked at document's consumer")
	}
	next := "$JS.API.CONSUMER.MSG.NEXT." + renting.Name + "." + streams.DocumentRenting
	if _, err := renter.Conn().Request(next, []byte(`{"batch":1,"expires":100000000}`), time.Second); err == nil {
		t.Fatal("renter pulled from document's consumer")
	}
}

// snapshot is what an attack could change, as the provisioning users see it: every stream's
// configuration and message count, every durable's configuration, and the buckets' keys.
func snapshot(t *testing.T, url string) string {
	t.Helper()
	services, gateway := connect(t, url, natsauth.Provisioner), connect(t, url, natsauth.GatewayProvisioner)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	type consumerState struct {
		Name   string
		Config jetstream.ConsumerConfig
	}
	type streamState struct {
		Config    jetstream.StreamConfig
		Msgs      uint64
		Consumers []consumerState
	}
	type bucketState struct {
		Name string
		Keys []string
	}
	var state struct {
		Streams []streamState
		Buckets []bucketState
	}
	for _, js := range []jetstream.JetStream{services, gateway} {
		names := js.StreamNames(ctx)
		for name := range names.Name() {
			s, err := js.Stream(ctx, name)
			if err != nil {
				t.Fatal(err)
			}
			info := s.CachedInfo()
			st := streamState{Config: info.Config, Msgs: info.State.Msgs}
			consumers := s.ListConsumers(ctx)
			for c := range consumers.Info() {
				if c.Config.Durable != "" { // a key-value watch's ephemeral consumer comes and goes
					st.Consumers = append(st.Consumers, consumerState{c.Name, c.Config})
				}
			}
			if err := consumers.Err(); err != nil {
				t.Fatal(err)
			}
			slices.SortFunc(st.Consumers, func(a, b consumerState) int { return strings.Compare(a.Name, b.Name) })
			state.Streams = append(state.Streams, st)
		}
		if err := names.Err(); err != nil {
			t.Fatal(err)
		}
	}
	slices.SortFunc(state.Streams, func(a, b streamState) int { return strings.Compare(a.Config.Name, b.Config.Name) })
	keeper := connect(t, url, "gateway") // lists the keys with a watch, which the provisioning may not
	for _, b := range natsauth.Buckets() {
		kv, err := keeper.KeyValue(ctx, b.Name)
		if err != nil {
			t.Fatal(err)
		}
		keys, err := kv.Keys(ctx)
		if err != nil && !errors.Is(err, jetstream.ErrNoKeysFound) {
			t.Fatal(err)
		}
		state.Buckets = append(state.Buckets, bucketState{b.Name, keys})
	}
	if len(state.Streams) != len(streams.All())+len(natsauth.Buckets()) {
		t.Fatalf("%d streams, want the catalogue's and the buckets'", len(state.Streams))
	}
	data, err := json.Marshal(state)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
