// Package natsauth declares, once, who may do what on NATS. Streams, durable consumers and buckets
// are created by a provisioning identity (package natsprovision), never by a service: at run time
// each service may only publish its own stream's declared subjects and pull from and acknowledge
// its own durable consumers, which the provisioning made; the gateway may only read and write its
// key-value buckets. The server itself enforces that: no run-time user may create, update or delete
// a stream or a durable, so none can set a stream's republish, sources or mirror, nor widen a
// durable's filter, which the server does not check against the user's permissions.
//
// The gateway lives in an account of its own (GatewayAccount) with its buckets, the services in
// another (ServicesAccount): no subject of one reaches the other, whatever a stream's configuration
// says. Each account has its provisioning user.
//
// The permissions follow from the stream catalogue (semesterhaus/proto/events/v1/streams); the
// embedded server of the local stack (package natslocal) and the chart's values
// (deploy/nats/values.yaml, kept in step by TestChartValues_matchTheTable) are both built from this
// table (Accounts).
package natsauth

import (
	"slices"
	"strings"
	"time"

	"github.com/nats-io/nats.go"

	"semesterhaus/proto/events/v1/streams"
)

// The accounts: the services' streams in one, the gateway's buckets in the other.
const (
	ServicesAccount = "SERVICES"
	GatewayAccount  = "GATEWAY"
)

// The provisioning users, one per account: they create and update the streams, durables and
// buckets (natsprovision) and are used by nothing that runs for long (the local stack's start,
// the Kubernetes Job nats-provision). No service has their passwords.
const (
	Provisioner        = "provision"
	GatewayProvisioner = "provision-gateway"
)

// User is one NATS user and what it publishes, consumes and keeps.
type User struct {
	Name      string
	Account   string           // ServicesAccount or GatewayAccount
	Publishes []streams.Stream // streams it publishes its outbox into
	Consumes  []Consumer       // its durable consumers, which it binds to
	Buckets   []string         // key-value buckets it reads and writes
	// Provisions: the user creates and updates the account's streams, durables and buckets.
	Provisions bool
}

// Consumer is a durable consumer on a stream.
type Consumer struct {
	Stream  streams.Stream
	Durable string // its name, from the catalogue in package streams
}

// Bucket is a key-value bucket as the provisioning creates it.
type Bucket struct {
	Name        string
	Description string
	TTL         time.Duration // how long a key lives after its last write
	History     uint8
}

// The gateway's buckets. Their names are the defaults of the gateway's SESSION_BUCKET and
// RATE_LIMIT_BUCKET settings; the gateway refuses to start when a bucket's time-to-live is not
// what its settings need (its SESSION_TTL, its longest limit window).
var (
	SessionBucket = Bucket{Name: "gateway_sessions", Description: "signed-in admins of the gateway", TTL: 12 * time.Hour, History: 1}
	LimitBucket   = Bucket{Name: "gateway_limits", Description: "the gateway's abuse limits: counts per client, e-mail address and user name",
		TTL: time.Hour, History: 1}
)

// GatewayBuckets are the names of the gateway's key-value buckets.
var GatewayBuckets = []string{SessionBucket.Name, LimitBucket.Name}

// Buckets are the gateway's buckets, as the provisioning creates them.
func Buckets() []Bucket { return []Bucket{SessionBucket, LimitBucket} }

// Users are the users of the services that talk to NATS, of the gateway and of the provisioning.
// The catalog service does not use NATS and has no user.
func Users() []User {
	renting, document, payment, renter := streams.Renting.Stream(), streams.Document.Stream(), streams.Payment.Stream(), streams.Renter.Stream()
	return []User{
		{Name: "document", Account: ServicesAccount, Publishes: []streams.Stream{document},
			Consumes: []Consumer{{renting, streams.DocumentRenting}, {renter, streams.DocumentErasures}}},
		{Name: "gateway", Account: GatewayAccount, Buckets: GatewayBuckets},
		{Name: "payment", Account: ServicesAccount, Publishes: []streams.Stream{payment}, Consumes: []Consumer{{renting, streams.PaymentRenting}}},
		{Name: Provisioner, Account: ServicesAccount, Provisions: true},
		{Name: GatewayProvisioner, Account: GatewayAccount, Provisions: true},
		{Name: "renter", Account: ServicesAccount, Publishes: []streams.Stream{renter},
			Consumes: []Consumer{{renting, streams.RenterMails}, {renting, streams.RenterRetention}}},
		{Name: "renting", Account: ServicesAccount, Publishes: []streams.Stream{renting},
			Consumes: []Consumer{{document, streams.RentingDocumentEvents}, {payment, streams.RentingPaymentEvents}, {renter, streams.RentingErasures}}},
	}
}

// Permissions are the subjects a user may publish to and subscribe to.
type Permissions struct {
	Publish   []string
	Subscribe []string
}

