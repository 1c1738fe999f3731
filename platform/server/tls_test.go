package server_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"semesterhaus/platform/server"
)

// writeCertificate writes a self-signed certificate for the name catalog (its own CA) and its key
// into dir, and returns the two paths.
func writeCertificate(t *testing.T, dir string) (certFile, keyFile string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	template := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "catalog"}, DNSNames: []string{"catalog"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, template, template, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile = filepath.Join(dir, "tls.crt"), filepath.Join(dir, "tls.key")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), 0o600); err != nil {
		t.Fatal(err)
	}
	return certFile, keyFile
}

func TestInternalTLS_aClientOfTheCATalksToTheServerAndOthersDoNot(t *testing.T) {
	t.Parallel()
	certFile, keyFile := writeCertificate(t, t.TempDir())
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
