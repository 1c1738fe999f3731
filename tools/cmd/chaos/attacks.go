package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/emptypb"

	"semesterhaus/platform/identity"
	"semesterhaus/platform/natsauth"
	"semesterhaus/platform/peer"
	"semesterhaus/proto/events/v1/streams"
	catalogv1 "semesterhaus/proto/gen/catalog/v1"
	documentv1 "semesterhaus/proto/gen/document/v1"
	paymentv1 "semesterhaus/proto/gen/payment/v1"
	renterv1 "semesterhaus/proto/gen/renter/v1"
	rentingv1 "semesterhaus/proto/gen/renting/v1"
)

// verdict is how the system met an attack: refused it, could not be reached (a fault had the
// target down), or let it through.
type verdict int

const (
	attackRefused verdict = iota
	attackUnanswered
	attackLetThrough
)

// attack is one attempt of an intruder inside the network, who reaches every port directly (not
// through the fault proxies) but holds no credential of the system, or one service's only.
type attack struct {
	kind string
	try  func(ctx context.Context) (verdict, string)
}

// grpcTarget is a method of each service that an intruder would call, and a service that holds a
// genuine key but is not among the method's callers (the services' peer rules).
var grpcTargets = []struct{ service, method, notACaller string }{
	{"catalog", catalogv1.CatalogService_ListApartments_FullMethodName, "payment"},
	{"renting", rentingv1.RentingService_GetRenting_FullMethodName, "catalog"},
	{"renter", renterv1.RenterService_DeleteUnusedRenter_FullMethodName, "payment"},
	{"document", documentv1.DocumentService_DeleteRentingDocuments_FullMethodName, "payment"},
	{"payment", paymentv1.PaymentService_PaymentsOfRentings_FullMethodName, "document"},
}

// attacker runs attacks in turn while the load runs, through the faults, and keeps the verdicts.
type attacker struct {
	sys      *system
	attacks  []attack
	mu       sync.Mutex
	verdicts map[string][3]int // kind -> count by verdict
	through  []string          // the attacks let through
}

func newAttacker(sys *system) *attacker {
	a := &attacker{sys: sys, verdicts: map[string][3]int{}}
	for _, t := range grpcTargets {
		a.attacks = append(a.attacks,
			attack{"gRPC call without a service token", a.grpcCall(t.service, t.method, func() (string, error) { return "", nil }, codes.Unauthenticated)},
			attack{"gRPC call with a forged service token", a.grpcCall(t.service, t.method, func() (string, error) { return forgedServiceToken(t.service) }, codes.Unauthenticated)},
			attack{"gRPC call as a service not allowed", a.grpcCall(t.service, t.method, func() (string, error) { return sys.serviceToken(t.notACaller, t.service) }, codes.PermissionDenied)},
		)
	}
	a.attacks = append(a.attacks,
		attack{"NATS connection without a password", a.natsConnect("", "")},
		attack{"NATS connection with a wrong password", a.natsConnect("renter", "not-the-password")},
		attack{"NATS publish of renter.erased as renting", a.natsPublishAs("renting", streams.Renter.Erased(), erasedPayload)},
		attack{"admin mutation without a session", a.gatewayAdminMutation},
		attack{"subgraph called directly with a forged identity", a.subgraphForgedAdmin},
	)
	for _, r := range jetStreamRoutes() {
		a.attacks = append(a.attacks, attack{"NATS " + r.what + " as " + r.user, a.natsPublishAs(r.user, r.subject, r.payload)})
	}
	return a
}

// erasedPayload is what a forged event carries.
var erasedPayload = []byte(`{"renterId": 1}`)

// jetStreamRoute is a JetStream API call (or a publication) that would turn one service's NATS
// password into another's data or an admin session (issue 31): the server must refuse it, as no
// run-time user may create, change or delete a stream or a durable (platform/natsauth).
type jetStreamRoute struct {
	user, what, subject string
	payload             []byte
}