// Permissions derives the user's permissions. Replies come to the user's own inbox prefix
// (InboxPrefix), so no user reads another's replies, such as the gateway's session lookups.
//
// A run-time user has no JetStream API call that creates, updates or deletes a stream or a
// durable: the server checks a stream's republish, sources and mirror and a durable's filter
// subject against nobody's permissions, so whoever may make them reads or writes any subject of
// the account.
func (u User) Permissions() Permissions {
	pub := []string{"$JS.API.INFO"}
	if u.Provisions {
		pub = append(pub, provisionAPI...)
	}
	for _, s := range u.Publishes {
		for _, name := range s.Declared {
			pub = append(pub, s.Subject(name))
		}
		pub = append(pub, "$JS.API.STREAM.INFO."+s.Name) // the readiness check: the stream is there
	}
	for _, c := range u.Consumes {
		pub = append(pub, consumerAPI(c.Stream.Name, c.Durable)...)
	}
	for _, bucket := range u.Buckets { // get, put, compare-and-set and purge keys, and watch them
		stream := "KV_" + bucket
		pub = append(pub, "$KV."+bucket+".>", "$JS.API.DIRECT.GET."+stream+".>", "$JS.API.STREAM.MSG.GET."+stream,
			"$JS.API.STREAM.INFO."+stream)
		pub = append(pub, watchAPI(stream)...)
	}
	slices.Sort(pub)
	return Permissions{Publish: slices.Compact(pub), Subscribe: []string{InboxPrefix(u.Name) + ".>"}}
}

// provisionAPI are the JetStream API calls of the provisioning: it looks at, creates and updates
// streams (a bucket is a stream) and durable consumers. It neither deletes anything nor reads a
// message.
var provisionAPI = []string{
	"$JS.API.STREAM.CREATE.*", "$JS.API.STREAM.UPDATE.*", "$JS.API.STREAM.INFO.*", "$JS.API.STREAM.NAMES", "$JS.API.STREAM.LIST",
	"$JS.API.CONSUMER.CREATE.>", "$JS.API.CONSUMER.DURABLE.CREATE.>", "$JS.API.CONSUMER.INFO.>",
	"$JS.API.CONSUMER.NAMES.*", "$JS.API.CONSUMER.LIST.*",
}

// consumerAPI are the JetStream API calls that bind to the durable pull consumer on the stream
// (look at it), pull from it, and its acknowledgements: of that consumer only, so no service takes
// over or drains another's. Creating, changing and deleting it are not among them.
func consumerAPI(stream, durable string) []string {
	consumer := stream + "." + durable
	return []string{"$JS.API.CONSUMER.INFO." + consumer, "$JS.API.CONSUMER.MSG.NEXT." + consumer, "$JS.ACK." + consumer + ".>"}
}

// watchAPI are the JetStream API calls of a key-value watch on the bucket's stream: its ephemeral
// ordered consumer is created (again after a gap) and deleted, and its flow control answered. The
// consumer delivers to the user's inbox (InboxPrefix). Only the gateway watches, in its own
// account, where no other user's subject is.
func watchAPI(stream string) []string {
	return []string{
		"$JS.API.CONSUMER.CREATE." + stream, "$JS.API.CONSUMER.CREATE." + stream + ".>",
		"$JS.API.CONSUMER.DELETE." + stream + ".>", "$JS.FC." + stream + ".>",
	}
}

// InboxPrefix is where the user's replies arrive: _INBOX_renting.
func InboxPrefix(user string) string { return "_INBOX_" + user }

// PasswordVariable is the environment variable of the user's password in the NATS servers' own
// environment (the chart's values): NATS_PASSWORD_PROVISION_GATEWAY.
func PasswordVariable(user string) string {
	return "NATS_PASSWORD_" + strings.ToUpper(strings.ReplaceAll(user, "-", "_"))
}

// Accounts is the server's accounts block: each account with JetStream and its users, each user
// with password(user) and its permissions. The embedded server reads it as NATS configuration
// (JSON is a subset), the chart's values carry it as YAML.
func Accounts(password func(user string) any) map[string]any {
	accounts := map[string]any{}
	for _, name := range []string{GatewayAccount, ServicesAccount} {
		var users []any
		for _, u := range Users() {
			if u.Account != name {
				continue
			}
			p := u.Permissions()
			users = append(users, map[string]any{
				"user": u.Name, "password": password(u.Name),
				"permissions": map[string]any{
					"publish":   map[string]any{"allow": p.Publish},
					"subscribe": map[string]any{"allow": p.Subscribe},
				},
			})
		}
		accounts[name] = map[string]any{"jetstream": "enabled", "users": users}
	}
	return accounts
}

// ConnectOptions sign the client in as user with password and give it the user's inbox prefix.
// An empty user connects anonymously, to a server without authorization (tests, an external
// server).
func ConnectOptions(user, password string) []nats.Option {
	if user == "" {
		return nil
	}
	return []nats.Option{nats.UserInfo(user, password), nats.CustomInboxPrefix(InboxPrefix(user))}
}
