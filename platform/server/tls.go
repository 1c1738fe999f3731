package server

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"
)

// InternalTLS reads the TLS settings of a service: the config of its servers (its certificate in
// certFile and keyFile) and the config its clients verify their peers with (the internal CA in
// caFile). Without settings both are nil and the service speaks plain HTTP and gRPC, which
// production refuses.
func InternalTLS(certFile, keyFile, caFile string, production bool) (serverTLS, clientTLS *tls.Config, err error) {
	if certFile == "" && keyFile == "" && caFile == "" {
		if production {
			return nil, nil, errors.New("PRODUCTION: TLS_CERT_FILE, TLS_KEY_FILE and TLS_CA_FILE are required: inside the cluster every call goes over TLS")
		}
		return nil, nil, nil
	}
	for _, f := range []string{certFile, keyFile, caFile} {
		if f == "" {
			return nil, nil, errors.New("TLS_CERT_FILE, TLS_KEY_FILE and TLS_CA_FILE go together: set all three or none")
		}
	}
	cert := &certificateFile{certFile: certFile, keyFile: keyFile}
	if _, err := cert.get(nil); err != nil {
		return nil, nil, err
	}
	clientTLS, err = ClientTLS(caFile)
	if err != nil {
		return nil, nil, err
	}
	return &tls.Config{MinVersion: tls.VersionTLS12, GetCertificate: cert.get}, clientTLS, nil
}

// ClientTLS returns the TLS config of a client that trusts only the internal CA in caFile.
func ClientTLS(caFile string) (*tls.Config, error) {
	pem, err := os.ReadFile(caFile)
	if err != nil {
		return nil, fmt.Errorf("TLS_CA_FILE: %w", err)
	}
	roots := x509.NewCertPool()
	if !roots.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("TLS_CA_FILE %s holds no PEM certificate", caFile)
	}
	return &tls.Config{MinVersion: tls.VersionTLS12, RootCAs: roots}, nil
}

// certificateFile is a server certificate that is read again when its file changes: the
// certificate manager renews it in place, and the service keeps running.
type certificateFile struct {
	certFile, keyFile string

	mu       sync.Mutex
	cert     *tls.Certificate
	modified time.Time
}

func (c *certificateFile) get(*tls.ClientHelloInfo) (*tls.Certificate, error) {
	info, err := os.Stat(c.certFile)
	if err != nil {
		return nil, fmt.Errorf("TLS_CERT_FILE: %w", err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cert != nil && info.ModTime().Equal(c.modified) {
		return c.cert, nil
	}
	cert, err := tls.LoadX509KeyPair(c.certFile, c.keyFile)
	if err != nil {
		return nil, fmt.Errorf("TLS_CERT_FILE/TLS_KEY_FILE: %w", err)
	}
	c.cert, c.modified = &cert, info.ModTime()
	return c.cert, nil
}
