package runca_test

import (
	"crypto/tls"
	"crypto/x509"
	"testing"

	"semesterhaus/tools/internal/runca"
)

func TestIssue_aCertificateTheCAVerifiesForItsNameAndLoopbackOnly(t *testing.T) {
	t.Parallel()
	ca, err := runca.New(t.TempDir(), "rehearsal CA")
	if err != nil {
		t.Fatal(err)
	}
	pair, err := ca.Issue("renting")
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := tls.LoadX509KeyPair(pair.CertFile, pair.KeyFile)
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := x509.ParseCertificate(loaded.Certificate[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"renting", "localhost", "127.0.0.1", "::1"} {
		if _, err := leaf.Verify(x509.VerifyOptions{Roots: ca.Pool(), DNSName: name}); err != nil {
			t.Errorf("verify for %s: %v", name, err)
		}
	}
	if _, err := leaf.Verify(x509.VerifyOptions{Roots: ca.Pool(), DNSName: "payment"}); err == nil {
		t.Error("the certificate of renting verifies as payment's")
	}
	other, err := runca.New(t.TempDir(), "another CA")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := leaf.Verify(x509.VerifyOptions{Roots: other.Pool(), DNSName: "renting"}); err == nil {
		t.Error("another run's CA verifies this run's certificate")
	}
}
