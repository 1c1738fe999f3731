package service

import (
	"context"
	"net"
	"net/http"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthv1 "google.golang.org/grpc/health/grpc_health_v1"

	"semesterhaus/platform/health"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/peer"
	"semesterhaus/platform/server"
)

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

func TestAPI_servesGraphQLHealthAndGRPC(t *testing.T) {
	httpAddr, grpcAddr := freeAddr(t), freeAddr(t)
	registered := false
	api := API{
		HTTPAddr: httpAddr, GRPCAddr: grpcAddr, Guard: testGuard(),
		Routes: func(mux *http.ServeMux) {
			mux.HandleFunc("/graphql", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte(`{"data":{}}`)) })
		},
		RegisterGRPC: func(*grpc.Server) { registered = true },
		Ready:        []health.Check{{Name: "always", Func: func(context.Context) error { return nil }}},
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	components, err := api.Components()
	if err != nil {
		t.Fatal(err)
	}
	go func() { done <- server.Run(ctx, quietLogger(), components...) }()
	defer func() { cancel(); <-done }()

	for _, path := range []string{"/graphql", "/healthz", "/readyz"} {
		if code := getStatus(t, "http://"+httpAddr+path); code != http.StatusOK {
			t.Errorf("%s: HTTP %d", path, code)
		}
	}
	conn, err := grpc.NewClient(grpcAddr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	resp, err := healthv1.NewHealthClient(conn).Check(ctx, &healthv1.HealthCheckRequest{})
	if err != nil || resp.GetStatus() != healthv1.HealthCheckResponse_SERVING || !registered {
		t.Errorf("gRPC health: %v, %v; API registered: %v", resp, err, registered)
	}
}

func getStatus(t *testing.T, url string) int {
	t.Helper()
	return getStatusWith(t, http.DefaultClient, url)
}

// testGuard admits no service: the tests call only the health service, which is open to all.
func testGuard() peer.Guard {
	return peer.Guard{Authenticator: peer.NewAuthenticator("catalog", nil), Identities: identity.NewVerifier(nil, "catalog")}
}
