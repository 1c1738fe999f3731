// Package natsauth declares, once, who may do what on NATS: one user per service and one for the
// gateway, each allowed to publish only its own stream's declared subjects, to consume only the
// streams it reads and, for the gateway alone, to read and write its key-value buckets. The
// permissions follow from the stream catalogue (semesterhaus/proto/events/v1/streams); the embedded
// server of the local stack (package natslocal) and the chart's values (deploy/nats/values.yaml,
// kept in step by a test in deploy/check) are both built from this table.
package natsauth

import (
	"slices"

	"github.com/nats-io/nats.go"

	"semesterhaus/proto/events/v1/streams"
)

// User is one NATS user and what it publishes, consumes and keeps.
type User struct {
	Name      string
	Publishes []streams.Stream // streams it creates and publishes its outbox into
	Consumes  []Consumer       // its durable consumers
	Buckets   []string         // key-value buckets it creates, reads and writes
}

// Consumer is a durable consumer on a stream.
type Consumer struct {
	Stream  streams.Stream
	Durable string // its name, from the catalogue in package streams
}

// GatewayBuckets are the gateway's key-value buckets: the defaults of its SESSION_BUCKET and
// RATE_LIMIT_BUCKET settings.
var GatewayBuckets = []string{"gateway_sessions", "gateway_limits"}

// Users are the users of the services that talk to NATS and of the gateway. The catalog service
// does not use NATS and has no user.
func Users() []User {
	renting, document, payment, renter := streams.Renting.Stream(), streams.Document.Stream(), streams.Payment.Stream(), streams.Renter.Stream()
	return []User{
		{Name: "document", Publishes: []streams.Stream{document},
			Consumes: []Consumer{{renting, streams.DocumentRenting}, {renter, streams.DocumentErasures}}},
		{Name: "gateway", Buckets: GatewayBuckets},
		{Name: "payment", Publishes: []streams.Stream{payment}, Consumes: []Consumer{{renting, streams.PaymentRenting}}},
		{Name: "renter", Publishes: []streams.Stream{renter},
			Consumes: []Consumer{{renting, streams.RenterMails}, {renting, streams.RenterRetention}}},
		{Name: "renting", Publishes: []streams.Stream{renting},
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
func (u User) Permissions() Permissions {
	pub := []string{"$JS.API.INFO"}
	for _, s := range u.Publishes {
		for _, name := range s.Declared {
			pub = append(pub, s.Subject(name))
		}
		pub = append(pub, streamAPI(s.Name)...)
	}
	for _, c := range u.Consumes {
		pub = append(pub, consumerAPI(c.Stream.Name, c.Durable)...)
		pub = append(pub, "$JS.API.STREAM.INFO."+c.Stream.Name)
	}
	for _, bucket := range u.Buckets { // create, get, put, compare-and-set and purge keys, and watch them
		stream := "KV_" + bucket
		pub = append(pub, "$KV."+bucket+".>", "$JS.API.DIRECT.GET."+stream+".>", "$JS.API.STREAM.MSG.GET."+stream)
		pub = append(pub, streamAPI(stream)...)
		pub = append(pub, watchAPI(stream)...)
	}
	slices.Sort(pub)
	return Permissions{Publish: slices.Compact(pub), Subscribe: []string{InboxPrefix(u.Name) + ".>"}}
}

// streamAPI are the JetStream API calls that create, update and look at the stream.
func streamAPI(stream string) []string {
	return []string{"$JS.API.STREAM.CREATE." + stream, "$JS.API.STREAM.UPDATE." + stream, "$JS.API.STREAM.INFO." + stream}
}

// consumerAPI are the JetStream API calls that create the durable pull consumer on the stream (with
// one filter subject or several), look at it and pull from it, and its acknowledgements: of that
// consumer only, so no service takes over or drains another's. Deleting it is not among them.
func consumerAPI(stream, durable string) []string {
	consumer := stream + "." + durable
	return []string{
		"$JS.API.CONSUMER.CREATE." + consumer, "$JS.API.CONSUMER.CREATE." + consumer + ".>",
		"$JS.API.CONSUMER.INFO." + consumer, "$JS.API.CONSUMER.MSG.NEXT." + consumer, "$JS.ACK." + consumer + ".>",
	}
}

// watchAPI are the JetStream API calls of a key-value watch on the bucket's stream: its ephemeral
// ordered consumer is created (again after a gap) and deleted, and its flow control answered. The
// consumer delivers to the user's inbox (InboxPrefix).
func watchAPI(stream string) []string {
	return []string{
		"$JS.API.CONSUMER.CREATE." + stream, "$JS.API.CONSUMER.CREATE." + stream + ".>",
		"$JS.API.CONSUMER.DELETE." + stream + ".>", "$JS.FC." + stream + ".>",
	}
}

// InboxPrefix is where the user's replies arrive: _INBOX_renting.
func InboxPrefix(user string) string { return "_INBOX_" + user }

// ConnectOptions sign the client in as user with password and give it the user's inbox prefix.
// An empty user connects anonymously, to a server without authorization (tests, an external
// server).
func ConnectOptions(user, password string) []nats.Option {
	if user == "" {
		return nil
	}
	return []nats.Option{nats.UserInfo(user, password), nats.CustomInboxPrefix(InboxPrefix(user))}
}
