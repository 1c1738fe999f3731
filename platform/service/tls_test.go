package service

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/tls"
	"net/http"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthv1 "google.golang.org/grpc/health/grpc_health_v1"

	"semesterhaus/platform/identity"
	"semesterhaus/platform/internal/testcert"
	"semesterhaus/platform/peer"
	"semesterhaus/platform/server"
)

// TestAPI_withTLS_servesBothPortsOverTLSOnly: with the TLS settings of production, a peer that
// trusts the internal CA calls the gRPC API over TLS with its service token and is admitted; a
// plain-text client gets no answer on either port.
func TestAPI_withTLS_servesBothPortsOverTLSOnly(t *testing.T) {
	certFile, keyFile := testcert.Write(t, t.TempDir(), []string{"catalog"})
	serverTLS, clientTLS, err := server.InternalTLS(certFile, keyFile, certFile, true)
	if err != nil {
		t.Fatal(err)
	}
	public, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	httpAddr, grpcAddr := freeAddr(t), freeAddr(t)
	api := API{
		HTTPAddr: httpAddr, GRPCAddr: grpcAddr, TLS: serverTLS,
		Guard: peer.Guard{
			Authenticator: peer.NewAuthenticator("catalog", peer.Keys{"renting": public}),
			Identities:    identity.NewVerifier(nil, "catalog"),
		},
		Routes:       func(*http.ServeMux) {},
		RegisterGRPC: func(*grpc.Server) {},
	}
	components, err := api.Components()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- server.Run(ctx, quietLogger(), components...) }()
	defer func() { cancel(); <-done }()

	https := &http.Client{Transport: &http.Transport{TLSClientConfig: withServerName(clientTLS, "catalog")}, Timeout: 5 * time.Second}
	if code := getStatusWith(t, https, "https://"+httpAddr+"/healthz"); code != http.StatusOK {
		t.Errorf("GET /healthz over TLS: %d", code)
	}
	if resp, err := http.Get("http://" + httpAddr + "/healthz"); err == nil && resp.StatusCode == http.StatusOK {
		resp.Body.Close()
		t.Error("the HTTP port answered plain HTTP")
	}

	conn, err := Caller{Signer: peer.NewSigner("renting", key), TLS: withServerName(clientTLS, "catalog")}.Dial("catalog", grpcAddr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := healthv1.NewHealthClient(conn).Check(ctx, &healthv1.HealthCheckRequest{}); err != nil {
		t.Errorf("health over TLS: %v", err)
	}
	plain, err := grpc.NewClient(grpcAddr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	short, stop := context.WithTimeout(ctx, 2*time.Second)
	defer stop()
	if _, err := healthv1.NewHealthClient(plain).Check(short, &healthv1.HealthCheckRequest{}); err == nil {
		t.Error("the gRPC port answered a plain-text client")
	}
}

// withServerName is the client's TLS config for the peer whose certificate names it: in the cluster
// the address is the Service's name; here the test dials 127.0.0.1.
func withServerName(c *tls.Config, name string) *tls.Config {
	c = c.Clone()
	c.ServerName = name
	return c
}

func getStatusWith(t *testing.T, client *http.Client, url string) int {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		resp, err := client.Get(url)
		if err == nil {
			resp.Body.Close()
			return resp.StatusCode
		}
		if time.Now().After(deadline) {
			t.Fatalf("GET %s: %v", url, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
