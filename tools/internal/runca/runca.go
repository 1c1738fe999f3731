// Package runca is a certificate authority made for one run of the system on one machine: the
// production rehearsal's internal TLS (each service's certificate, as cert-manager issues them in the
// cluster) and the certificates of the real peers it talks to (the mail relay), all for loopback
// names and addresses.
package runca

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"time"
)

// validity is how long the run's certificates hold: longer than any run.
const validity = 7 * 24 * time.Hour

// CA signs the run's certificates; its certificate is in CertFile.
type CA struct {
	dir      string
	cert     *x509.Certificate
	key      *ecdsa.PrivateKey
	CertFile string
}

// Pair is a server certificate and its key, as files.
type Pair struct {
	CertFile, KeyFile string
}

// New makes a CA in dir (created if needed): its certificate ca.crt and nothing else on disk.
func New(dir, name string) (*CA, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	template := &x509.Certificate{
		SerialNumber: serial(), Subject: pkix.Name{CommonName: name},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(validity),
		IsCA: true, BasicConstraintsValid: true, MaxPathLenZero: true,
		KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
	}
	der, err := x509.CreateCertificate(rand.Reader, template, template, &key.PublicKey, key)
	if err != nil {
		return nil, err
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, err
	}
	ca := &CA{dir: dir, cert: cert, key: key, CertFile: filepath.Join(dir, "ca.crt")}
	return ca, writePEM(ca.CertFile, "CERTIFICATE", der)
}

// Issue writes a server certificate for name (its common name and first DNS name) that also holds
// localhost, 127.0.0.1 and ::1, with its key, into dir/<name>/, and returns the files.
func (ca *CA) Issue(name string) (Pair, error) {
	dir := filepath.Join(ca.dir, name)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return Pair{}, err
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return Pair{}, err
	}
	template := &x509.Certificate{
		SerialNumber: serial(), Subject: pkix.Name{CommonName: name},
		DNSNames:    []string{name, "localhost"},
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback},
		NotBefore:   time.Now().Add(-time.Hour), NotAfter: time.Now().Add(validity),
		KeyUsage:    x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, template, ca.cert, &key.PublicKey, ca.key)
	if err != nil {
		return Pair{}, fmt.Errorf("certificate of %s: %w", name, err)
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return Pair{}, err
	}
	pair := Pair{CertFile: filepath.Join(dir, "tls.crt"), KeyFile: filepath.Join(dir, "tls.key")}
	if err := writePEM(pair.CertFile, "CERTIFICATE", der); err != nil {
		return Pair{}, err
	}
	return pair, writePEM(pair.KeyFile, "PRIVATE KEY", keyDER)
}

// Pool is a certificate pool that trusts the CA alone.
func (ca *CA) Pool() *x509.CertPool {
	pool := x509.NewCertPool()
	pool.AddCert(ca.cert)
	return pool
}

func writePEM(path, kind string, der []byte) error {
	return os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der}), 0o600)
}

// serial is a random 128-bit serial number, as RFC 5280 asks of a CA.
func serial() *big.Int {
	n, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 128))
	if err != nil {
		panic(err) // crypto/rand does not fail on Linux
	}
	return n
}
