// Package realpeers runs the partners' real software on loopback for the tests that talk to it: a
// certificate authority made for the run, a private Postfix instance (a real MTA with strict HELO
// and STARTTLS, delivering into a Maildir the test reads) and zitadel/oidc's example OpenID provider.
// README.md says what each peer proves and how it is configured.
package realpeers

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"time"
)

// CA is a certificate authority made for one run: an ECDSA P-256 key and a self-signed certificate,
// written to CertFile and KeyFile in its directory.
type CA struct {
	dir  string
	cert *x509.Certificate
	key  *ecdsa.PrivateKey
	// CertFile is the CA certificate (PEM): what a client verifies the servers with (TLS_CA_FILE).
	CertFile string
	// KeyFile is the CA's private key (PEM, PKCS #8, mode 0600).
	KeyFile string
}

// ServerCert is a server certificate signed by the CA, with its key, in PEM files.
type ServerCert struct {
	CertFile string // the leaf certificate (PEM)
	KeyFile  string // its private key (PEM, PKCS #8, mode 0600)
}

// certLifetime covers a run with room for a slow machine; a certificate of the run is never reused.
const certLifetime = 24 * time.Hour

// NewCA makes a CA and writes it to dir (ca.pem, ca-key.pem); dir is created when missing.
func NewCA(dir string) (*CA, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("realpeers: %w", err)
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("realpeers: CA key: %w", err)
	}
	now := time.Now()
	template := &x509.Certificate{
		SerialNumber:          serialNumber(),
		Subject:               pkix.Name{CommonName: "Semesterhaus run CA", Organization: []string{"Semesterhaus tests"}},
		NotBefore:             now.Add(-time.Minute),
		NotAfter:              now.Add(certLifetime),
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
		BasicConstraintsValid: true,
		IsCA:                  true,
		MaxPathLenZero:        true,
	}
	der, err := x509.CreateCertificate(rand.Reader, template, template, &key.PublicKey, key)
	if err != nil {
		return nil, fmt.Errorf("realpeers: CA certificate: %w", err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, fmt.Errorf("realpeers: %w", err)
	}
	ca := &CA{dir: dir, cert: cert, key: key, CertFile: filepath.Join(dir, "ca.pem"), KeyFile: filepath.Join(dir, "ca-key.pem")}
	if err := writePEM(ca.CertFile, "CERTIFICATE", der, 0o644); err != nil {
		return nil, err
	}
	if err := writeKey(ca.KeyFile, key); err != nil {
		return nil, err
	}
	return ca, nil
}

// Pool is a certificate pool holding only the CA: what a client of the run's servers trusts.
func (ca *CA) Pool() *x509.CertPool {
	pool := x509.NewCertPool()
	pool.AddCert(ca.cert)
	return pool
}

// ClientTLS is a TLS client configuration that trusts only the CA and expects serverName.
func (ca *CA) ClientTLS(serverName string) *tls.Config {
	return &tls.Config{RootCAs: ca.Pool(), ServerName: serverName, MinVersion: tls.VersionTLS12}
}

// Issue makes a server certificate for the given names, each a DNS name or an IP address
// ("localhost", "127.0.0.1"), and writes it to <name>.pem and <name>-key.pem in the CA's directory.
func (ca *CA) Issue(name string, hosts ...string) (ServerCert, error) {
	if name == "" || filepath.Base(name) != name {
		return ServerCert{}, fmt.Errorf("realpeers: %q is no file name", name)
	}
	if len(hosts) == 0 {
		return ServerCert{}, errors.New("realpeers: a server certificate needs at least one DNS name or IP address")
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return ServerCert{}, fmt.Errorf("realpeers: server key: %w", err)
	}
	now := time.Now()
	template := &x509.Certificate{
		SerialNumber: serialNumber(),
		Subject:      pkix.Name{CommonName: hosts[0]},
		NotBefore:    now.Add(-time.Minute),
		NotAfter:     now.Add(certLifetime),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	for _, h := range hosts {
		if ip := net.ParseIP(h); ip != nil {
			template.IPAddresses = append(template.IPAddresses, ip)
		} else {
			template.DNSNames = append(template.DNSNames, h)
		}
	}
	der, err := x509.CreateCertificate(rand.Reader, template, ca.cert, &key.PublicKey, ca.key)
	if err != nil {
		return ServerCert{}, fmt.Errorf("realpeers: server certificate: %w", err)
	}
	sc := ServerCert{CertFile: filepath.Join(ca.dir, name+".pem"), KeyFile: filepath.Join(ca.dir, name+"-key.pem")}
	if err := writePEM(sc.CertFile, "CERTIFICATE", der, 0o644); err != nil {
		return ServerCert{}, err
	}
	if err := writeKey(sc.KeyFile, key); err != nil {
		return ServerCert{}, err
	}
	return sc, nil
}

func serialNumber() *big.Int {
	n, _ := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127)) // never fails (crypto/rand)
	return n
}

func writeKey(path string, key *ecdsa.PrivateKey) error {
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return fmt.Errorf("realpeers: %w", err)
	}
	return writePEM(path, "PRIVATE KEY", der, 0o600)
}

func writePEM(path, kind string, der []byte, mode os.FileMode) error {
	data := pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der})
	if err := os.WriteFile(path, data, mode); err != nil {
		return fmt.Errorf("realpeers: %w", err)
	}
	return nil
}
