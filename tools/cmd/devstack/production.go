package main

import (
	"crypto/tls"
	"net/http"

	"semesterhaus/tools/internal/runca"
)

// With -production devstack starts every process as deploy/overlays/prod configures it, on one
// machine: PRODUCTION=true everywhere, so every local default is refused (the sandboxes, their
// built-in webhook secrets, the admin/admin account, plain mail, plain calls inside); TLS inside from
// a CA made for the run, each service with a certificate of its own as cert-manager issues them in
// the cluster, the gateway trusting only that CA; no mail catcher. The partners' settings
// (SIGNING_*, DOCUSIGN_*, PAYMENT_*, STRIPE_*, SMTP_*, MAIL_FROM, OIDC_*, ADMIN_ACCOUNTS) and the
// public address in front of the gateway (PUBLIC_URL, the Ingress's) come from devstack's own
// environment, as the overlay's ConfigMaps and Secrets give them: the production rehearsal points
// them at the partners' real software on loopback.

// internalTLS is the run's CA and each service's certificate.
type internalTLS struct {
	ca    *runca.CA
	pairs map[string]runca.Pair // service name -> its certificate
}

// makeInternalTLS makes a new CA in dir and a certificate for each service, at every start.
func makeInternalTLS(dir string, running []service) (*internalTLS, error) {
	ca, err := runca.New(dir, "Semesterhaus internal CA (devstack -production)")
	if err != nil {
		return nil, err
	}
	t := &internalTLS{ca: ca, pairs: map[string]runca.Pair{}}
	for _, svc := range running {
		if t.pairs[svc.name], err = ca.Issue(svc.name); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// addServiceSettings gives a service production's settings: its certificate, the CA it verifies its
// peers with, and PRODUCTION.
func (t *internalTLS) addServiceSettings(env map[string]string, name string) {
	env["PRODUCTION"] = "true"
	env["TLS_CERT_FILE"] = t.pairs[name].CertFile
	env["TLS_KEY_FILE"] = t.pairs[name].KeyFile
	env["TLS_CA_FILE"] = t.ca.CertFile
}

// addGatewaySettings gives the gateway production's settings: the CA of the services' certificates
// and PRODUCTION; like the overlay's gateway, it serves plain HTTP itself (TLS ends at the Ingress).
func (t *internalTLS) addGatewaySettings(env map[string]string) {
	env["PRODUCTION"] = "true"
	env["TLS_CA_FILE"] = t.ca.CertFile
}

// scheme is how the gateway and devstack reach the services: https with -production.
func (s *stack) scheme() string {
	if s.production {
		return "https"
	}
	return "http"
}

// readyClient asks the services whether they are ready: over TLS verified with the run's CA with
// -production.
func (s *stack) readyClient() *http.Client {
	if !s.production {
		return http.DefaultClient
	}
	return &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: s.tls.ca.Pool(), MinVersion: tls.VersionTLS12}}}
}