func jetStreamRoutes() []jetStreamRoute {
	renting, payment := streams.Renting.Stream(), streams.Payment.Stream()
	sessions := "$KV." + natsauth.SessionBucket.Name
	config := func(v any) []byte { data, _ := json.Marshal(v); return data }
	republish := config(map[string]any{"name": payment.Name, "subjects": []string{payment.Wildcard()}, "storage": "file",
		"republish": map[string]string{"src": streams.Payment.Failed(), "dest": sessions + ".forged"}})
	return []jetStreamRoute{
		{"payment", "republish of payment.failed into the session bucket", "$JS.API.STREAM.UPDATE." + payment.Name, republish},
		{"payment", "stream sourcing RENTING", "$JS.API.STREAM.CREATE.STOLEN",
			config(map[string]any{"name": "STOLEN", "storage": "file", "sources": []map[string]string{{"name": renting.Name}}})},
		{"document", "mirror of RENTING", "$JS.API.STREAM.CREATE.STOLEN",
			config(map[string]any{"name": "STOLEN", "storage": "file", "mirror": map[string]string{"name": renting.Name}})},
		{"renter", "widening its durable to all of RENTING", "$JS.API.CONSUMER.CREATE." + renting.Name + "." + streams.RenterMails + "." + renting.Wildcard(),
			config(map[string]any{"stream_name": renting.Name, "config": map[string]any{"durable_name": streams.RenterMails, "filter_subject": renting.Wildcard(), "ack_policy": "explicit"}})},
		{"payment", "new durable on RENTING", "$JS.API.CONSUMER.CREATE." + renting.Name + ".stolen",
			config(map[string]any{"stream_name": renting.Name, "config": map[string]any{"durable_name": "stolen", "ack_policy": "explicit"}})},
		{"renting", "deleting its durable", "$JS.API.CONSUMER.DELETE." + payment.Name + "." + streams.RentingPaymentEvents, nil},
		{"document", "deleting RENTING", "$JS.API.STREAM.DELETE." + renting.Name, nil},
		{"payment", "write of an admin session", sessions + ".forged", []byte(`{"role":"admin"}`)},
		{"renter", "direct read of RENTING", "$JS.API.DIRECT.GET." + renting.Name, []byte(`{"seq":1}`)},
		{"gateway", "republish of its session bucket as renter.erased", "$JS.API.STREAM.UPDATE.KV_" + natsauth.SessionBucket.Name,
			config(map[string]any{"name": "KV_" + natsauth.SessionBucket.Name, "republish": map[string]string{"src": ">", "dest": streams.Renter.Erased()}})},
		{"gateway", "publish of renter.erased", streams.Renter.Erased(), erasedPayload},
	}
}

// run attacks every interval until done is closed.
func (a *attacker) run(ctx context.Context, done <-chan struct{}, interval time.Duration) {
	for i := 0; ; i++ {
		select {
		case <-ctx.Done():
			return
		case <-done:
			return
		case <-time.After(interval):
		}
		next := a.attacks[i%len(a.attacks)]
		tryCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
		v, detail := next.try(tryCtx)
		cancel()
		a.mu.Lock()
		counts := a.verdicts[next.kind]
		counts[v]++
		a.verdicts[next.kind] = counts
		if v == attackLetThrough {
			a.through = append(a.through, next.kind+": "+detail)
			logf("ATTACK LET THROUGH: %s: %s", next.kind, detail)
		}
		a.mu.Unlock()
	}
}

