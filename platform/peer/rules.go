package peer

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	healthv1 "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"semesterhaus/platform/identity"
	"semesterhaus/platform/topology"
)

// Rule says who may call one gRPC method.
type Rule struct {
	// Callers are the services that may call it.
	Callers []string
	// Admin: the call must also carry the identity of an administrator, forwarded from the
	// gateway's request the caller serves (package identity).
	Admin bool
	// Public: anybody may call it, with or without a token (the health service, for probes).
	Public bool
}

// Rules are the rules of a service's gRPC methods, by full method name
// ("/catalog.v1.CatalogService/GetApartment"). A method without a rule may not be called.
type Rules map[string]Rule

// HealthRules open the gRPC health service to anybody: the orchestrator's probes carry no token,
// and the answer says nothing but SERVING.
var HealthRules = Rules{
	healthv1.Health_Check_FullMethodName: {Public: true},
	healthv1.Health_Watch_FullMethodName: {Public: true},
	healthv1.Health_List_FullMethodName:  {Public: true},
}

// With returns the rules of r and more together.
func (r Rules) With(more ...Rules) Rules {
	all := Rules{}
	for _, rules := range append([]Rules{r}, more...) {
		for method, rule := range rules {
			all[method] = rule
		}
	}
	return all
}

// Check returns an error naming every method that server serves without a rule: a service that
// forgot one would refuse that method to everybody, which Check finds before the service starts.
func (r Rules) Check(server *grpc.Server) error {
	var missing []string
	for service, info := range server.GetServiceInfo() {
		for _, method := range info.Methods {
			if _, ok := r["/"+service+"/"+method.Name]; !ok {
				missing = append(missing, "/"+service+"/"+method.Name)
			}
		}
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		return fmt.Errorf("gRPC methods without a rule of who may call them: %s", strings.Join(missing, ", "))
	}
	return nil
}

// Guard admits a gRPC call only from a caller its method's rule names.
type Guard struct {
	Authenticator *Authenticator
	Rules         Rules
	// Identities verifies the administrator's identity that a caller forwards.
	Identities *identity.Verifier
}

// UnaryServerInterceptor refuses a call without a valid service token (UNAUTHENTICATED) or from a
// caller, or on behalf of a user, that the method's rule does not admit (PERMISSION_DENIED), and
// hands an admitted call on with the forwarded identity in its context.
func (g Guard) UnaryServerInterceptor() grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		ctx, err := g.admit(ctx, info.FullMethod)
		if err != nil {
			return nil, err
		}
		return handler(ctx, req)
	}
}

// StreamServerInterceptor does the same for streaming calls.
func (g Guard) StreamServerInterceptor() grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
		if _, err := g.admit(ss.Context(), info.FullMethod); err != nil {
			return err
		}
		return handler(srv, ss)
	}
}

func (g Guard) admit(ctx context.Context, method string) (context.Context, error) {
	rule, known := g.Rules[method]
	if known && rule.Public {
		return ctx, nil
	}
	caller, err := g.Authenticator.Authenticate(first(metadata.ValueFromIncomingContext(ctx, MetadataKey)))
	if err != nil {
		return ctx, status.Error(codes.Unauthenticated, "a valid service token is required")
	}
	if !known || !slices.Contains(rule.Callers, caller) {
		return ctx, status.Errorf(codes.PermissionDenied, "%s may not call %s", caller, method)
	}
	ctx = g.Identities.ForCall(ctx, caller)
	if rule.Admin && !identity.FromContext(ctx).IsAdmin() {
		return ctx, status.Errorf(codes.PermissionDenied, "%s needs an administrator's identity", method)
	}
	return ctx, nil
}

func first(values []string) string {
	if len(values) == 0 {
		return ""
	}
	return values[0]
}

// UnaryClientInterceptor sends the token of s to the service named audience with every call.
func (s *Signer) UnaryClientInterceptor(audience string) grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		token, err := s.Token(audience)
		if err != nil {
			return status.Error(codes.Unauthenticated, err.Error())
		}
		return invoker(metadata.AppendToOutgoingContext(ctx, MetadataKey, token), method, req, reply, cc, opts...)
	}
}

// CheckTopology returns an error unless the callers the rules of callee's methods name are exactly
// the services that call callee in the topology: a caller the table does not name is an edge nobody
// declared, one the rules miss an edge that leads nowhere.
func (r Rules) CheckTopology(callee string) error {
	var named []string
	for _, rule := range r {
		named = append(named, rule.Callers...)
	}
	slices.Sort(named)
	named = slices.Compact(named)
	if want := topology.CallersOf(callee); !slices.Equal(named, want) {
		return fmt.Errorf("peer: the rules of %s name the callers %v, the topology (platform/topology) %v", callee, named, want)
	}
	return nil
}

// CheckCall returns an error unless the topology lets caller call callee.
func CheckCall(caller, callee string) error {
	if !topology.Calls(caller, callee) {
		return fmt.Errorf("peer: %s does not call %s in the topology (platform/topology)", caller, callee)
	}
	return nil
}
