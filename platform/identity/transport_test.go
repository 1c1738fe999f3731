package identity_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"

	"semesterhaus/platform/identity"
)

func TestMiddleware(t *testing.T) {
	t.Parallel()
	pub, priv := newKey(t)
	token, err := identity.NewSigner(priv, time.Minute).Sign(identity.Identity{Subject: "alice", Role: identity.RoleAdmin}, subgraph)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		header string
		want   identity.Identity
	}{
		{"valid token", token, identity.Identity{Subject: "alice", Role: identity.RoleAdmin}},
		{"no header", "", identity.Anonymous},
		{"invalid token", token + "x", identity.Anonymous},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := identityOfRequest(identity.NewVerifier(pub, subgraph), tt.header)
			if got != tt.want {
				t.Fatalf("identity = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func identityOfRequest(v *identity.Verifier, header string) (got identity.Identity) {
	h := identity.Middleware(v)(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		got = identity.FromContext(r.Context())
	}))
	r := httptest.NewRequest(http.MethodPost, "/graphql", nil)
	if header != "" {
		r.Header.Set(identity.Header, header)
	}
	h.ServeHTTP(httptest.NewRecorder(), r)
	return got
}

func TestRequireAdmin(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		ctx  context.Context
		want error
	}{
		{"admin", identity.WithIdentity(context.Background(), identity.Identity{Subject: "a", Role: identity.RoleAdmin}), nil},
		{"anonymous", identity.WithIdentity(context.Background(), identity.Anonymous), identity.ErrForbidden},
		{"no identity at all", context.Background(), identity.ErrForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if err := identity.RequireAdmin(tt.ctx); !errors.Is(err, tt.want) {
				t.Fatalf("RequireAdmin = %v, want %v", err, tt.want)
			}
		})
	}
}

// TestGRPC_forwardsCallerIdentity follows a request through an HTTP service (Middleware) into a
// gRPC call to another service (client and server interceptors) over a real gRPC connection.
func TestGRPC_forwardsCallerIdentity(t *testing.T) {
	t.Parallel()
	pub, priv := newKey(t)
	token, err := identity.NewSigner(priv, time.Minute).Sign(identity.Identity{Subject: "alice", Role: identity.RoleAdmin}, subgraph)
	if err != nil {
		t.Fatal(err)
	}
	seen := make(chan identity.Identity, 1)
	srv := grpc.NewServer(grpc.ChainUnaryInterceptor(
		func(ctx context.Context, req any, _ *grpc.UnaryServerInfo, next grpc.UnaryHandler) (any, error) {
			// As if package peer had proven that the renting service calls.
			seen <- identity.FromContext(identity.NewVerifier(pub, "document").ForCall(ctx, subgraph))
			return next(ctx, req)
		},
	))
	healthpb.RegisterHealthServer(srv, health.NewServer())
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(lis) }()
	t.Cleanup(srv.Stop)
	conn, err := grpc.NewClient(lis.Addr().String(),
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(identity.UnaryClientInterceptor()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })

	tests := []struct {
		name   string
		header string
		want   identity.Identity
	}{
		{"admin caller", token, identity.Identity{Subject: "alice", Role: identity.RoleAdmin}},
		{"anonymous caller", "", identity.Anonymous},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var callErr error
			h := identity.Middleware(identity.NewVerifier(pub, subgraph))(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
				_, callErr = healthpb.NewHealthClient(conn).Check(r.Context(), &healthpb.HealthCheckRequest{})
			}))
			r := httptest.NewRequest(http.MethodPost, "/graphql", nil)
			if tt.header != "" {
				r.Header.Set(identity.Header, tt.header)
			}
			h.ServeHTTP(httptest.NewRecorder(), r)
			if callErr != nil {
				t.Fatal(callErr)
			}
			if got := <-seen; got != tt.want {
				t.Fatalf("called service saw %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestForCall_tokenOfAnotherSubgraph_anonymous: a service that passes on a token it did not
// receive (one signed for another subgraph) calls as nobody.
func TestForCall_tokenOfAnotherSubgraph_anonymous(t *testing.T) {
	t.Parallel()
	pub, priv := newKey(t)
	signer := identity.NewSigner(priv, time.Minute)
	admin := identity.Identity{Subject: "alice", Role: identity.RoleAdmin}
	forCatalog, err := signer.Sign(admin, "catalog")
	if err != nil {
		t.Fatal(err)
	}
	verifier := identity.NewVerifier(pub, "renter")
	// catalog first: its verified token is then remembered, and still refused to another caller.
	for _, call := range []struct {
		caller string
		want   identity.Identity
	}{{"catalog", admin}, {subgraph, identity.Anonymous}} {
		ctx := metadata.NewIncomingContext(context.Background(), metadata.Pairs(identity.MetadataKey, forCatalog))
		if got := identity.FromContext(verifier.ForCall(ctx, call.caller)); got != call.want {
			t.Errorf("called by %s with catalog's token: %+v, want %+v", call.caller, got, call.want)
		}
	}
}