// grpcCall calls the service's method directly with the token token makes ("" for none); the
// guard must refuse it with want before the method runs.
func (a *attacker) grpcCall(service, method string, token func() (string, error), want codes.Code) func(context.Context) (verdict, string) {
	return func(ctx context.Context) (verdict, string) {
		t, err := token()
		if err != nil {
			return attackUnanswered, err.Error()
		}
		conn, err := grpc.NewClient(fmt.Sprintf("127.0.0.1:%d", servicePorts[service]+grpcPortDistance+a.sys.offset), grpc.WithTransportCredentials(insecure.NewCredentials()))
		if err != nil {
			return attackUnanswered, err.Error()
		}
		defer conn.Close()
		if t != "" {
			ctx = metadata.AppendToOutgoingContext(ctx, peer.MetadataKey, t)
		}
		code := status.Code(conn.Invoke(ctx, method, &emptypb.Empty{}, &emptypb.Empty{}))
		switch code {
		case want:
			return attackRefused, ""
		case codes.Unavailable, codes.DeadlineExceeded, codes.Canceled:
			return attackUnanswered, code.String()
		default:
			return attackLetThrough, fmt.Sprintf("%s answered %s, want %s", method, code, want)
		}
	}
}

// forgedServiceToken is a token that names a caller the method admits, signed with a key of the
// intruder's own.
func forgedServiceToken(audience string) (string, error) {
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return "", err
	}
	return peer.NewSigner("renting", key).Token(audience)
}

// serviceToken is a genuine token of the service caller for audience, signed with the key devstack
// keeps for it: what an intruder who took over that one service would hold.
func (s *system) serviceToken(caller, audience string) (string, error) {
	seed, err := os.ReadFile(filepath.Join(s.Data, "service-keys", caller, "ed25519.seed"))
	if err != nil {
		return "", err
	}
	key, err := identity.ParsePrivateKey(strings.TrimSpace(string(seed)))
	if err != nil {
		return "", err
	}
	return peer.NewSigner(caller, key).Token(audience)
}

// natsConnect signs in to NATS directly as user with password ("" for none); the server must
// refuse the connection.
func (a *attacker) natsConnect(user, password string) func(context.Context) (verdict, string) {
	return func(context.Context) (verdict, string) {
		nc, err := nats.Connect(a.natsURL(), append(natsauth.ConnectOptions(user, password), nats.Timeout(5*time.Second), nats.NoReconnect())...)
		switch {
		case err == nil:
			nc.Close()
			return attackLetThrough, fmt.Sprintf("signed in as %q", user)
		case errors.Is(err, nats.ErrAuthorization) || strings.Contains(strings.ToLower(err.Error()), "authorization"):
			return attackRefused, ""
		default:
			return attackUnanswered, err.Error()
		}
	}
}

// natsPublishAs signs in as user with its genuine password and publishes payload on subject: one of
// another service's stream, or a JetStream API call the user may not make; the server must refuse
// the publication.
func (a *attacker) natsPublishAs(user, subject string, payload []byte) func(context.Context) (verdict, string) {
	return func(ctx context.Context) (verdict, string) {
		password, err := os.ReadFile(filepath.Join(a.sys.Data, "nats-passwords", user))
		if err != nil {
			return attackUnanswered, err.Error()
		}
		violations := make(chan error, 1)
		nc, err := nats.Connect(a.natsURL(), append(natsauth.ConnectOptions(user, strings.TrimSpace(string(password))),
			nats.Timeout(5*time.Second), nats.NoReconnect(),
			nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) {
				if errors.Is(err, nats.ErrPermissionViolation) {
					select {
					case violations <- err:
					default:
					}
				}
			}))...)
		if err != nil {
			return attackUnanswered, err.Error()
		}
		defer nc.Close()
		if err := nc.PublishRequest(subject, nc.NewRespInbox(), payload); err != nil {
			return attackUnanswered, err.Error()
		}
		if err := nc.FlushWithContext(ctx); err != nil {
			return attackUnanswered, err.Error()
		}
		select {
		case <-violations:
			return attackRefused, ""
		case <-time.After(2 * time.Second):
			return attackLetThrough, fmt.Sprintf("%s published on %s without a permission violation", user, subject)
		}
	}
}

