// Package upstream is how the gateway reaches the services over HTTP: the subgraph fetches and the
// pages, links and downloads it forwards.
package upstream

import (
	"crypto/tls"
	"net"
	"net/http"
	"time"
)

// Timeout bounds the wait for a service's answer; a service that takes longer is unavailable.
const Timeout = 30 * time.Second

// NewTransport returns a transport for the services. Go's default transport keeps only two idle
// connections per host: under load (500 renters opening their confirmation links at once) the
// gateway then opens and closes a connection per request and leaves thousands of sockets in
// TIME_WAIT. The services are few, so plenty stay idle.
func NewTransport(tlsConfig *tls.Config) *http.Transport {
	return &http.Transport{
		Proxy: nil, // the services are on the internal network; a proxy from the environment must not apply
		DialContext: (&net.Dialer{
			Timeout:   5 * time.Second,
			KeepAlive: 30 * time.Second,
		}).DialContext,
		MaxIdleConns:          1024,
		MaxIdleConnsPerHost:   256,
		IdleConnTimeout:       90 * time.Second,
		ResponseHeaderTimeout: Timeout,
		TLSClientConfig:       tlsConfig,
	}
}
