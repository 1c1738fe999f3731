package server_test

import (
	"crypto/tls"
	"strings"
	"testing"

	"semesterhaus/platform/internal/testcert"
	"semesterhaus/platform/server"
)

func TestInternalTLS_aClientOfTheCATalksToTheServerAndOthersDoNot(t *testing.T) {
	t.Parallel()
	certFile, keyFile := testcert.Write(t, t.TempDir(), []string{"catalog"})
	serverTLS, clientTLS, err := server.InternalTLS(certFile, keyFile, certFile, true)
	if err != nil {
		t.Fatal(err)
	}
	listener, err := tls.Listen("tcp", "127.0.0.1:0", serverTLS)
	if err != nil {
		t.Fatal(err)
	}
	defer listener.Close()
	go func() {
		for {
			conn, err := listener.Accept()
			if err != nil {
				return
			}
			_ = conn.(*tls.Conn).Handshake()
			conn.Close()
		}
	}()

	trusted := clientTLS.Clone()
	trusted.ServerName = "catalog"
	conn, err := tls.Dial("tcp", listener.Addr().String(), trusted)
	if err != nil {
		t.Fatalf("a client of the internal CA: %v", err)
	}
	conn.Close()
	if conn, err := tls.Dial("tcp", listener.Addr().String(), &tls.Config{ServerName: "catalog", MinVersion: tls.VersionTLS12}); err == nil {
		conn.Close()
		t.Error("a client that does not know the internal CA trusted the server")
	}
	trusted.ServerName = "renting"
	if conn, err := tls.Dial("tcp", listener.Addr().String(), trusted); err == nil {
		conn.Close()
		t.Error("catalog's certificate passed for renting")
	}
}

func TestInternalTLS_productionWithoutFilesOrOnlySome_refused(t *testing.T) {
	t.Parallel()
	if _, _, err := server.InternalTLS("", "", "", true); err == nil || !strings.Contains(err.Error(), "PRODUCTION") {
		t.Errorf("production without TLS: %v, want refused", err)
	}
	if serverTLS, clientTLS, err := server.InternalTLS("", "", "", false); err != nil || serverTLS != nil || clientTLS != nil {
		t.Errorf("outside production without TLS: %v, %v, %v; want plain", serverTLS, clientTLS, err)
	}
	if _, _, err := server.InternalTLS("cert.pem", "", "ca.pem", false); err == nil {
		t.Error("a certificate without its key was taken")
	}
}