func (a *attacker) natsURL() string { return fmt.Sprintf("nats://127.0.0.1:%d", natsPort+a.sys.offset) }

// erasureMutation executes the erasure of a renter: admin-only at the gateway and in the subgraph.
const erasureMutation = `mutation { executeErasure(renterId: 1) { exception { messageId } } }`

// gatewayAdminMutation sends the admin-only mutation to the gateway without a session.
func (a *attacker) gatewayAdminMutation(ctx context.Context) (verdict, string) {
	return postMutation(ctx, a.sys.Gateway+"/api/graphql", http.Header{"Origin": {a.sys.Gateway}})
}

// subgraphForgedAdmin sends it to the renter subgraph's own port with an administrator's identity
// signed by the intruder's key.
func (a *attacker) subgraphForgedAdmin(ctx context.Context) (verdict, string) {
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return attackUnanswered, err.Error()
	}
	token, err := identity.NewSigner(key, time.Minute).Sign(identity.Identity{Subject: "admin", Role: identity.RoleAdmin}, "renter")
	if err != nil {
		return attackUnanswered, err.Error()
	}
	return postMutation(ctx, fmt.Sprintf("http://127.0.0.1:%d/graphql", servicePorts["renter"]+a.sys.offset), http.Header{identity.Header: {token}})
}

// postMutation posts erasureMutation; refused means an answer whose executeErasure is null with an
// error, as the guard gives before the resolver runs (an exception such as NO_ERASURE_REQUEST
// would mean that the resolver ran).
func postMutation(ctx context.Context, endpoint string, header http.Header) (verdict, string) {
	body, _ := json.Marshal(map[string]string{"query": erasureMutation})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return attackUnanswered, err.Error()
	}
	req.Header = header
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return attackUnanswered, err.Error()
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return attackUnanswered, resp.Status
	}
	var answer struct {
		Data   map[string]json.RawMessage
		Errors []json.RawMessage
	}
	if err := json.NewDecoder(resp.Body).Decode(&answer); err != nil && resp.StatusCode == http.StatusOK {
		return attackUnanswered, err.Error()
	}
	if result := answer.Data["executeErasure"]; len(result) > 0 && string(result) != "null" {
		return attackLetThrough, fmt.Sprintf("%s answered %s", endpoint, result)
	}
	if len(answer.Errors) == 0 && resp.StatusCode == http.StatusOK {
		return attackLetThrough, fmt.Sprintf("%s answered without an error", endpoint)
	}
	return attackRefused, ""
}

// checkAttacks: no attack was let through, and each kind was refused at least once (its target
// was not down the whole run).
func (a *attacker) check(check checkFunc) {
	a.mu.Lock()
	defer a.mu.Unlock()
	var total, refusals, down int
	var neverRefused []string
	kinds := make([]string, 0, len(a.verdicts))
	for kind := range a.verdicts {
		kinds = append(kinds, kind)
	}
	slices.Sort(kinds)
	for _, kind := range kinds {
		v := a.verdicts[kind]
		total += v[attackRefused] + v[attackUnanswered] + v[attackLetThrough]
		refusals += v[attackRefused]
		down += v[attackUnanswered]
		if v[attackRefused] == 0 {
			neverRefused = append(neverRefused, kind)
		}
	}
	check(len(a.through) == 0 && len(neverRefused) == 0 && len(kinds) == len(uniqueKinds(a.attacks)), "attacks refused",
		"%d attacks of %d kinds on the services' ports, NATS, the gateway and a subgraph: %d refused, %d unanswered (target down), %d let through %v; kinds never refused %v",
		total, len(kinds), refusals, down, len(a.through), first(a.through), neverRefused)
}

func uniqueKinds(attacks []attack) []string {
	var kinds []string
	for _, at := range attacks {
		if !slices.Contains(kinds, at.kind) {
			kinds = append(kinds, at.kind)
		}
	}
	return kinds
}
