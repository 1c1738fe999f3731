package grpctest

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/dynamicpb"

	"semesterhaus/platform/identity"
	"semesterhaus/platform/internal/testkeys"
	"semesterhaus/platform/peer"
)

// CheckCallers calls every method of the gRPC services named in services, served by the service
// called name at addr (ServeService), as every kind of caller, and fails the test unless each is
// refused or admitted as rules say:
//   - without a service token, with an expired one, with one meant for another service, with one
//     signed by a key nobody knows, and with one of an allowed caller, signed with its right key,
//     that lives ten years: UNAUTHENTICATED;
//   - as a service the method's rule does not name: PERMISSION_DENIED;
//   - as a service the rule names: through the guard (whatever the empty request then gets), and
//     for an admin-only method only with an administrator's identity forwarded.
func CheckCallers(t *testing.T, name, addr string, rules peer.Rules, services ...string) {
	t.Helper()
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	methods := methodsOf(t, services)
	for _, method := range methods {
		if _, ok := rules[method.path]; !ok {
			t.Errorf("%s has no rule", method.path)
		}
	}
	for path := range rules {
		if !slices.ContainsFunc(methods, func(m rpc) bool { return m.path == path }) {
			t.Errorf("rule for %s, which %v do not have", path, services)
		}
	}
	for _, method := range methods {
		rule := rules[method.path]
		for _, attempt := range attempts(t, name, rule) {
			t.Run(strings.TrimPrefix(method.path, "/")+"/"+attempt.name, func(t *testing.T) {
				code := status.Code(method.call(attempt.ctx, conn))
				if !attempt.admitted && code != attempt.refusal {
					t.Errorf("%s: %v, want %v", attempt.name, code, attempt.refusal)
				}
				if attempt.admitted && (code == codes.Unauthenticated || code == codes.PermissionDenied) {
					t.Errorf("%s: refused with %v, want it admitted", attempt.name, code)
				}
			})
		}
	}
}

// attempt is one way of calling: with what, and whether the guard must admit it.
type attempt struct {
	name     string
	ctx      context.Context
	admitted bool
	refusal  codes.Code
}

func attempts(t *testing.T, name string, rule peer.Rule) []attempt {
	t.Helper()
	ctx := context.Background()
	caller := "stranger" // a name no rule admits, signed with a key that the service does not know
	if len(rule.Callers) > 0 {
		caller = rule.Callers[0]
	}
	_, callerKey := testkeys.Service(caller)
	_, unknownKey, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	unauthenticated := func(what string, token string) attempt {
		return attempt{name: what, ctx: withToken(ctx, token), refusal: codes.Unauthenticated}
	}
	list := []attempt{
		unauthenticated("no token", ""),
		unauthenticated("expired token", craft(t, callerKey, caller, name, time.Now().Add(-2*time.Minute))),
		unauthenticated("token for another service", craft(t, callerKey, caller, "elsewhere", time.Now().Add(time.Minute))),
		unauthenticated("forged token", craft(t, unknownKey, caller, name, time.Now().Add(time.Minute))),
		unauthenticated("token of ten years", craftLiving(t, callerKey, caller, name, time.Now(), time.Now().AddDate(10, 0, 0))),
	}
	if rule.Public {
		for i := range list {
			list[i].admitted = true
		}
	}
	for _, other := range testkeys.Names {
		if rule.Public {
			break
		}
		token := sign(t, other, name)
		if !slices.Contains(rule.Callers, other) {
			list = append(list, attempt{name: "as " + other, ctx: withToken(ctx, token), refusal: codes.PermissionDenied})
			continue
		}
		if rule.Admin {
			list = append(list, attempt{name: "as " + other + " for an anonymous user", ctx: withToken(ctx, token), refusal: codes.PermissionDenied})
			list = append(list, attempt{name: "as " + other + " for an admin", ctx: withAdmin(t, withToken(ctx, token), other), admitted: true})
			continue
		}
		list = append(list, attempt{name: "as " + other, ctx: withToken(ctx, token), admitted: true})
	}
	return list
}

func sign(t *testing.T, caller, callee string) string {
	t.Helper()
	token, err := Signer(caller).Token(callee)
	if err != nil {
		t.Fatal(err)
	}
	return token
}

// craft signs a service token that a correct signer would not make: expired, for another audience
// or with another key.
func craft(t *testing.T, key ed25519.PrivateKey, caller, audience string, expires time.Time) string {
	t.Helper()
	return craftLiving(t, key, caller, audience, expires.Add(-time.Minute), expires)
}

// craftLiving is craft with the time of issue given too: a token of another lifetime.
func craftLiving(t *testing.T, key ed25519.PrivateKey, caller, audience string, issued, expires time.Time) string {
	t.Helper()
	token, err := jwt.NewWithClaims(jwt.SigningMethodEdDSA, jwt.RegisteredClaims{
		Issuer: caller, Subject: caller, Audience: jwt.ClaimStrings{audience},
		IssuedAt: jwt.NewNumericDate(issued), ExpiresAt: jwt.NewNumericDate(expires),
	}).SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return token
}

func withToken(ctx context.Context, token string) context.Context {
	if token == "" {
		return ctx
	}
	return metadata.AppendToOutgoingContext(ctx, peer.MetadataKey, token)
}

// withAdmin forwards an administrator's identity as the gateway signed it for caller's subgraph.
func withAdmin(t *testing.T, ctx context.Context, caller string) context.Context {
	t.Helper()
	_, gateway := testkeys.Gateway()
	token, err := identity.NewSigner(gateway, time.Minute).Sign(identity.Identity{Subject: "admin", Role: identity.RoleAdmin}, caller)
	if err != nil {
		t.Fatal(err)
	}
	return metadata.AppendToOutgoingContext(ctx, identity.MetadataKey, token)
}

// rpc is one unary method, called with an empty request.
type rpc struct {
	path          string
	input, output protoreflect.MessageDescriptor
}

func (m rpc) call(ctx context.Context, conn *grpc.ClientConn) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return conn.Invoke(ctx, m.path, dynamicpb.NewMessage(m.input), dynamicpb.NewMessage(m.output))
}

func methodsOf(t *testing.T, services []string) []rpc {
	t.Helper()
	var methods []rpc
	for _, name := range services {
		d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(name))
		if err != nil {
			t.Fatalf("service %s: %v", name, err)
		}
		service := d.(protoreflect.ServiceDescriptor)
		for i := range service.Methods().Len() {
			m := service.Methods().Get(i)
			methods = append(methods, rpc{path: "/" + name + "/" + string(m.Name()), input: m.Input(), output: m.Output()})
		}
	}
	return methods
}
